import Foundation
import GorillaShared

extension SessionTotals {
    /// "1200 kg", "80 lb", or "0"; sets entered in both units are added in `unit` ("1236.29 kg").
    func volumeText(in unit: WeightUnit) -> String {
        switch volume.count {
        case 0: "0"
        case 1: volume.first.map { "\(Numbers.plain($0.value)) \($0.key.rawValue)" } ?? "0"
        default: "\(Numbers.plain(volume(in: unit))) \(unit.rawValue)"
        }
    }
}

/// "1 exercise", "3 sets".
private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension SessionSaved {
    public func text(for viewer: Viewer) -> String {
        let totals = SessionTotals(exercises)
        switch way {
        case .logged(let start):
            return "Logged a session of \(clientName) on \(EventFormatting.local(start)): "
                + "\(counted(exercises.count, "exercise")), \(counted(totals.sets, "set")) (\(id.short))."
        case .trained:
            return "Saved the session of \(clientName): \(counted(exercises.count, "exercise")), "
                + "\(counted(totals.sets, "set")), \(totals.reps) reps (\(id.short))."
        case .corrected(changed: false):
            return "Nothing to correct in the session of \(clientName) (\(id.short)): it already holds that."
        case .corrected(changed: true):
            let revision = entity?.fields["revision"]?.intValue.map { ", now revision \($0)" } ?? ""
            let when = entity?[string: "start"].map { " on \(EventFormatting.local($0))" } ?? ""
            return "Corrected the session of \(clientName)\(when): \(counted(exercises.count, "exercise")), "
                + "\(counted(totals.sets, "set"))\(revision) (\(id.short))."
        }
    }

    public func notes(for viewer: Viewer) -> [String] {
        (eventAlreadyDone.map { ["warning: \($0)"] } ?? [])
            + unknownExercises.map { "note: '\($0)' is not in your exercises; kept by name only" }
    }
}

extension SessionList {
    public func text(for viewer: Viewer) -> String {
        guard !sessions.isEmpty else {
            return narrowed
                ? "No sessions in that range."
                : viewer.role == .coach
                    ? "No sessions yet. Record one with: gorilla train --client C, "
                        + "or gorilla sessions log --client C --set \"EXERCISE: 12x80kg\""
                    : "No sessions yet. Record one with: gorilla train --free, "
                        + "or gorilla sessions log --set \"EXERCISE: 12x80kg\""
        }
        let rows = sessions.map { row -> [String] in
            let totals = row.totals
            let mode = row.session[string: "mode"] ?? ""
            return [
                EventFormatting.local(row.session[string: "start"] ?? ""), row.clientName,
                row.recordedBy == .client ? "\(mode), self-logged" : mode, row.trainingName ?? "",
                "\(row.exercises.count)", "\(totals.sets)",
                totals.volumeText(in: viewer.unit), row.session.id.short,
            ]
        }
        return Table(["WHEN", "CLIENT", "MODE", "TRAINING", "EXERCISES", "SETS", "VOLUME", "ID"], rows).render()
    }
}

