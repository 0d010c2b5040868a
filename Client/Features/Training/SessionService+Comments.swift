import Foundation
import GorillaClientCore
import GorillaShared

/// Comments on sessions: messages that name the session, so they reach the other side through sync like any message
/// (the coach comments on a client's session, the client answers), and `sessions show` lists them under the sets.
extension SessionService {
    /// `gorilla sessions comment ID TEXT`: a comment on the session to its client (from the coach) or to the coach
    /// (from the client), queued and sent at once when the server is reachable.
    /// - Throws: ``ClientError`` `.usage` for an empty text or a client who has not registered yet, `.notFound` for an
    ///   unknown session.
    package func comment(on id: String, text: String) async throws -> SessionComment {
        let cache = try context.cache()
        let session = try Self.resolve(cache, id)
        let messages = MessageService(context)
        let recipient: Correspondent
        if try context.session().profile.role.keepsClients {
            guard let client = try cache.one(Client.self, session.client), !client.deleted else {
                throw ClientError(.notFound, TrainingPhrases.sessionClientNotHere.t(["id": session.id.short]))
            }
            let name = ClientDirectory.displayName(client)
            guard client.status == .active else {
                throw ClientError(.usage, TrainingPhrases.commentNeedsRegisteredClient.t(["name": name]))
                    .decidedLocally()
            }
            recipient = Correspondent(id: client.id, name: name)
        } else {
            recipient = try messages.correspondent(cache, nil)
        }
        let message = try await messages.deliver(
            text, to: recipient, in: cache, session: session.id)
        let sent = SentMessage(to: recipient.name, id: message, message: try cache.one(DeviceMessage.self, message))
        return SessionComment(message: sent, sessionStart: session.start)
    }

    /// The comments on session `id` this device has, oldest first, each with who wrote it ("you" for the account's
    /// own).
    func comments(on id: UUID, cache: LocalCache) throws -> [SessionDetail.Comment] {
        let profile = try context.session().profile
        let clients = try ClientDirectory(cache: cache).names()
        let coachName = try cache.one(Client.self, profile.id)?.coachName ?? TrainingPhrases.yourCoach.t()
        return try cache.all(HeldMessage.self).filter { $0.session == id }
            .sorted { ($0.sent ?? $0.queued ?? .distantPast) < ($1.sent ?? $1.queued ?? .distantPast) }
            .map { message in
                let from = message.from ?? profile.id
                let author =
                    from == profile.id
                    ? TrainingPhrases.you.t() : profile.role.keepsClients ? clients[from] ?? "?" : coachName
                return SessionDetail.Comment(
                    id: message.id, from: message.from, sent: message.sent, text: message.text, author: author)
            }
    }
}

/// A message as this device holds it: one it sent has no `from` nor `sent` until the server's copy arrives (that a
/// `Message` requires), only the time it was queued (noted by the cache).
private struct HeldMessage: EntityDocument {
    static let kind = EntityKind.message
    static let forms = DocumentForms([CodingKeys.from: .id, .session: .id])

    var from: UUID?
    var text: String
    var sent: Date?
    var queued: Date?
    package var session: UUID?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case from, text, sent, queued, session
    }
}
