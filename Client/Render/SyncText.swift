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
