import Foundation
import GorillaShared

/// Comments on sessions: messages that name the session, so they reach the other side through sync like any message
/// (the coach comments on a client's session, the client answers), and `sessions show` lists them under the sets.
extension SessionService {
    /// `gorilla sessions comment ID TEXT`: a comment on the session to its client (from the coach) or to the coach
    /// (from the client), queued and sent at once when the server is reachable.
    /// - Throws: ``ClientError`` `.usage` for an empty text or a client who has not registered yet, `.notFound` for an
    ///   unknown session.
    public func comment(on id: String, text: String) async throws -> SessionComment {
        let cache = try context.cache()
        let session = try Self.resolve(cache, id)
        let messages = MessageService(context)
        let recipient: Correspondent
        if try context.session().profile.role.keepsClients {
            guard let clientID = session[string: "client"].flatMap(UUID.init(uuidString:)),
                let client = try cache.entity(clientID), !client.deleted
            else {
                throw ClientError(.notFound, TrainingPhrases.sessionClientNotHere.t(["id": session.id.short]))
            }
            let name = ClientDirectory.displayName(client)
            guard client[string: "status"] == "active" else {
                throw ClientError(.usage, TrainingPhrases.commentNeedsRegisteredClient.t(["name": name]))
                    .decidedLocally()
            }
            recipient = Correspondent(id: client.id, name: name)
        } else {
            recipient = try messages.correspondent(cache, nil)
        }
        let message = try await messages.deliver(
            text, to: recipient, in: cache, extra: ["session": .string(session.id.key)])
        let sent = SentMessage(
            to: recipient.name, id: message, message: try cache.entity(message).map { EntityRecord($0) })
        return SessionComment(message: sent, sessionStart: session[string: "start"])
    }

    /// The comments on session `id` this device has, oldest first, each with who wrote it ("you" for the account's
    /// own).
    func comments(on id: UUID, cache: LocalCache) throws -> [SessionDetail.Comment] {
        let profile = try context.session().profile
        let me = profile.id.key
        let clients = try ClientDirectory(cache: cache).names()
        let coachName = try cache.entity(profile.id)?[string: "coachName"] ?? TrainingPhrases.yourCoach.t()
        return try cache.entities(.message).filter { $0[string: "session"] == id.key }
            .sorted {
                ($0[string: "sent"] ?? $0[string: "queued"] ?? "") < ($1[string: "sent"] ?? $1[string: "queued"] ?? "")
            }
            .map { message in
                let from = message[string: "from"] ?? me
                let author =
                    from == me ? TrainingPhrases.you.t() : profile.role.keepsClients ? clients[from] ?? "?" : coachName
                return SessionDetail.Comment(message: EntityRecord(message), author: author)
            }
    }
}
