import Foundation
import GorillaShared

extension SessionHistory {
    public func text(for viewer: Viewer) -> String {
        var lines = [
            TrainingPhrases.historyTitle.t(["id": id.short, "client": clientName, "count": revisions.count])
        ]
        var previous: [String: JSONValue]?
        for revision in revisions {
            let document = revision.document.objectValue ?? [:]
            let role = revision.byRole == .coach ? TrainingPhrases.roleCoach.t() : TrainingPhrases.roleClient.t()
            let who = revision.by == me ? TrainingPhrases.historyByYou.t() : "\(revision.byName) (\(role))"
            let values: [String: any Sendable] = [
                "revision": revision.revision, "when": EventFormatting.local(revision.at), "who": who,
            ]
            lines.append(
                (previous == nil ? TrainingPhrases.historyRecordedBy : TrainingPhrases.historyCorrectedBy).t(values))
            if let previous {
                lines += Self.changes(from: previous, to: document).map { "  " + $0 }
            } else {
                lines += Self.exercises(in: document).map { "  \($0.name): \(Self.sets($0))" }
                if let notes = document["notes"]?.stringValue {
                    lines.append("  " + TrainingPhrases.historyNotes.t(["notes": notes]))
                }
            }
            previous = document
        }
        return lines.joined(separator: "\n")
    }

    static func exercises(in document: [String: JSONValue]) -> [PerformedExercise] {
        (document["exercises"]?.arrayValue ?? []).map(PerformedExercise.init(document:))
    }

    /// An exercise's sets as `--set` takes them: `12x80kg, 10x85kg` (`12x82,5kg` in Catalan and Spanish).
    static func sets(_ exercise: PerformedExercise) -> String {
        guard !exercise.sets.isEmpty else { return TrainingPhrases.historyNoSets.t() }
        return exercise.sets.map { SetParser.text(of: $0, in: .current) }.joined(separator: ", ")
    }

    /// What a revision changed: sets per exercise (added, removed, changed), then the notes and the times.
    static func changes(from old: [String: JSONValue], to new: [String: JSONValue]) -> [String] {
        var lines: [String] = []
        let before = exercises(in: old), after = exercises(in: new)
        for exercise in after {
            guard let earlier = before.first(where: { SessionService.same($0, exercise) }) else {
                lines.append("+ \(exercise.name): \(sets(exercise))")
                continue
            }
            if earlier.sets != exercise.sets {
                lines.append("\(exercise.name): \(sets(earlier)) → \(sets(exercise))")
            }
        }
        for exercise in before where !after.contains(where: { SessionService.same($0, exercise) }) {
            lines.append("− \(exercise.name) (\(sets(exercise)))")
        }
        if old["notes"] != new["notes"] {
            lines.append(
                new["notes"]?.stringValue.map { TrainingPhrases.historyNotes.t(["notes": $0]) }
                    ?? TrainingPhrases.historyNotesRemoved.t())
        }
        for (field, phrase) in [("start", TrainingPhrases.historyStart), ("end", .historyEnd)]
        where old[field] != new[field] {
            let when = new[field]?.stringValue.map { EventFormatting.local($0) } ?? TrainingPhrases.noneOfThem.t()
            lines.append(phrase.t(["when": when]))
        }
        if old["paused"] != new["paused"] {
            lines.append(
                TrainingPhrases.historyPaused.t(["time": SessionWording.clock(new["paused"]?.doubleValue ?? 0)]))
        }
        return lines.isEmpty ? [TrainingPhrases.historyNoChange.t()] : lines
    }
}

extension SessionComment {
    public func text(for viewer: Viewer) -> String {
        let day = sessionStart.map { TrainingPhrases.commentDay.t(["when": EventFormatting.local($0)]) } ?? ""
        let values: [String: any Sendable] = ["day": day, "to": message.to]
        return message.sent ? TrainingPhrases.commentSent.t(values) : TrainingPhrases.commentQueuedFor.t(values)
    }
}
