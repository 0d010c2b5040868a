import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla train`: a recording kept on this device step by step, started, resumed and finished here.
package struct TrainService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// The meta key under which the unfinished session is kept, step by step.
    static let recorderKey = "recorder"

    /// The unfinished recording of this device.
    /// - Throws: ``ClientError`` `.notFound` when there is none.
    package func resume() throws -> SessionRecorder {
        guard let recorder = try load(try context.cache()) else {
            throw ClientError(.notFound, TrainingPhrases.noUnfinishedSessionHere.t())
        }
        return recorder
    }

    /// Saves one step of the recording (called by the view after every key).
    package func persist(_ recorder: SessionRecorder) throws {
        try save(recorder, in: try context.cache())
    }

    /// Ends a recording: stores the session if the coach said yes, forgets it if they cancelled, keeps it otherwise.
    ///
    /// A session without a single recorded set is never stored (nor its event marked done): it is forgotten and
    /// reported as ``TrainingEnd/empty(_:)``.
    package func finish(_ recorder: SessionRecorder) async throws -> TrainingEnd {
        let cache = try context.cache()
        switch recorder.outcome {
        case .recording:
            try save(recorder, in: cache)
            return try await leftUnfinished(recorder, cache: cache)
        case .discard:
            try cache.setMeta(Self.recorderKey, "")
            return try await ended(recorder, cache: cache, as: .discarded(recorder.id))
        case .save where recorder.performed.isEmpty:
            try cache.setMeta(Self.recorderKey, "")
            return try await ended(recorder, cache: cache, as: .empty(recorder.id))
        case .save where recorder.correcting == true:
            if let elsewhere = try await savedElsewhere(recorder, cache: cache) { return elsewhere }
            let saved = try await storeCorrection(recorder, in: cache)
            try deleteDraft(of: recorder, cache: cache)
            try cache.setMeta(Self.recorderKey, "")
            return .saved(saved)
        case .save:
            // Another device took the session over: it is that device's to save, never saved twice.
            if let elsewhere = try await savedElsewhere(recorder, cache: cache) { return elsewhere }
            var exercises = try creatingNewExercises(recorder, in: cache)
            let unknown = try SessionDraft.link(&exercises, for: recorder.client, cache: cache, allowNew: true)
            let draft = SessionDraft(
                client: recorder.client, event: recorder.event, training: recorder.training,
                mode: (recorder.realTime ? SessionMode.realtime : .handsfree).rawValue,
                start: Date(timeIntervalSince1970: recorder.started),
                end: Date(timeIntervalSince1970: recorder.ended ?? Date().timeIntervalSince1970),
                paused: recorder.pausedTotal, notes: recorder.notes, exercises: exercises)
            // A crash between queuing the session and clearing the recorder leaves the recorder to resume; the cached
            // row (same id) shows the session was already queued, so it is never queued twice.
            if try cache.entity(recorder.id) == nil {
                try deleteDraft(of: recorder, cache: cache)
                try await draft.store(as: recorder.id, in: cache, context: context)
            }
            try cache.setMeta(Self.recorderKey, "")
            return .saved(
                SessionSaved(
                    .trained, id: recorder.id, clientName: recorder.clientName, exercises: exercises,
                    session: try cache.one(TrainingSession.self, recorder.id), unknownExercises: unknown))
        }
    }

    /// The performed exercises, with those the coach created in the view's picker added to the catalogue first
    /// (queued; the session's sync pushes them before it). A name the catalogue meanwhile has is linked instead.
    /// A client cannot change the catalogue: their new names are kept by name only.
    func creatingNewExercises(_ recorder: SessionRecorder, in cache: LocalCache) throws -> [PerformedExercise] {
        let mayCreate = try context.may(.create, .exercise)
        var exercises: [PerformedExercise] = []
        for item in recorder.items where !item.performed.sets.isEmpty {
            var performed = item.performed
            let folded = NameMatch.fold(performed.name)
            if mayCreate, item.isNew, performed.exercise == nil,
                try !cache.all(Exercise.self).contains(where: { NameMatch.fold($0.name) == folded })
            {
                let id = UUID.v7()
                try cache.create(Exercise(name: performed.name, muscles: [], count: item.count), id: id)
                performed.exercise = id
            }
            exercises.append(performed)
        }
        return exercises
    }

    /// Fills in what the client did last time for each exercise (by catalogue id, else by name).
    static func withPrevious(
        _ items: [SessionRecorder.Item], client: UUID, cache: LocalCache
    ) throws -> [SessionRecorder.Item] {
        let history = try LastTime(client: client, cache: cache)
        return items.map { item in
            var item = item
            item.previous = history.sets(of: item.performed)
            return item
        }
    }

    /// What a client did last time in each exercise: the sets of the newest session that had it. However an exercise
    /// enters a session (the plan, `a`, `--repeat`, free), it starts from these.
    struct LastTime {
        /// The client's sessions' exercises, newest session first.
        let history: [[PerformedExercise]]

        /// - Parameter excluding: a session left out (the one being corrected).
        init(client: UUID, cache: LocalCache, excluding: UUID? = nil) throws {
            history = try cache.timeline(TrainingSession.self, client: client).filter { $0.id != excluding }
                .sorted { $0.start > $1.start }.map(\.exercises)
        }

        /// The sets of `exercise` (matched by catalogue id, else by name, case and accents folded) last time it was
        /// done with a set; none when never.
        func sets(of exercise: PerformedExercise) -> [PerformedSet] {
            let folded = NameMatch.fold(exercise.name)
            for session in history {
                let match = session.first { done in
                    guard !done.sets.isEmpty else { return false }
                    if let id = exercise.exercise, done.exercise == id { return true }
                    return NameMatch.fold(done.name) == folded
                }
                if let match { return match.sets }
            }
            return []
        }
    }

    /// The unfinished recording kept in `cache`, if any.
    func load(_ cache: LocalCache) throws -> SessionRecorder? {
        guard let text = try cache.meta(Self.recorderKey), !text.isEmpty else { return nil }
        return try? JSONDecoder().decode(SessionRecorder.self, from: Data(text.utf8))
    }

    /// Keeps `recorder` in `cache` as the unfinished recording.
    func save(_ recorder: SessionRecorder, in cache: LocalCache) throws {
        try cache.setMeta(Self.recorderKey, String(decoding: try JSONEncoder().encode(recorder), as: UTF8.self))
    }
}

/// How `gorilla train` ended: kept for `--resume`, discarded, finished with nothing recorded, or saved.
package enum TrainingEnd {
    /// Left with Ctrl-C: kept on this device for `gorilla train --resume` (and as a draft for the account's other
    /// devices).
    case unfinished(UUID)
    /// Nothing kept or saved here: another device took the session over (and may have finished it).
    case continuedElsewhere(ContinuedElsewhere)
    /// Cancelled with Esc.
    case discarded(UUID)
    /// Finished without a single set: nothing stored, nothing left to resume.
    case empty(UUID)
    /// Stored (and queued for the server).
    case saved(SessionSaved)

    /// How it ended in `--json`: the recording's id and a flag saying how (the saved session as it is stored).
    private struct Record: Encodable {
        let id: String
        var unfinished: Bool?
        var discarded: Bool?
        var empty: Bool?
        var dropped: Bool?
        var continuesOn: String?
        var finished: Bool?
        var since: Date?
    }

    package var jsonForm: some Encodable {
        let form: OneOf<Record, SessionSaved.JSONForm> =
            switch self {
            case .unfinished(let id): .first(Record(id: id.key, unfinished: true))
            case .discarded(let id): .first(Record(id: id.key, discarded: true))
            case .empty(let id): .first(Record(id: id.key, empty: true))
            case .continuedElsewhere(let elsewhere):
                .first(
                    Record(
                        id: elsewhere.id.key, discarded: elsewhere.discarded ? true : nil, dropped: true,
                        continuesOn: elsewhere.device, finished: elsewhere.finished, since: elsewhere.since))
            case .saved(let session): .second(session.jsonForm)
            }
        return form
    }
}
