import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A coach's trainings (routines): add, edit, duplicate, list, show (`gorilla trainings`).
package struct TrainingService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla trainings add NAME [--exercise E]... [--plan "E: 4x12@80kg"]...`.
    package func add(name: String, exercises: [String], plans planTexts: [String] = []) async throws -> TrainingChange {
        try context.require(.create, .training)
        let cache = try context.cache()
        let clean = try CatalogueService(context).freeName(cache, Training.self, name)
        let resolver = NameResolver(cache: cache)
        var entries = try exercises.map { PlannedExercise(exercise: try resolver.pick(Exercise.self, $0).id) }
        for plan in try plans(planTexts, cache) { Self.apply(plan, to: &entries) }
        guard !entries.isEmpty else {
            throw ClientError(.usage, CataloguePhrases.trainingNeedsAnExercise.t())
        }
        let id = UUID.v7()
        try await context.create(cache, Training(name: clean, exercises: entries), id: id)
        return TrainingChange(
            .added(exercises: entries.count), try EntityChange(Training.self, .added, name: clean, id: id, in: cache))
    }

    /// `gorilla trainings edit NAME`: appends, plans, removes, then moves exercises, in that order.
    package func edit(
        _ name: String, add: [String], remove: [String], move: String?, to position: Int?,
        plans planTexts: [String] = []
    ) async throws -> TrainingChange {
        try context.require(.update, .training)
        let cache = try context.cache()
        let resolver = NameResolver(cache: cache)
        let training = try resolver.resolve(Training.self, name)
        var entries = training.exercises
        func exercise(_ name: String) throws -> UUID { try resolver.pick(Exercise.self, name).id }
        func index(of name: String) throws -> Int {
            let id = try exercise(name)
            guard let index = entries.firstIndex(where: { $0.exercise == id }) else {
                throw ClientError(
                    .notFound, CataloguePhrases.exerciseNotInTraining.t(["exercise": name, "training": training.name]))
            }
            return index
        }
        for name in add { entries.append(PlannedExercise(exercise: try exercise(name))) }
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
        var changed = training.value
        changed.exercises = entries
        try await context.update(cache, training.id, to: changed)
        return TrainingChange(
            .updated, try EntityChange(Training.self, .updated, name: training.name, id: training.id, in: cache))
    }

    /// `gorilla trainings duplicate NAME NEW`: a copy of the training under a new name.
    package func duplicate(_ name: String, as newName: String) async throws -> TrainingChange {
        try context.require(.create, .training)
        let cache = try context.cache()
        let training = try NameResolver(cache: cache).resolve(Training.self, name)
        var copy = training.value
        copy.name = try CatalogueService(context).freeName(cache, Training.self, newName)
        let id = UUID.v7()
        try await context.create(cache, copy, id: id)
        return TrainingChange(
            .duplicated(from: training.name),
            try EntityChange(Training.self, .added, name: copy.name, id: id, in: cache))
    }

    /// `gorilla trainings list`: by name, with how many exercises each lists and when it was last used.
    package func list() async throws -> TrainingList {
        let cache = try await context.freshCache()
        let trainings = try cache.all(Training.self).sortedByFoldedName(\.name)
        let lastUsed = trainings.isEmpty ? [:] : try lastUsedByTraining(cache)
        return TrainingList(
            trainings: trainings.map {
                TrainingList.Row(training: $0, exerciseCount: $0.exercises.count, lastUsed: lastUsed[$0.id])
            }
                + (try cache.library(Training.self)).sortedByFoldedName(\.name).map {
                    TrainingList.Row(training: $0, exerciseCount: $0.exercises.count, lastUsed: nil, gym: true)
                })
    }

    /// `gorilla trainings show NAME`: the exercises in order, with their plans; a name the coach's own catalogue does
    /// not know is looked for in her gym's library.
    package func show(_ name: String) async throws -> TrainingDetail {
        let cache = try await context.freshCache()
        do {
            let training = try NameResolver(cache: cache).resolve(Training.self, name)
            let entries = try training.exercises.map { entry in
                TrainingDetail.Entry(planned: entry, name: try cache.one(Exercise.self, entry.exercise)?.name)
            }
            return TrainingDetail(training: training, entries: entries)
        } catch let error as ClientError where error.kind == .notFound {
            let library = try cache.library(Training.self)
            guard !library.isEmpty else { throw error }
            let training = try NameResolver.find(
                library, name, label: KindWords.name(EntityKind.training), id: \.id, name: \.name)
            let names = Dictionary(uniqueKeysWithValues: try cache.library(Exercise.self).map { ($0.id, $0.name) })
            let entries = training.exercises.map { TrainingDetail.Entry(planned: $0, name: names[$0.exercise]) }
            return TrainingDetail(training: training, entries: entries, gym: true)
        }
    }

    // MARK: Plans

    /// The plans of `--plan` arguments, each with its exercise resolved in the catalogue.
    private func plans(_ texts: [String], _ cache: LocalCache) throws -> [PlannedExercise] {
        let resolver = NameResolver(cache: cache)
        return try texts.map { text in
            let parsed: (name: String, plan: PlannedExercise)
            do {
                parsed = try PlanParser.parse(text) { name in (try? resolver.pick(Exercise.self, name))?.count }
            } catch let error as SetParser.ParseError {
                throw ClientError(.usage, error.description)
            }
            var plan = parsed.plan
            plan.exercise = try resolver.pick(Exercise.self, parsed.name).id
            return plan
        }
    }

    /// Puts `plan` on the entry of its exercise, appending one when the training does not list it yet.
    private static func apply(_ plan: PlannedExercise, to entries: inout [PlannedExercise]) {
        // A new plan replaces the entry's old one whole.
        if let index = entries.firstIndex(where: { $0.exercise == plan.exercise }) {
            entries[index] = plan
        } else {
            entries.append(plan)
        }
    }

    /// The start of the newest session of each training, by the training's id.
    private func lastUsedByTraining(_ cache: LocalCache) throws -> [UUID: Date] {
        var result: [UUID: Date] = [:]
        for session in try cache.all(SessionUse.self) {
            guard let training = session.training else { continue }
            if result[training].map({ $0 < session.start }) ?? true { result[training] = session.start }
        }
        return result
    }
}

/// What the trainings list reads of a session: which training it followed and when it started (a session's document
/// read through these two members only, so that a coach's thousands of sessions are not decoded set by set).
struct SessionUse: EntityDocument {
    static let kind = TrainingSession.kind
    static let forms = DocumentForms([CodingKeys.training: .id])

    var training: UUID?
    package var start: Date

    enum CodingKeys: String, CodingKey, CaseIterable {
        case training, start
    }
}
