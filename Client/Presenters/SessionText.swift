import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

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

extension SessionSaved: Presentable {
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

extension SessionList: Presentable {
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
                row.session.recorder.map { TrainingPhrases.listRecordedBy.t(["mode": mode, "who": $0]) }
                    ?? (row.recordedBy == .client ? TrainingPhrases.listSelfLogged.t(["mode": mode]) : mode),
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

extension SessionDetail: Presentable {
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
        if let recorder = session.recorder {
            lines.append(label(.labelRecorded, TrainingPhrases.detailRecordedBy.t(["who": recorder])))
        }
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

extension SessionRemoval: Presentable {
    package func text(for viewer: Viewer) -> String {
        TrainingPhrases.sessionDeleted.t(["id": session.id.short])
    }
}

extension SessionExport: Presentable {
    package func text(for viewer: Viewer) -> String { content }
}

extension TrainingEnd: Presentable {
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