extension SessionDetail {
    public func text(for viewer: Viewer) -> String {
        let totals = totals
        var when = EventFormatting.local(session[string: "start"] ?? "")
        if let start = session[string: "start"].flatMap(ISOTime.parse),
            let end = session[string: "end"].flatMap(ISOTime.parse)
        {
            when +=
                " – " + EventFormatting.local(end).suffix(5)
                + " (\(Int((end.timeIntervalSince(start) / 60).rounded())) min"
            let paused = session.fields["paused"]?.doubleValue ?? 0
            when += paused > 0 ? ", paused \(Numbers.clock(paused)))" : ")"
        }
        var lines = [
            "session \(session.id.key)  (\(session[string: "mode"] ?? ""))",
            "client:   \(clientName ?? "?")",
            "when:     \(when)",
        ]
        if session.recordedBy == .client { lines.append("recorded: self-logged by the client") }
        if let revision = session.fields["revision"]?.intValue, revision > 1 {
            lines.append("revision: \(revision) (earlier ones: gorilla sessions show \(session.id.short) --history)")
        }
        if let trainingName { lines.append("training: \(trainingName)") }
        if let event = session[string: "event"] { lines.append("event:    \(event.suffix(8))") }
        if let text = session[string: "notes"] { lines.append("notes:    \(text)") }
        for (index, exercise) in exercises.enumerated() {
            lines.append("\(index + 1). \(exercise.name)")
            for (number, set) in exercise.sets.enumerated() {
                let type = set.type.title.padding(toLength: 8, withPad: " ", startingAt: 0)
                var line =
                    "   \(number + 1). \(type) "
                    + (set.distance.map { "\(Numbers.plain($0)) m" }
                        ?? "\(set.reps) x \(Numbers.plain(set.weight)) \(set.unit.rawValue)")
                if let duration = set.duration { line += "  \(Numbers.clock(duration))" }
                if let rest = set.rest, rest > 0 { line += "  rest \(Numbers.clock(rest))" }
                if let times = set.repTimes, !times.isEmpty {
                    line +=
                        "  reps at "
                        + times.map { Numbers.plain(PerformedExercise.rounded($0)) }.joined(separator: ", ") + " s"
                }
                lines.append(line)
            }
        }
        lines.append(
            "totals:   \(totals.sets) sets, \(totals.reps) reps, volume \(totals.volumeText(in: viewer.unit)), "
                + "time under tension \(Numbers.clock(totals.tension))")
        if !comments.isEmpty {
            lines.append("comments:")
            for comment in comments {
                let when = comment.message[string: "sent"].map { EventFormatting.local($0) } ?? "queued"
                let text = (comment.message[string: "text"] ?? "").replacingOccurrences(of: "\n", with: "\n    ")
                lines.append("  [\(when)] \(comment.author): \(text)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension SessionRemoval {
    public func text(for viewer: Viewer) -> String {
        "Deleted session \(session.id.short)."
    }
}

extension SessionExport {
    public func text(for viewer: Viewer) -> String { content }

    /// The exported session: a plain-text sheet, CSV with one row per set, or the session's JSON.
    public var content: String {
        switch format {
        case .txt: sheet
        case .csv: table
        case .json: String(decoding: (try? WireCoding.encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self)
        }
    }

    /// The session on paper: the training and client, when it ran (start – end), its notes, then each exercise's sets.
    private var sheet: String {
        let title = (trainingName ?? "Training session") + " — " + clientName
        var lines = [title, Self.span(start: session[string: "start"], end: session[string: "end"])]
        if let notes = session[string: "notes"], !notes.isEmpty {
            lines.append("Notes: " + notes.replacingOccurrences(of: "\n", with: "\n       "))
        }
        lines.append("")
        for exercise in exercises {
            lines.append(exercise.name)
            for set in exercise.sets {
                lines.append(
                    "\(set.type.title) "
                        + (set.distance.map { "\(Numbers.plain($0)) m" }
                            ?? "\(set.reps) x \(Numbers.plain(set.weight)) \(set.unit.rawValue)")
                        + (set.duration.map { " (\(Numbers.plain(PerformedExercise.rounded($0))) s)" } ?? ""))
            }
            lines.append("")
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// "2026-11-22 10:00 – 10:45" (the end's day too when it differs), local; just the start without an end.
    static func span(start: String?, end: String?) -> String {
        let from = EventFormatting.local(start ?? "")
        guard let end, ISOTime.parse(end) != nil else { return from }
        let to = EventFormatting.local(end)
        return from + " – " + (to.prefix(10) == from.prefix(10) ? String(to.suffix(5)) : to)
    }

    /// The columns of the CSV export, one row per set.
    public static let csvColumns = [
        "date", "client", "exercise", "set", "type", "reps", "weight", "unit", "duration", "rest", "rep_times",
        "distance",
    ]

    /// One row per set: the session's start in this device's time zone with its offset, the client, the exercise,
    /// the set's number, type, reps, weight and unit, its duration and rest in seconds, the times of its reps (seconds
    /// from the set's start, space-separated) and its distance in metres.
    private var table: String {
        let date = session[string: "start"].flatMap(ISOTime.parse).map { EventFormatting.localISO($0) } ?? ""
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

/// CSV cells (RFC 4180): quoted when they hold a comma, a quote or a newline.
enum CSV {
    static func field(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}

extension TrainingEnd {
    public func text(for viewer: Viewer) -> String {
        switch self {
        case .unfinished: "Session kept; continue it here or on another of your devices with: gorilla train --resume"
        case .discarded: "Session discarded."
        case .continuedElsewhere(let elsewhere): Self.continuedText(elsewhere)
        case .empty: "Nothing recorded; no session saved."
        case .saved(let session): session.text(for: viewer)
        }
    }

    public func notes(for viewer: Viewer) -> [String] {
        if case .saved(let session) = self { session.notes(for: viewer) } else { [] }
    }

    /// "This session continues on 'Ada's tablet' since 2026-11-22 10:42; …".
    static func continuedText(_ elsewhere: ContinuedElsewhere) -> String {
        let since = elsewhere.since.map { " since \(EventFormatting.local($0))" } ?? ""
        if elsewhere.finished {
            return "This session continued on '\(elsewhere.device)'\(since) and was finished there; "
                + "this device's copy was dropped."
        }
        return "This session continues on '\(elsewhere.device)'\(since); this device's copy was dropped. "
            + "To move it back here: gorilla train --resume"
    }
}
