import Foundation
import GorillaShared

/// Sessions' numbers and words in the current language: weights, distances and stopwatch times (`62,5` and `1:05,3`
/// in Catalan and Spanish, ``Numbers`` as it is in English), the way a session was recorded and the types of sets.
enum SessionWording {
    static func plain(_ value: Double) -> String {
        localized(Numbers.plain(value))
    }

    /// A set's time, a rest, a stopwatch or (`roundingUp`) a countdown: "0:45", "1:30" (``Numbers/clock(_:roundingUp:)``).
    static func clock(_ seconds: Double, roundingUp: Bool = false) -> String {
        Numbers.clock(seconds, roundingUp: roundingUp)
    }

    private static func localized(_ text: String) -> String {
        let separator = Language.current.decimalSeparator
        return separator == "." ? text : text.replacingOccurrences(of: ".", with: separator)
    }

    /// "realtime", "handsfree" as the current language names the way a session was recorded.
    static func mode(_ mode: SessionMode) -> String {
        switch mode {
        case .realtime: TrainingPhrases.modeRealTime.t()
        case .handsfree: TrainingPhrases.modeHandsFree.t()
        }
    }

    /// "Warmup", "Escalfament", "Calentamiento": a set's type as the current language names it.
    static func title(of type: SetType) -> String {
        switch type {
        case .normal: TrainingPhrases.setTypeNormal.t()
        case .warmup: TrainingPhrases.setTypeWarmup.t()
        case .drop: TrainingPhrases.setTypeDrop.t()
        case .failure: TrainingPhrases.setTypeFailure.t()
        }
    }
}

extension SessionTotals {
    /// "1200 kg", "80 lb", or "0"; sets entered in both units are added in `unit` ("1236.29 kg").
    func volumeText(in unit: WeightUnit) -> String {
        switch volume.count {
        case 0: "0"
        case 1: volume.first.map { "\(SessionWording.plain($0.value)) \($0.key.rawValue)" } ?? "0"
        default: "\(SessionWording.plain(volume(in: unit))) \(unit.rawValue)"
        }
    }
}

extension SessionSaved {
    package func text(for viewer: Viewer) -> String {
        let totals = SessionTotals(exercises)
        let counts: [String: any Sendable] = [
            "client": clientName, "exercises": exercises.count, "sets": totals.sets, "id": id.short,
        ]
        switch way {
        case .logged(let start):
            return TrainingPhrases.savedLogged.t(counts.merging(["when": EventFormatting.local(start)]) { $1 })
        case .trained:
            return TrainingPhrases.savedTrained.t(counts.merging(["reps": totals.reps]) { $1 })
        case .corrected(changed: false):
            return TrainingPhrases.savedUnchanged.t(counts)
        case .corrected(changed: true):
            let revision =
                session?.revision.map { TrainingPhrases.savedNowRevision.t(["revision": $0]) } ?? ""
            let when =
                session.map { TrainingPhrases.savedOnDay.t(["when": EventFormatting.local($0.start)]) } ?? ""
            return TrainingPhrases.savedCorrected.t(counts.merging(["when": when, "revision": revision]) { $1 })
        }
    }

    package func notes(for viewer: Viewer) -> [String] {
        matched.map { TrainingPhrases.logMatched.t(["typed": $0.typed, "name": $0.name]) }
            + (eventAlreadyDone.map { [TrainingPhrases.noteWarning.t(["text": $0])] } ?? [])
            + unknownExercises.map { TrainingPhrases.noteUnknownExercise.t(["name": $0]) }
    }
}

extension SessionList {
    package func text(for viewer: Viewer) -> String {
        guard !sessions.isEmpty else {
            return narrowed
                ? TrainingPhrases.listEmptyRange.t()
                : viewer.keepsClients ? TrainingPhrases.listEmptyCoach.t() : TrainingPhrases.listEmptyClient.t()
        }
        let rows = sessions.map { row -> [String] in
            let totals = row.totals
            let mode = SessionWording.mode(row.session.mode)
            return [
                EventFormatting.local(row.session.start), row.clientName,
                row.recordedBy == .client ? TrainingPhrases.listSelfLogged.t(["mode": mode]) : mode,
                row.trainingName ?? "",
                "\(row.exercises.count)", "\(totals.sets)",
                totals.volumeText(in: viewer.unit), row.session.id.short,
            ]
        }
        let headers: [TrainingPhrases] = [
            .headerWhen, .headerClient, .headerMode, .headerTraining, .headerExercises, .headerSets, .headerVolume,
            .headerID,
        ]
        return Table(headers.map { $0.t() }, rows).render()
    }
}

