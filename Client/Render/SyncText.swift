import Foundation
import GorillaShared

extension SyncSummary {
    public func text(for viewer: Viewer) -> String {
        var lines = ["Pushed \(pushed) change\(pushed == 1 ? "" : "s"), pulled \(pulled)."]
        lines += rejected.map { "Refused: \($0)" }
        lines += overwritten.map { "Conflict: \($0)" }
        lines += codes
        return lines.joined(separator: "\n")
    }
}

extension ConflictList {
    public func text(for viewer: Viewer) -> String {
        guard !conflicts.isEmpty else { return "No conflicts." }
        let rows = conflicts.map { conflict in
            let when = EventFormatting.local(conflict.at)
            let (phrase, _, _) = SyncReport.words(for: conflict.field ?? "", of: conflict.kind)
            let device = conflict.device.map { "\($0): " } ?? ""
            let mine = conflict.side == "other" ? "now: " : ""
            return [
                String(conflict.id.suffix(8)), when, "\(conflict.labelled(quoted: false)): \(phrase)",
                mine + (conflict.yours ?? ""), device + (conflict.theirs ?? ""),
            ]
        }
        return Table(["ID", "WHEN", "WHAT", "YOURS", "THEIRS"], rows).render()
            + "\n\ngorilla sync --restore ID brings back the value that was replaced."
    }
}

extension ConflictRestore {
    public func text(for viewer: Viewer) -> String {
        let field = SyncReport.words(for: conflict.field ?? "", of: conflict.kind).phrase
        let what = "the \(field) of \(conflict.labelled(quoted: true))"
        switch outcome {
        case .restored: return "Restored \(what): \(restored)."
        case .unchanged: return "Nothing to restore: \(what) is already \(restored)."
        case .refused: return "The server refused to restore \(what) (see the note)."
        }
    }
}

extension SyncStatus {
    public func text(for viewer: Viewer) -> String {
        var lines = [
            "queued changes: \(queued)",
            "last sync:      \(lastSync ?? "never")",
            "cursor:         \(cursor)",
        ]
        for mutation in mutations.prefix(20) {
            let name = mutation.fields?["name"]?.stringValue.map { " '\($0)'" } ?? ""
            lines.append("  \(mutation.action.rawValue) \(mutation.kind)\(name) (\(mutation.entity.short))")
        }
        if queued > 20 { lines.append("  … and \(queued - 20) more") }
        return lines.joined(separator: "\n")
    }
}

extension SyncReport {
    /// The row with its section: `training 'Cames A'` (`training Cames A` unquoted); a row named by its start, as it is.
    func labelled(quoted: Bool) -> String {
        if name.hasPrefix(kind + " ") { return name }
        return quoted ? "\(kind) '\(name)'" : "\(kind) \(name)"
    }
}
