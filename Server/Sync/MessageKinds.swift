import Foundation
import GorillaShared

extension EntityKinds {
    /// A message between a client and one of their coaches (their own, or a colleague of the gym their data is shared
    /// with): never edited or deleted; the recipient may mark it read.
    ///
    /// A new message is read as what its sender writes (``GorillaShared/Message/Outgoing``); the server sets `from`
    /// and `sent`, and `client` names the conversation's client (for scoping). A message that names a `session`
    /// comments on it: a live session of that client.
    static let message = KindRules(
        Message.self,
        read: { document, context in
            guard context.creating else { return try Message(checking: document) }
            try Message.checkMembers(of: document)
            let outgoing = try DocumentReader.read(Message.Outgoing.self, from: document).normalised()
            let principal = context.principal
            return Message(
                outgoing, from: principal.id, client: principal.role == .coach ? outgoing.to : principal.id,
                sent: context.now)
        },
        check: { message, context in
            guard context.creating else { return }
            let principal = context.principal
            if principal.role == .coach {
                // Only to a client of hers, or shared with her (the row is then filed under the client's coach).
                guard try context.liveReference(message.to, kind: .client) != nil else {
                    throw ServerError(.invalidReference, "to (not your client)")
                }
            } else if message.to != principal.coachID {
                // Or to a colleague their coach shares them with, while the share lasts.
                guard let coach = principal.coachID,
                    try ServerStore.isShared(
                        context.db, client: principal.id, of: coach, with: message.to, now: context.now)
                else { throw ServerError(.forbidden, "clients write to their coaches") }
            }
            message.read = nil
            // A comment on a training session: a live session of the conversation's client.
            if let id = message.session {
                guard let session = try context.liveReference(id, kind: .session),
                    session.clientID == message.client.key
                else {
                    throw ServerError(.invalidReference, "session (no such session of this client)")
                }
            }
        }
    )
}
