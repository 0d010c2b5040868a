import Foundation
import GorillaShared

extension EntityChange {
    public func text(for viewer: Viewer) -> String {
        let kind = kind.rawValue
        return switch action {
        case .added: "Added \(kind) '\(name)'."
        case .renamed(let old): "Renamed \(kind) '\(old)' to '\(name)'."
        case .updated: "Updated \(kind) '\(name)'."
        case .deleted: "Deleted \(kind) '\(name)'."
        }
    }
}

extension MachineList {
    public func text(for viewer: Viewer) -> String {
        guard !machines.isEmpty else {
            return "No machines yet. Add the first one with: gorilla machines add NAME [--image FILE]"
        }
        let rows = machines.map { row -> [String] in
            [
                row.machine.name, row.uses == 0 ? "" : "\(row.uses) exercise\(row.uses == 1 ? "" : "s")",
                row.machine.fields["image"] == nil ? "" : "image",
                row.machine.id.short,
            ]
        }
        return Table(["MACHINE", "USED BY", "", "ID"], rows).render()
    }
}

extension MachineDetail {
    public func text(for viewer: Viewer) -> String {
        var lines = [
            "\(machine.name)  (\(machine.id.key))",
            "exercises: \(exercises.isEmpty ? "none" : exercises.joined(separator: ", "))",
        ]
        if let sha = machine.fields["image"]?.stringValue {
            lines.append("image:     \(sha.prefix(12))…")
            if let savedImage { lines.append("saved the image to \(savedImage)") }
        }
        return lines.joined(separator: "\n")
    }
}