extension SessionDetail {
    package func text(for viewer: Viewer) -> String {
        let totals = totals
        var when = EventFormatting.local(session.start)
        if let end = session.end {
            when +=
                " – " + EventFormatting.local(end).suffix(5) + " ("
                + SessionWording.length(end.timeIntervalSince(session.start))
            let paused = session.paused ?? 0
            when += paused > 0 ? TrainingPhrases.detailPaused.t(["time": SessionWording.clock(paused)]) + ")" : ")"
        }
        // The labels in one column, as wide as the widest in this language ("recorded: " in English).
        let labels: [TrainingPhrases] = [
            .labelClient, .labelWhen, .labelRecorded, .labelRevision, .labelTraining, .labelEvent, .labelNotes,
            .labelTotals,
        ]
        let width = labels.map { $0.t().count }.max()! + 1
        func label(_ phrase: TrainingPhrases, _ value: String) -> String {
            phrase.t().padding(toLength: width, withPad: " ", startingAt: 0) + value
        }
        var lines = [
            TrainingPhrases.detailSession.t([
                "id": session.id.key, "mode": SessionWording.mode(session.mode),
            ]),
            label(.labelClient, clientName ?? "?"),
            label(.labelWhen, when),
        ]
        if session.recordedBy == .client { lines.append(label(.labelRecorded, TrainingPhrases.detailSelfLogged.t())) }
        if let revision = session.revision, revision > 1 {
            lines.append(
                label(.labelRevision, TrainingPhrases.detailRevision.t(["revision": revision, "id": session.id.short])))
        }
        if let trainingName { lines.append(label(.labelTraining, trainingName)) }
        if let event = session.event { lines.append(label(.labelEvent, String(event.key.suffix(8)))) }
        if let text = session.notes { lines.append(label(.labelNotes, text)) }
        let typeWidth = SetType.allCases.map { SessionWording.title(of: $0).count }.max()! + 1
        for (index, exercise) in exercises.enumerated() {
            lines.append("\(index + 1). \(exercise.name)")
            let count = exercise.exercise.flatMap { counts[$0] } ?? .reps
            for (number, set) in exercise.sets.enumerated() {
                let type = SessionWording.title(of: set.type).padding(toLength: typeWidth, withPad: " ", startingAt: 0)
                var line = "   \(number + 1). \(type) " + SessionWording.set(set, count: count)
                if let duration = set.duration, CountMode.reading(set, as: count) == .reps {
                    line += "  \(SessionWording.clock(duration))"
                }
                if let rest = set.rest, rest > 0 {
                    line += "  " + TrainingPhrases.detailRest.t(["time": SessionWording.clock(rest)])
                }
                if let times = set.repTimes, !times.isEmpty {
                    let seconds = times.map { SessionWording.plain(PerformedExercise.rounded($0)) }
                    line += "  " + TrainingPhrases.detailRepsAt.t(["times": seconds.joined(separator: ", ")])
                }
                lines.append(line)
            }
        }
        lines.append(
            label(
                .labelTotals,
                TrainingPhrases.detailTotals.t([
                    "sets": totals.sets, "reps": totals.reps, "volume": totals.volumeText(in: viewer.unit),
                    "tension": SessionWording.clock(totals.tension),
                ])))
        if !comments.isEmpty {
            lines.append(TrainingPhrases.labelComments.t())
            for comment in comments {
                let when = comment.sent.map { EventFormatting.local($0) } ?? TrainingPhrases.commentQueued.t()
                let text = comment.text.replacingOccurrences(of: "\n", with: "\n    ")
                lines.append("  [\(when)] \(comment.author): \(text)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension SessionRemoval {
    package func text(for viewer: Viewer) -> String {
        TrainingPhrases.sessionDeleted.t(["id": session.id.short])
    }
}

extension SessionExport {
    package func text(for viewer: Viewer) -> String { content }

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

/// CSV cells (RFC 4180): quoted when they hold a comma, a quote or a newline.
enum CSV {
    static func field(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}

extension TrainingEnd {
    package func text(for viewer: Viewer) -> String {
        switch self {
        case .unfinished: TrainingPhrases.endUnfinished.t()
        case .discarded: TrainingPhrases.endDiscarded.t()
        case .continuedElsewhere(let elsewhere): Self.continuedText(elsewhere)
        case .empty: TrainingPhrases.endEmpty.t()
        case .saved(let session): session.text(for: viewer)
        }
    }

    package func notes(for viewer: Viewer) -> [String] {
        if case .saved(let session) = self { session.notes(for: viewer) } else { [] }
    }

    /// "This session continues on 'Ada's tablet' since 2026-11-22 10:42; …".
    static func continuedText(_ elsewhere: ContinuedElsewhere) -> String {
        let since = elsewhere.since.map { TrainingPhrases.endSince.t(["when": EventFormatting.local($0)]) } ?? ""
        let values: [String: any Sendable] = ["device": elsewhere.device, "since": since]
        if elsewhere.discarded { return TrainingPhrases.endDiscardedElsewhere.t(values) }
        return elsewhere.finished
            ? TrainingPhrases.endFinishedElsewhere.t(values) : TrainingPhrases.endContinuesElsewhere.t(values)
    }
}
