import Foundation
import GorillaShared

extension EntityKinds {
    /// A finished training session (the history), recorded by the coach or by the client themselves.
    ///
    /// Corrections are updates of `exercises`, `notes`, `start`, `end` and `paused`, each a new revision (the server
    /// counts them in `revision`, up to ``TrainingSession/maxRevisions``; the change log keeps the way back to every
    /// earlier one as ``RevisionDelta``s, see ``ServerStore/sessionHistory``). The coach
    /// corrects any session of their clients; a client only the sessions they recorded (`recordedBy`). Only the coach
    /// deletes one (a tombstone).
    static let session = KindRules(
        TrainingSession.self,
        revisionField: TrainingSession.CodingKeys.revision.rawValue,
        check: { session, context in
            if context.creating {
                // A client records their own training, never another client's.
                if let owner = context.owner, session.client != owner {
                    throw ServerError(.forbidden, "clients record their own sessions")
                }
                session.recordedBy = context.principal.role
                // A colleague the client is shared with records under the client's coach, and says who she is.
                session.recorder = context.rowTenant == nil ? nil : context.principal.username
                session.revision = 1
            }
            try context.requireLive(session.client, .client, field: "client")
            if let event = session.event {
                guard let row = try context.liveReference(event, kind: .event) else {
                    throw ServerError(.invalidReference, "event (no such event)")
                }
                if row.clientID != session.client.key {
                    throw ServerError(.invalidReference, "event (belongs to another client)")
                }
            }
            try context.requireKnown(session.training, .training, field: "training")
            for (index, exercise) in session.exercises.enumerated() {
                try context.requireKnown(exercise.exercise, .exercise, field: "exercises[\(index)].exercise")
            }
            session = try session.normalised()
        },
        stored: { try DocumentReader.json(StoredSession($0)) },
        canonicalCreate: canonicalSession
    )
}

/// A session as the server stores it: as ``GorillaShared/TrainingSession`` writes it (each set numbered by its place
/// in its list, `position`), with its pauses as given rather than to the millisecond, as ``CanonicalSession`` writes
/// it too (`CanonicalSessionTests` hold the two equal).
struct StoredSession: Encodable {
    let session: TrainingSession

    init(_ session: TrainingSession) { self.session = session }

    func encode(to encoder: any Encoder) throws {
        try session.encode(to: encoder)
        var container = encoder.container(keyedBy: TrainingSession.CodingKeys.self)
        try container.encodeIfPresent(session.paused, forKey: .paused)
    }
}
