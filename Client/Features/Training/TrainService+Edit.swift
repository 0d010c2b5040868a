import Foundation
import GorillaClientCore
import GorillaShared

extension TrainService {
    /// `gorilla train --edit ID`: the view opened on a finished session, to correct it.
    ///
    /// The view opens as the hands-free form with the session's exercises and sets (nothing timed), at the session's
    /// times: `e` edits or deletes any set, a typed set adds one, `a`, `x`, `K`/`J` add, remove and move exercises,
    /// `n` changes the note. Saving stores a correction (``SessionService/correct(_:exercises:notes:start:)``: a new
    /// revision of the same session); the recording keeps the session's id, so it is never stored as a second one.
    /// - Throws: ``ClientError`` `.notFound` for an unknown session, `.usage` while another session is unfinished
    ///   here, `.server` (forbidden) for a client and a session their coach recorded — all before the view opens.
    package func prepareEdit(_ id: String) async throws -> SessionRecorder {
        let cache = try await context.cacheForView()
        try refuseWhileUnfinished(cache)
        let session = try SessionService.resolve(cache, id)
        try SessionService(context).mayCorrect(session)
        let owner = try cache.one(Client.self, session.client)
        let training = try session.training.flatMap { try cache.one(Training.self, $0) }
        let items = try session.exercises.map { done in
            SessionRecorder.Item(performed: done, count: try Self.count(of: done.exercise, cache: cache))
        }
        return SessionRecorder(
            id: session.id, client: session.client,
            clientName: try owner.map(ClientDirectory.displayName)
                ?? {
                    let me = try context.session().profile; return "\(me.name) \(me.surname)"
                }(),
            training: training?.id, trainingName: training?.name, event: session.event, realTime: false,
            free: training == nil, items: items,
            catalogue: try Self.catalogue(cache, client: session.client, excluding: session.id), at: session.start,
            until: session.end, correcting: true, notes: session.notes)
    }

    /// Stores the correction a `--edit` recording holds.
    func storeCorrection(_ recorder: SessionRecorder, in cache: LocalCache) async throws -> SessionSaved {
        let exercises = try creatingNewExercises(recorder, in: cache)
        return try await SessionService(context).correct(recorder.id.key, exercises: exercises, notes: recorder.notes)
    }
}
