import Foundation
import GorillaShared

/// A coach's trainings (routines): add, edit, duplicate, list, show (`gorilla trainings`).
public struct TrainingService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla trainings add NAME [--exercise E]... [--plan "E: 4x12@80kg"]...`.
    public func add(name: String, exercises: [String], plans planTexts: [String] = []) async throws -> TrainingChange {
        try context.require(.create, .training)
        let cache = try context.cache()
        let clean = try CatalogueService(context).freeName(cache, .training, name)
        let resolver = NameResolver(cache: cache)
        var entries: [[String: JSONValue]] = try exercises.map {
            ["exercise": .string(try resolver.pick(.exercise, $0).id.key)]
        }
        for plan in try plans(planTexts, cache) { Self.apply(plan, to: &entries) }
        guard !entries.isEmpty else {
            throw ClientError(.usage, CataloguePhrases.trainingNeedsAnExercise.t())
        }
        let id = UUID.v7()
        try await context.change(
            cache, .training, entity: id, action: .create,
            fields: ["name": .string(clean), "exercises": .array(entries.map(JSONValue.object))])
        return TrainingChange(
            .added(exercises: entries.count), try EntityChange(.training, .added, name: clean, id: id, in: cache))
    }

    /// `gorilla trainings edit NAME`: appends, plans, removes, then moves exercises, in that order.
    public func edit(
        _ name: String, add: [String], remove: [String], move: String?, to position: Int?,
        plans planTexts: [String] = []
    ) async throws -> TrainingChange {
        try context.require(.update, .training)
        let cache = try context.cache()
        let resolver = NameResolver(cache: cache)
        let training = try resolver.resolve(.training, name)
        var entries = Self.entries(training)
        func key(_ name: String) throws -> String { try resolver.pick(.exercise, name).id.key }
        func index(of name: String) throws -> Int {
            let id = try key(name)
            guard let index = entries.firstIndex(where: { $0["exercise"]?.stringValue == id }) else {
                throw ClientError(
                    .notFound, CataloguePhrases.exerciseNotInTraining.t(["exercise": name, "training": training.name]))
            }
            return index
        }
        for name in add { entries.append(["exercise": .string(try key(name))]) }
        for plan in try plans(planTexts, cache) { Self.apply(plan, to: &entries) }
        for name in remove { entries.remove(at: try index(of: name)) }
        if let move {
            guard let position, position >= 1 else { throw ClientError(.usage, CataloguePhrases.moveNeedsTo.t()) }
            let entry = entries.remove(at: try index(of: move))
            entries.insert(entry, at: min(position - 1, entries.count))
        }
        guard !add.isEmpty || !remove.isEmpty || move != nil || !planTexts.isEmpty else {
            throw ClientError(.usage, CataloguePhrases.nothingToChangeInTraining.t())
        }
        guard !entries.isEmpty else {
            throw ClientError(.usage, CataloguePhrases.trainingCannotBeEmpty.t(["name": training.name]))
        }
        try await context.change(
            cache, .training, entity: training.id, action: .update,
            fields: ["exercises": .array(entries.map(JSONValue.object))])
        return TrainingChange(
            .updated, try EntityChange(.training, .updated, name: training.name, id: training.id, in: cache))
    }

    /// `gorilla trainings duplicate NAME NEW`: a copy of the training under a new name.
    public func duplicate(_ name: String, as newName: String) async throws -> TrainingChange {
        try context.require(.create, .training)
        let cache = try context.cache()
        let training = try NameResolver(cache: cache).resolve(.training, name)
        let clean = try CatalogueService(context).freeName(cache, .training, newName)
        var fields = training.data
        fields["name"] = .string(clean)
        let id = UUID.v7()
        try await context.change(cache, .training, entity: id, action: .create, fields: fields)
        return TrainingChange(
            .duplicated(from: training.name), try EntityChange(.training, .added, name: clean, id: id, in: cache))
    }

    /// `gorilla trainings list`: by name, with how many exercises each lists and when it was last used.
    public func list() async throws -> TrainingList {
        let cache = try await context.freshCache()
        let trainings = try cache.entities(.training).sortedByFoldedName(\.name)
        let lastUsed = trainings.isEmpty ? [:] : try lastUsedByTraining(cache)
        return TrainingList(
            trainings: trainings.map {
                TrainingList.Row(
                    training: EntityRecord($0), exerciseCount: Self.entries($0).count, lastUsed: lastUsed[$0.id.key])
            })
    }

    /// `gorilla trainings show NAME`: the exercises in order, with their plans.
    public func show(_ name: String) async throws -> TrainingDetail {
        let cache = try await context.freshCache()
        let training = try NameResolver(cache: cache).resolve(.training, name)
        let entries = try Self.entries(training).map { entry in
            let exercise = try entry["exercise"]?.stringValue.flatMap(UUID.init(uuidString:)).flatMap {
                try cache.entity($0)
            }
            return TrainingDetail.Entry(fields: entry, name: exercise?.name)
        }
        return TrainingDetail(training: EntityRecord(training), entries: entries)
    }

    // MARK: Entries and plans

    /// The entries of a training's document: each an exercise id and, when planned, its plan.
    static func entries(_ training: CachedEntity) -> [[String: JSONValue]] {
        (training.data["exercises"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    /// The plans of `--plan` arguments, each with its exercise resolved in the catalogue.
    private func plans(_ texts: [String], _ cache: LocalCache) throws -> [PlannedExercise] {
        let resolver = NameResolver(cache: cache)
        return try texts.map { text in
            let parsed: (name: String, plan: PlannedExercise)
            do {
                parsed = try PlanParser.parse(text) { name in
                    (try? resolver.pick(.exercise, name)).flatMap { $0[string: "count"] }
                        .flatMap(CountMode.init(rawValue:))
                }
            } catch let error as SetParser.ParseError {
                throw ClientError(.usage, error.description)
            }
            var plan = parsed.plan
            plan.exercise = try resolver.pick(.exercise, parsed.name).id
            return plan
        }
    }

    /// Puts `plan` on the entry of its exercise, appending one when the training does not list it yet.
    private static func apply(_ plan: PlannedExercise, to entries: inout [[String: JSONValue]]) {
        // A new plan replaces the entry's old one whole.
        let fields = (try? JSONValue.encode(plan).objectValue) ?? ["exercise": .string(plan.exercise.key)]
        if let index = entries.firstIndex(where: { $0["exercise"]?.stringValue == plan.exercise.key }) {
            entries[index] = fields
        } else {
            entries.append(fields)
        }
    }

    /// The start of the newest session of each training, by the training's id key.
    private func lastUsedByTraining(_ cache: LocalCache) throws -> [String: String] {
        var result: [String: String] = [:]
        for session in try cache.entities(.session) {
            guard let training = session[string: "training"], let start = session[string: "start"] else { continue }
            if (result[training] ?? "") < start { result[training] = start }
        }
        return result
    }
}
