import Foundation
import GorillaClientCore
import GorillaShared

/// A session ready to be stored: the document fields the server validates.
struct SessionDraft: Sendable {
    var client: UUID
    var event: UUID?
    var training: UUID?
    package var mode: String
    package var start: Date
    var end: Date?
    var paused: Double
    var notes: String?
    package var exercises: [PerformedExercise]

    /// The session as it is stored: times to the millisecond, no empty notes.
    package var session: TrainingSession {
        TrainingSession(
            client: client, event: event, training: training, mode: SessionMode(rawValue: mode) ?? .default,
            start: start, end: end, paused: PerformedExercise.rounded(paused),
            notes: notes?.isEmpty == false ? notes : nil, exercises: exercises.map(\.stored))
    }

    /// Queues the session as `id` (and, when a coach's session started from an event, marks the event done: events are
    /// the coach's to change), then syncs once.
    func store(as id: UUID, in cache: LocalCache, context: DeviceContext) async throws {
        try queue(as: id, in: cache, context: context)
        await context.syncOpportunistically()
    }

    /// Queues the session as `id` (marking its event done, as ``store(as:in:context:)`` does) without syncing: for
    /// callers that queue many (`gorilla import`) and sync once.
    func queue(as id: UUID, in cache: LocalCache, context: DeviceContext) throws {
        // An occurrence of a series gets its exception row first: the session names it.
        if let event, try cache.entity(event) == nil,
            let occurrence = try EventCalendar(cache: cache).event(withID: event, around: start)
        {
            try EventService.keepOccurrence(occurrence, cache: cache)
        }
        try cache.create(session, id: id)
        let status = Event.CodingKeys.status.rawValue
        // An occurrence's exception row holds only what it changes: it reads as no Event, and is marked done.
        if let event, try context.may(.update, .event, fields: [status]),
            try cache.one(Event.self, event)?.status != .done
        {
            try cache.enqueue(
                kind: EntityKind.event.rawValue, entity: event, action: .update,
                fields: [status: .string(EventStatus.done.rawValue)])
        }
    }

    /// Links performed exercises of a session of `client` to the catalogue by the names typed
    /// (``NameResolver/pick(_:_:label:)``: case and accents folded, a small typo or the beginning of one name
    /// forgiven), the coach's own, then, for a client shared with her, their coach's; returns the names kept without a
    /// link.
    ///
    /// - Parameter allowNew: keep a name the catalogue does not have by name only (`--allow-new`, and the train
    ///   view, whose session must never be lost at the end); without it such a name is an error with suggestions.
    /// - Throws: ``ClientError`` `.notFound` or `.ambiguous`, unless `allowNew`.
    static func link(
        _ exercises: inout [PerformedExercise], for client: UUID?, cache: LocalCache, allowNew: Bool
    ) throws -> [String] {
        var matched: [SessionSaved.Match] = []
        return try link(&exercises, for: client, cache: cache, allowNew: allowNew, matched: &matched)
    }

    /// ``link(_:for:cache:allowNew:)``, adding to `matched` every name typed that was taken as another (a typo, a
    /// beginning: `Sentadila` as `Sentadilla`), so that the command can say so.
    static func link(
        _ exercises: inout [PerformedExercise], for client: UUID?, cache: LocalCache, allowNew: Bool,
        matched: inout [SessionSaved.Match]
    ) throws -> [String] {
        // For a client a colleague shares, after the coach's own catalogue: her gym's library, then the colleague's
        // catalogue (read-only: the session names them, filed under the colleague).
        var catalogues = [try cache.all(Exercise.self)]
        if let colleague = try client.flatMap({ try cache.sharingCoaches()[$0] }) {
            catalogues += [try cache.library(Exercise.self), try cache.colleagueCatalogue(Exercise.self, of: colleague)]
        }
        var unknown: [String] = []
        for index in exercises.indices where exercises[index].exercise == nil {
            do {
                let known = try NameResolver.pick(from: catalogues, exercises[index].name)
                if NameMatch.fold(known.name) != NameMatch.fold(exercises[index].name) {
                    matched.append(SessionSaved.Match(typed: exercises[index].name, name: known.name))
                }
                exercises[index].exercise = known.id
                exercises[index].name = known.name
            } catch let error as ClientError where error.kind == .notFound || (allowNew && error.kind == .ambiguous) {
                guard allowNew else {
                    throw error.noting(TrainingPhrases.unknownExerciseHint.t())
                }
                unknown.append(exercises[index].name)
            }
        }
        return unknown
    }
}

/// Sets, reps, volume per unit and time under tension of a session.
package struct SessionTotals: Sendable {
    /// How many sets.
    package let sets: Int
    /// Σ reps.
    package let reps: Int
    /// Σ reps × weight of each unit's sets.
    package let volume: [WeightUnit: Double]
    /// Σ the sets' durations, in seconds.
    package let tension: Double

    /// The totals of `exercises`.
    package init(_ exercises: [PerformedExercise]) {
        var volume: [WeightUnit: Double] = [:]
        let sets = exercises.flatMap(\.sets)
        for set in sets where set.weight > 0 { volume[set.unit, default: 0] += Double(set.reps) * set.weight }
        self.sets = sets.count
        reps = sets.reduce(0) { $0 + $1.reps }
        self.volume = volume
        tension = sets.reduce(0) { $0 + ($1.duration ?? 0) }
    }

    /// The volume of every set added in `unit` (a set entered in the other unit is converted).
    package func volume(in unit: WeightUnit) -> Double {
        volume.reduce(0) { total, part in total + Strength.converted(part.value, from: part.key, to: unit) }
    }
}

extension PerformedExercise {
    /// The exercise as a session stores it: its times to the millisecond (a stopwatch's precision).
    var stored: PerformedExercise {
        var exercise = self
        for index in exercise.sets.indices {
            exercise.sets[index].duration = exercise.sets[index].duration.map(Self.rounded)
            exercise.sets[index].rest = exercise.sets[index].rest.map(Self.rounded)
            exercise.sets[index].repTimes = exercise.sets[index].repTimes?.map(Self.rounded)
        }
        return exercise
    }
}
