import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared

extension SessionHistory: Presentable {
    package func text(for viewer: Viewer) -> String {
        var lines = [
            TrainingPhrases.historyTitle.t(["id": id.short, "client": clientName, "count": revisions.count])
        ]
        var previous: TrainingSession?
        for revision in revisions {
            let session = Self.session(revision)
            let role = revision.byRole == .coach ? TrainingPhrases.roleCoach.t() : TrainingPhrases.roleClient.t()
            let who = revision.by == me ? TrainingPhrases.historyByYou.t() : "\(revision.byName) (\(role))"
            let values: [String: any Sendable] = [
                "revision": revision.revision, "when": EventFormatting.local(revision.at), "who": who,
            ]
            lines.append(
                (previous == nil ? TrainingPhrases.historyRecordedBy : TrainingPhrases.historyCorrectedBy).t(values))
            if let previous, let session {
                lines += Self.changes(from: previous, to: session).map { "  " + $0 }
            } else if let session {
                lines += session.exercises.map { "  \($0.name): \(Self.sets($0))" }
                if let notes = session.notes {
                    lines.append("  " + TrainingPhrases.historyNotes.t(["notes": notes]))
                }
            }
            previous = session ?? previous
        }
        return lines.joined(separator: "\n")
    }

    /// What a revision changed: sets per exercise (added, removed, changed), then the notes and the times.
    static func changes(from old: TrainingSession, to new: TrainingSession) -> [String] {
        var lines: [String] = []
        let before = old.exercises, after = new.exercises
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
        if old.notes != new.notes {
            lines.append(
                new.notes.map { TrainingPhrases.historyNotes.t(["notes": $0]) }
                    ?? TrainingPhrases.historyNotesRemoved.t())
        }
        if old.start != new.start {
            lines.append(TrainingPhrases.historyStart.t(["when": EventFormatting.local(new.start)]))
        }
        if old.end != new.end {
            let when = new.end.map { EventFormatting.local($0) } ?? TrainingPhrases.noneOfThem.t()
            lines.append(TrainingPhrases.historyEnd.t(["when": when]))
        }
        if old.paused != new.paused {
            lines.append(TrainingPhrases.historyPaused.t(["time": SessionWording.clock(new.paused ?? 0)]))
        }
        return lines.isEmpty ? [TrainingPhrases.historyNoChange.t()] : lines
    }
}

extension SessionComment: Presentable {
    package func text(for viewer: Viewer) -> String {
        let day = sessionStart.map { TrainingPhrases.commentDay.t(["when": EventFormatting.local($0)]) } ?? ""
        let values: [String: any Sendable] = ["day": day, "to": message.to]
        return message.sent ? TrainingPhrases.commentSent.t(values) : TrainingPhrases.commentQueuedFor.t(values)
    }
}
