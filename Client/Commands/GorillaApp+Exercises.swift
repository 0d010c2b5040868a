import Foundation
import GorillaShared

/// The fields of `exercises add` and `exercises edit`; nil leaves a field as it is.
public struct ExerciseFields: Sendable {
    public var machine: String?
    public var clearMachine = false
    public var description: String?
    public var muscles: [String]?
    public var count: String?
    public init(
        machine: String? = nil, clearMachine: Bool = false, description: String? = nil, muscles: [String]? = nil,
        count: String? = nil
    ) {
        self.machine = machine
        self.clearMachine = clearMachine
        self.description = description
        self.muscles = muscles
        self.count = count
    }
}

extension GorillaApp {
    func exerciseFields(_ cache: LocalCache, _ given: ExerciseFields) throws -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let machine = given.machine {
            fields["machine"] = .string(
                try NameResolver(cache: cache).resolve("machine", machine).id.uuidString.lowercased())
        } else if given.clearMachine {
            fields["machine"] = .null
        }
        if let description = given.description {
            fields["description"] = description.isEmpty ? .null : .string(description)
        }
        if let muscles = given.muscles { fields["muscles"] = .array(muscles.map(JSONValue.string)) }
        if let count = given.count {
            guard ["reps", "time", "distance"].contains(count) else {
                throw ClientError(.usage, "--count must be reps, time or distance")
            }
            fields["count"] = .string(count)
        }
        return fields
    }

    public func addExercise(name: String, _ given: ExerciseFields) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let clean = try checkNameFree(cache, kind: "exercise", name: name)
        var fields = try exerciseFields(cache, given)
        fields["name"] = .string(clean)
        if fields["count"] == nil { fields["count"] = "reps" }
        if fields["muscles"] == nil { fields["muscles"] = .array([]) }
        let id = UUID.v7()
        let notes = try await change(cache, kind: "exercise", entity: id, action: .create, fields: fields)
        return try output(cache, id, "Added exercise '\(clean)'.", notes)
    }

    public func editExercise(_ name: String, _ given: ExerciseFields) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let exercise = try NameResolver(cache: cache).resolve("exercise", name)
        let fields = try exerciseFields(cache, given)
        guard !fields.isEmpty else {
            throw ClientError(
                .usage, "nothing to change: give --machine, --no-machine, --description, --muscle or --count")
        }
        let notes = try await change(cache, kind: "exercise", entity: exercise.id, action: .update, fields: fields)
        return try output(cache, exercise.id, "Updated exercise '\(exercise.name)'.", notes)
    }

    public func listExercises(search: String?) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let machines = Dictionary(
            uniqueKeysWithValues: try cache.entities("machine", includeDeleted: true).map {
                ($0.id.uuidString.lowercased(), $0.name)
            })
        var exercises = try cache.entities("exercise").sorted { $0.name.lowercased() < $1.name.lowercased() }
        if let search, !search.isEmpty {
            let needle = search.lowercased()
            exercises = exercises.filter { exercise in
                exercise.name.lowercased().contains(needle)
                    || (exercise[string: "description"] ?? "").lowercased().contains(needle)
                    || (exercise.data["muscles"]?.arrayValue ?? []).contains {
                        ($0.stringValue ?? "").lowercased().contains(needle)
                    }
                    || (exercise[string: "machine"].flatMap { machines[$0] } ?? "").lowercased().contains(needle)
            }
        }
        guard !exercises.isEmpty else {
            let text =
                search == nil
                ? "No exercises yet. Add the first one with: gorilla exercises add NAME [--machine M] [--muscle X]"
                : "No exercise matches '\(search!)'."
            return CommandOutput(text: text, json: .array([]), notes: notes)
        }
        let rows = exercises.map { exercise -> [String] in
            [
                exercise.name, exercise[string: "machine"].flatMap { machines[$0] } ?? "",
                (exercise.data["muscles"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", "),
                exercise[string: "count"] ?? "reps", exercise.id.short,
            ]
        }
        return CommandOutput(
            text: Table(["EXERCISE", "MACHINE", "MUSCLES", "COUNT", "ID"], rows).render(),
            json: .array(exercises.map { Self.json($0) }), notes: notes)
    }

    public func showExercise(_ name: String) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let exercise = try NameResolver(cache: cache).resolve("exercise", name)
        let machine = try exercise[string: "machine"].flatMap(UUID.init(uuidString:)).flatMap { try cache.entity($0) }
        let trainings = try cache.entities("training").filter { training in
            (training.data["exercises"]?.arrayValue ?? []).contains {
                $0.objectValue?["exercise"]?.stringValue == exercise.id.uuidString.lowercased()
            }
        }.map(\.name).sorted()
        let lines = [
            "\(exercise.name)  (\(exercise.id.uuidString.lowercased()))",
            "machine:     \(machine.map { $0.name + ($0.deleted ? " (deleted)" : "") } ?? "none")",
            "muscles:     \((exercise.data["muscles"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", "))",
            "count:       \(exercise[string: "count"] ?? "reps")",
            "description: \(exercise[string: "description"] ?? "")",
            "trainings:   \(trainings.isEmpty ? "none" : trainings.joined(separator: ", "))",
        ]
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: Self.json(exercise, extra: ["trainings": .array(trainings.map(JSONValue.string))]), notes: notes)
    }
}
