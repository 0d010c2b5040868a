import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird

/// Messages on the web: a client writes to their coaches and a coach to her clients, as `gorilla messages` does. A
/// message sent here is a pushed mutation of the signed-in account (versions move; devices receive it by their pull and
/// their live pushes), and showing a conversation marks its incoming messages read, as the CLI does.
extension WebDoor {
    /// The most messages a conversation's page shows, the latest.
    static let messagesShown = 100

    /// `GET /messages`: the people the reader writes to.
    func messagesPage(_ request: Request) async throws -> Response {
        let session = try await reader(request)
        let people = try await context.store.correspondents(of: session.user, now: now)
        return WebPages.correspondents(session: session, people: people)
    }

    /// `GET /messages/ID`: the conversation with `ID`, one of the reader's correspondents (404 for anyone else).
    func conversationPage(_ request: Request, context web: WebRequestContext) async throws -> Response {
        let session = try await reader(request)
        guard let person = try await correspondent(web, of: session.user) else {
            return WebPages.notFound(language: session.user.language, session: session)
        }
        return try await conversation(session, with: person, marksRead: !Self.crossSite(request))
    }

    /// `POST /messages/ID` (with `text`): sends it, then shows the conversation; a text the rules refuse is said above
    /// the form.
    func sendMessage(_ request: Request, context web: WebRequestContext) async throws -> Response {
        guard let (form, session) = try await posted(request, context: web) else {
            return WebPages.forbidden(language: WebLanguage.preferred(request))
        }
        guard let person = try await correspondent(web, of: session.user) else {
            return WebPages.notFound(language: session.user.language, session: session)
        }
        let outgoing = Message.Outgoing(text: form["text"] ?? "", to: person.id)
        let mutation = Mutation(
            id: UUID(), kind: EntityKind.message.rawValue, entity: UUID(), action: .create,
            fields: (try? JSONValue.encode(outgoing).objectValue) ?? [:])
        let result = try await context.store.push(
            [PushedMutation(mutation)], principal: session.user, language: session.user.language,
            configuration: context.configuration
        ).results.first
        guard let result, result.status != .rejected else {
            return try await conversation(
                session, with: person,
                problem: result?.error?.message ?? WebPhrases.failureText.text(in: session.user.language))
        }
        await context.feed.catchUp()
        return WebPages.redirect(to: "/messages/\(person.id.key)")
    }

    /// Whether the browser says the request comes from another site (`Sec-Fetch-Site: cross-site`): a link or a
    /// redirect from elsewhere shows the page but changes nothing, not even a read mark, since the session cookie is
    /// sent with it (`SameSite=Lax`).
    static func crossSite(_ request: Request) -> Bool {
        request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site"
    }

    /// The correspondent the address's `id` names, if the reader writes to them.
    private func correspondent(_ web: WebRequestContext, of user: UserRecord) async throws -> Correspondent? {
        guard let id = web.parameters.get("id").flatMap(UUID.init(uuidString:)) else { return nil }
        return try await context.store.correspondents(of: user, now: now).first { $0.id == id }
    }

    /// The conversation of `session` with `person`, its incoming unread messages marked read.
    private func conversation(
        _ session: WebSession, with person: Correspondent, problem: String? = nil, marksRead: Bool = true
    ) async throws
        -> Response
    {
        let messages = try await context.store.conversation(for: session.user, with: person.id, now: now)
        let unread = messages.filter { $0.message.to == session.user.id && $0.message.read == nil }
        if marksRead, !unread.isEmpty {
            let read = JSONValue.string(ISOTime.format(now))
            _ = try await context.store.push(
                unread.map {
                    PushedMutation(
                        Mutation(
                            id: UUID(), kind: EntityKind.message.rawValue, entity: $0.id, action: .update,
                            fields: [Message.CodingKeys.read.rawValue: read], base: $0.version))
                }, principal: session.user, language: session.user.language, configuration: context.configuration)
            await context.feed.catchUp()
        }
        return WebPages.conversation(
            session: session, with: person, messages: Array(messages.suffix(Self.messagesShown)),
            older: messages.count > Self.messagesShown, problem: problem,
            status: problem == nil ? .ok : .badRequest)
    }
}
