import Foundation
import GorillaShared

extension SessionHistory {
    public func text(for viewer: Viewer) -> String {
        var lines = [
            "Session \(id.short) of \(clientName): \(revisions.count) revision\(revisions.count == 1 ? "" : "s")"
        ]
        var previous: [String: JSONValue]?
        for revision in revisions {
            let document = revision.document.objectValue ?? [:]
            let who = revision.by == me ? "you" : "\(revision.byName) (\(revision.byRole.rawValue))"
            let when = EventFormatting.local(revision.at)
            lines.append(
                "revision \(revision.revision)  \(when)  \(previous == nil ? "recorded" : "corrected") by \(who)")
            if let previous {
                lines += Self.changes(from: previous, to: document).map { "  " + $0 }
            } else {
                lines += Self.exercises(in: document).map { "  \($0.name): \(Self.sets($0))" }
                if let notes = document["notes"]?.stringValue { lines.append("  notes: \(notes)") }
            }
            previous = document
        }
        return lines.joined(separator: "\n")
    }

    static func exercises(in document: [String: JSONValue]) -> [PerformedExercise] {
        (document["exercises"]?.arrayValue ?? []).map(PerformedExercise.init(document:))
    }

    /// An exercise's sets as `--set` takes them: `12x80kg, 10x85kg`.
    static func sets(_ exercise: PerformedExercise) -> String {
        exercise.sets.isEmpty ? "no sets" : exercise.sets.map(SetParser.text(of:)).joined(separator: ", ")
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
            lines.append(new["notes"]?.stringValue.map { "notes: \($0)" } ?? "notes removed")
        }
        for field in ["start", "end"] where old[field] != new[field] {
            lines.append("\(field): " + (new[field]?.stringValue.map { EventFormatting.local($0) } ?? "none"))
        }
        if old["paused"] != new["paused"] {
            lines.append("paused: \(Numbers.clock(new["paused"]?.doubleValue ?? 0))")
        }
        return lines.isEmpty ? ["(no visible change)"] : lines
    }
}

extension SessionComment {
    public func text(for viewer: Viewer) -> String {
        let day = sessionStart.map { " of " + EventFormatting.local($0) } ?? ""
        return message.sent
            ? "Commented on the session\(day); sent to \(message.to)."
            : "Comment on the session\(day) queued for \(message.to); it is sent on the next sync."
    }
}
