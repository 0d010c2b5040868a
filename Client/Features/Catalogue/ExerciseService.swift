import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The fields of `exercises add` and `exercises edit`; nil leaves a field as it is.
package struct ExerciseFields: Sendable {
    /// The machine it is done on (a name or id prefix).
    package var machine: String?
    /// Whether to remove the machine.
    package var clearMachine = false
    /// A description; empty removes it.
    package var description: String?
    package var muscles: [String]?
    /// How it is counted: `reps`, `time` or `distance`.
    package var count: String?

    package init(
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
package struct ExerciseService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla exercises add NAME [--machine M] [--description D] [--muscle X]... [--count C]`.
    package func add(name: String, _ given: ExerciseFields) async throws -> EntityChange {
        try context.require(.create, .exercise)
        let cache = try context.cache()
        let clean = try CatalogueService(context).freeName(cache, Exercise.self, name)
        var exercise = Exercise(name: clean)
        _ = try apply(given, to: &exercise, cache)
        let id = UUID.v7()
        try await context.create(cache, exercise, id: id)
        return try EntityChange(Exercise.self, .added, name: clean, id: id, in: cache)
    }

    /// `gorilla exercises edit NAME ...`: changes the fields given.
    package func edit(_ name: String, _ given: ExerciseFields) async throws -> EntityChange {
        try context.require(.update, .exercise)
        let cache = try context.cache()
        let exercise = try NameResolver(cache: cache).resolve(Exercise.self, name)
        var changed = exercise.value
        guard try apply(given, to: &changed, cache) else {
            throw ClientError(.usage, CataloguePhrases.nothingToChangeInExercise.t())
        }
        try await context.update(cache, exercise.id, to: changed)
        return try EntityChange(Exercise.self, .updated, name: exercise.name, id: exercise.id, in: cache)
    }

    /// `gorilla exercises list [--search TEXT]`: by name; the search (case and accents folded: `quad` finds
    /// "quàdriceps") looks in the name, description, muscles and machine.
    package func list(search: String?) async throws -> ExerciseList {
        let cache = try await context.freshCache()
        let machines = Dictionary(
            uniqueKeysWithValues: try cache.all(Machine.self, includeDeleted: true).map { ($0.id, $0.name) })
        let gymMachines = Dictionary(
            uniqueKeysWithValues: try cache.library(Machine.self).map { ($0.id, $0.name) })
        var rows =
            try cache.all(Exercise.self).sortedByFoldedName(\.name).map { exercise in
                // Her own machine, else her gym's (marked), else one of a gym this device does not see.
                guard let id = exercise.machine else { return ExerciseList.Row(exercise: exercise, machine: nil) }
                if let own = machines[id] { return ExerciseList.Row(exercise: exercise, machine: own) }
                return ExerciseList.Row(
                    exercise: exercise, machine: gymMachines[id], machineOfGym: gymMachines[id] != nil,
                    machineUnseen: gymMachines[id] == nil)
            }
            + (try cache.library(Exercise.self)).sortedByFoldedName(\.name).map {
                ExerciseList.Row(exercise: $0, machine: $0.machine.flatMap { gymMachines[$0] }, gym: true)
            }
            + (try cache.colleagueCatalogues(Exercise.self)).map { coach, exercise in
                let machine = try exercise.machine.flatMap { id in
                    try cache.colleagueCatalogue(Machine.self, of: coach).first { $0.id == id }?.name
                }
                return ExerciseList.Row(exercise: exercise, machine: machine, colleague: coach)
            }
        if let search, !search.isEmpty {
            let needle = NameMatch.fold(search)
            rows = rows.filter { row in
                ([row.exercise.name, row.exercise.description ?? "", row.machine ?? ""] + row.muscles)
                    .contains { NameMatch.fold($0).contains(needle) }
            }
        }
        return ExerciseList(exercises: rows, search: search)
    }

    /// `gorilla exercises show NAME`: the exercise, its machine and the trainings that list it.
    package func show(_ name: String) async throws -> ExerciseDetail {
        let cache = try await context.freshCache()
        let exercise = try NameResolver(cache: cache).resolve(Exercise.self, name)
        let own = try exercise.machine.flatMap { try cache.one(Machine.self, $0) }
        let gym = try exercise.machine.flatMap { id in try cache.library(Machine.self).first { $0.id == id } }
        let trainings = try cache.all(Training.self).filter { training in
            training.exercises.contains { $0.exercise == exercise.id }
        }.map(\.name).sorted()
        return ExerciseDetail(
            exercise: exercise, machine: own ?? gym, machineDeleted: own?.deleted ?? false, trainings: trainings,
            machineOfGym: own == nil && gym != nil, machineUnseen: exercise.machine != nil && own == nil && gym == nil)
    }

    /// Sets on `exercise` the fields `given` names, with the machine resolved in the catalogue; false when it names
    /// none.
    private func apply(_ given: ExerciseFields, to exercise: inout Exercise, _ cache: LocalCache) throws -> Bool {
        var named = false
        if let machine = given.machine {
            exercise.machine = try NameResolver(cache: cache).machine(machine).machine.id
            named = true
        } else if given.clearMachine {
            exercise.machine = nil
            named = true
        }
        if let description = given.description {
            exercise.description = description.isEmpty ? nil : description
            named = true
        }
        if let muscles = given.muscles {
            exercise.muscles = muscles
            named = true
        }
        if let count = given.count {
            guard let mode = CountMode(typed: count) else {
                throw ClientError(.usage, CataloguePhrases.countInvalid.t())
            }
            exercise.count = mode
            named = true
        }
        return named
    }
}

/// `gorilla exercises list`.
package struct ExerciseList {
    /// An exercise with its machine's name.
    package struct Row: Sendable {
        package let exercise: Stored<Exercise>
        /// The machine's name (a deleted machine's too).
        package let machine: String?
        /// An exercise of the gym's library.
        package var gym = false
        /// An exercise of the catalogue of this colleague, who shares a client with the coach (read-only).
        package var colleague: String? = nil
        /// The coach's own exercise done on a machine of her gym's library.
        package var machineOfGym = false
        /// Done on a machine this device does not see: a gym's (the client's coach's gym, or one the coach has left).
        package var machineUnseen = false

        /// The muscle groups it works.
        package var muscles: [String] { exercise.muscles }
    }

    package let exercises: [Row]
    /// The `--search` text, if any.
    package let search: String?

    package var jsonForm: some Encodable {
        exercises.map { DocumentRecord($0.exercise, adding: LibraryMark($0.gym, colleague: $0.colleague)) }
    }
}

/// `gorilla exercises show`.
package struct ExerciseDetail {
    package let exercise: Stored<Exercise>
    /// Its machine, even when deleted.
    package let machine: Stored<Machine>?
    package let machineDeleted: Bool
    /// The names of the trainings that list it.
    package let trainings: [String]
    /// Its machine is one of the gym's library.
    package var machineOfGym = false
    /// Its machine is one this device does not see: a gym's (the client's coach's gym, or one the coach has left).
    package var machineUnseen = false

    /// The members `--json` adds to the exercise's.
    private struct Added: Encodable, Sendable {
        let trainings: [String]
    }

    package var jsonForm: some Encodable { DocumentRecord(exercise, adding: Added(trainings: trainings)) }
}
