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
            guard viewer.role == .coach else { return "Your coach has no machines yet." }
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

extension ExerciseList {
    public func text(for viewer: Viewer) -> String {
        guard !exercises.isEmpty else {
            guard let search else {
                guard viewer.role == .coach else { return "Your coach has no exercises yet." }
                return "No exercises yet. Add the first one with: gorilla exercises add NAME [--machine M] [--muscle X]"
            }
            return "No exercise matches '\(search)'."
        }
        let rows = exercises.map { row -> [String] in
            [
                row.exercise.name, row.machine ?? "", row.muscles.joined(separator: ", "),
                row.exercise[string: "count"] ?? "reps", row.exercise.id.short,
            ]
        }
        return Table(["EXERCISE", "MACHINE", "MUSCLES", "COUNT", "ID"], rows).render()
    }
}

extension ExerciseDetail {
    public func text(for viewer: Viewer) -> String {
        let muscles = (exercise.fields["muscles"]?.arrayValue ?? []).compactMap(\.stringValue)
        return [
            "\(exercise.name)  (\(exercise.id.key))",
            "machine:     \(machine.map { $0.name + (machineDeleted ? " (deleted)" : "") } ?? "none")",
            "muscles:     \(muscles.joined(separator: ", "))",
            "count:       \(exercise[string: "count"] ?? "reps")",
            "description: \(exercise[string: "description"] ?? "")",
            "trainings:   \(trainings.isEmpty ? "none" : trainings.joined(separator: ", "))",
        ].joined(separator: "\n")
    }
}

extension TrainingChange {
    public func text(for viewer: Viewer) -> String {
        switch action {
        case .added(let count):
            "Added training '\(change.name)' with \(count) exercise\(count == 1 ? "" : "s")."
        case .updated:
            change.text(for: viewer)
        case .duplicated(let original):
            "Duplicated training '\(original)' as '\(change.name)'."
        }
    }
}

extension TrainingList {
    public func text(for viewer: Viewer) -> String {
        guard !trainings.isEmpty else {
            guard viewer.role == .coach else { return "Your coach has no trainings yet." }
            return "No trainings yet. Add the first one with: gorilla trainings add NAME --exercise E ..."
        }
        let rows = trainings.map { row -> [String] in
            [
                row.training.name, "\(row.exerciseCount)", row.lastUsed.map { String($0.prefix(10)) } ?? "never",
                row.training.id.short,
            ]
        }
        return Table(["TRAINING", "EXERCISES", "LAST USED", "ID"], rows).render()
    }
}

extension TrainingDetail {
    public func text(for viewer: Viewer) -> String {
        var lines = ["\(training.name)  (\(training.id.key))"]
        for (index, entry) in entries.enumerated() {
            let plan = entry.plan
            lines.append("  \(index + 1). \(entry.name ?? "?")\(plan.isEmpty ? "" : "  " + plan)")
        }
        if entries.isEmpty {
            lines.append(
                viewer.role == .coach
                    ? "  (no exercises: gorilla trainings edit \"\(training.name)\" --add EXERCISE)"
                    : "  (no exercises)")
        }
        return lines.joined(separator: "\n")
    }
}
