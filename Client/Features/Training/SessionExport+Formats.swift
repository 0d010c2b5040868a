import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension SessionExport {
    /// The exported session: a plain-text sheet, CSV with one row per set, or the session's JSON.
    package var content: String {
        switch format {
        case .txt: sheet
        case .csv: table
        case .json: String(decoding: (try? WireCoding.encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self)
        }
    }

    /// The session on paper: the training and client, when it ran (start – end), its notes, then each exercise's sets.
    private var sheet: String {
        let title = (trainingName ?? TrainingPhrases.exportTitle.t()) + " — " + clientName
        var lines = [title, Self.span(start: session.start, end: session.end)]
        if let notes = session.notes, !notes.isEmpty {
            let label = TrainingPhrases.exportNotes.t()
            let indent = "\n" + String(repeating: " ", count: label.count)
            lines.append(label + notes.replacingOccurrences(of: "\n", with: indent))
        }
        lines.append("")
        for exercise in exercises {
            lines.append(exercise.name)
            let count = exercise.exercise.flatMap { counts[$0] } ?? .reps
            for set in exercise.sets {
                let time = set.duration.map { " (\(SessionWording.clock($0)))" } ?? ""
                lines.append(
                    "\(SessionWording.title(of: set.type)) " + SessionWording.set(set, count: count)
                        + (CountMode.reading(set, as: count) == .reps ? time : ""))
            }
            lines.append("")
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// "2026-11-22 10:00 – 10:45" (the end's day too when it differs), local; just the start without an end.
    static func span(start: Date, end: Date?) -> String {
        let from = EventFormatting.local(start)
        guard let end else { return from }
        let to = EventFormatting.local(end)
        return from + " – " + (to.prefix(10) == from.prefix(10) ? String(to.suffix(5)) : to)
    }

    /// The columns of the CSV export, one row per set.
    package static let csvColumns = [
        "date", "client", "exercise", "set", "type", "reps", "weight", "unit", "duration", "rest", "rep_times",
        "distance",
    ]

    /// One row per set: the session's start in this device's time zone with its offset, the client, the exercise,
    /// the set's number, type, reps, weight and unit, its duration and rest in seconds, the times of its reps (seconds
    /// from the set's start, space-separated) and its distance in metres.
    private var table: String {
        let date = EventFormatting.localISO(session.start)
        var lines = [Self.csvColumns.joined(separator: ",")]
        lines += Self.csvRows(exercises, prefix: [date, clientName]).map { $0.joined(separator: ",") }
        return lines.joined(separator: "\n")
    }

    /// The CSV cells of every set of `exercises` (from `exercise` on), each row after the cells of `prefix`; every
    /// cell quoted where it must be.
    static func csvRows(_ exercises: [PerformedExercise], prefix: [String]) -> [[String]] {
        func seconds(_ value: Double) -> String { Numbers.plain(PerformedExercise.rounded(value)) }
        var rows: [[String]] = []
        for exercise in exercises {
            for (index, set) in exercise.sets.enumerated() {
                rows.append(
                    prefix.map(CSV.field) + [
                        CSV.field(exercise.name), "\(index + 1)", set.type.rawValue, "\(set.reps)",
                        Numbers.plain(set.weight), set.unit.rawValue, set.duration.map(seconds) ?? "",
                        set.rest.map(seconds) ?? "", (set.repTimes ?? []).map(seconds).joined(separator: " "),
                        set.distance.map(Numbers.plain) ?? "",
                    ])
            }
        }
        return rows
    }
}
