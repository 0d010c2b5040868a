import Foundation
import GorillaShared

/// The fields of `exercises add` and `exercises edit`; nil leaves a field as it is.
public struct ExerciseFields: Sendable {
    /// The machine it is done on (a name or id prefix).
    public var machine: String?
    /// Whether to remove the machine.
    public var clearMachine = false
    /// A description; empty removes it.
    public var description: String?
    public var muscles: [String]?
    /// How it is counted: `reps`, `time` or `distance`.
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

/// A coach's exercises: add, edit, list, show (`gorilla exercises`).
public struct ExerciseService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla exercises add NAME [--machine M] [--description D] [--muscle X]... [--count C]`.
    public func add(name: String, _ given: ExerciseFields) async throws -> EntityChange {
        try context.require(.create, .exercise)
        let cache = try context.cache()
        let clean = try CatalogueService(context).freeName(cache, .exercise, name)
        var fields = try documentFields(cache, given)
        fields["name"] = .string(clean)
        if fields["count"] == nil { fields["count"] = .string(CountMode.reps.rawValue) }
        if fields["muscles"] == nil { fields["muscles"] = .array([]) }
        let id = UUID.v7()
        try await context.change(cache, .exercise, entity: id, action: .create, fields: fields)
        return try EntityChange(.exercise, .added, name: clean, id: id, in: cache)
    }

    /// `gorilla exercises edit NAME ...`: changes the fields given.
    public func edit(_ name: String, _ given: ExerciseFields) async throws -> EntityChange {
        try context.require(.update, .exercise)
        let cache = try context.cache()
        let exercise = try NameResolver(cache: cache).resolve(.exercise, name)
        let fields = try documentFields(cache, given)
        guard !fields.isEmpty else {
            throw ClientError(.usage, CataloguePhrases.nothingToChangeInExercise.t())
        }
        try await context.change(cache, .exercise, entity: exercise.id, action: .update, fields: fields)
        return try EntityChange(.exercise, .updated, name: exercise.name, id: exercise.id, in: cache)
    }

    /// `gorilla exercises list [--search TEXT]`: by name; the search (case and accents folded: `quad` finds
    /// "quàdriceps") looks in the name, description, muscles and machine.
    public func list(search: String?) async throws -> ExerciseList {
        let cache = try await context.freshCache()
        let machines = Dictionary(
            uniqueKeysWithValues: try cache.entities(.machine, includeDeleted: true).map { ($0.id.key, $0.name) })
        var rows = try cache.entities(.exercise).sortedByFoldedName(\.name).map {
            ExerciseList.Row(exercise: EntityRecord($0), machine: $0[string: "machine"].flatMap { machines[$0] })
        }
        if let search, !search.isEmpty {
            let needle = NameMatch.fold(search)
            rows = rows.filter { row in
                ([row.exercise.name, row.exercise[string: "description"] ?? "", row.machine ?? ""] + row.muscles)
                    .contains { NameMatch.fold($0).contains(needle) }
            }
        }
        return ExerciseList(exercises: rows, search: search)
    }

    /// `gorilla exercises show NAME`: the exercise, its machine and the trainings that list it.
    public func show(_ name: String) async throws -> ExerciseDetail {
        let cache = try await context.freshCache()
        let exercise = try NameResolver(cache: cache).resolve(.exercise, name)
        let machine = try exercise[string: "machine"].flatMap(UUID.init(uuidString:)).flatMap { try cache.entity($0) }
        let trainings = try cache.entities(.training).filter { training in
            TrainingService.entries(training).contains { $0["exercise"]?.stringValue == exercise.id.key }
        }.map(\.name).sorted()
        return ExerciseDetail(
            exercise: EntityRecord(exercise), machine: machine.map { EntityRecord($0) },
            machineDeleted: machine?.deleted ?? false, trainings: trainings)
    }

    /// The document fields `given` sets, with the machine resolved in the catalogue.
    private func documentFields(_ cache: LocalCache, _ given: ExerciseFields) throws -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let machine = given.machine {
            fields["machine"] = .string(try NameResolver(cache: cache).resolve(.machine, machine).id.key)
        } else if given.clearMachine {
            fields["machine"] = .null
        }
        if let description = given.description {
            fields["description"] = description.isEmpty ? .null : .string(description)
        }
        if let muscles = given.muscles { fields["muscles"] = .array(muscles.map(JSONValue.string)) }
        if let count = given.count {
            guard let mode = CountMode(typed: count) else {
                throw ClientError(.usage, CataloguePhrases.countInvalid.t())
            }
            fields["count"] = .string(mode.rawValue)
        }
        return fields
    }
}

/// `gorilla exercises list`.
public struct ExerciseList: Presentable {
    /// An exercise with its machine's name.
    public struct Row: Sendable {
        public let exercise: EntityRecord
        /// The machine's name (a deleted machine's too).
        public let machine: String?

        /// The muscle groups it works.
        public var muscles: [String] { (exercise.fields["muscles"]?.arrayValue ?? []).compactMap(\.stringValue) }
    }

    public let exercises: [Row]
    /// The `--search` text, if any.
    public let search: String?

    public func encode(to encoder: any Encoder) throws {
        try exercises.map(\.exercise).encode(to: encoder)
    }
}

/// `gorilla exercises show`.
public struct ExerciseDetail: Presentable {
    public let exercise: EntityRecord
    /// Its machine, even when deleted.
    public let machine: EntityRecord?
    public let machineDeleted: Bool
    /// The names of the trainings that list it.
    public let trainings: [String]

    public func encode(to encoder: any Encoder) throws {
        var record = exercise
        record.fields["trainings"] = .array(trainings.map(JSONValue.string))
        try record.encode(to: encoder)
    }
}
