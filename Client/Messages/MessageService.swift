import Foundation
import GorillaShared

/// A conversation partner: a client of the coach, or the client's coach.
struct Correspondent: Sendable {
    let id: UUID
    let name: String
}

/// Messages between a coach and their clients (`gorilla messages`, and the chat's thread).
public struct MessageService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla messages list`: one row per conversation with its last message and unread count.
    public func conversations() async throws -> ConversationList {
        let cache = try await context.freshCache()
        let me = try context.session().profile.id.key
        var rows: [ConversationList.Row] = []
        for person in try correspondents(cache) {
            let messages = try self.messages(cache, with: person.id)
            guard let last = messages.last else { continue }
            rows.append(
                ConversationList.Row(
                    with: person.name, id: person.id, unread: messages.filter { Self.isUnread($0, by: me) }.count,
                    last: EntityRecord(last), lastIsMine: last[string: "from"] == me,
                    sessionDay: try Self.sessionDays(of: [last], cache: cache).values.first))
        }
        return ConversationList(conversations: rows)
    }

    /// `gorilla messages show [C] [--limit N]`: the conversation, oldest first; marks the shown incoming messages
    /// read (the mark syncs to the sender).
    public func thread(with name: String?, limit: Int?) async throws -> MessageThread {
        let cache = try await context.freshCache()
        let person = try correspondent(cache, name, writing: false)
        var messages = try self.messages(cache, with: person.id)
        if let limit { messages = Array(messages.suffix(max(0, limit))) }
        let me = try context.session().profile.id.key
        let unread = messages.filter { Self.isUnread($0, by: me) }
        let now = ISOTime.format(Date())
        for message in unread {
            try cache.enqueue(
                kind: EntityKind.message.rawValue, entity: message.id, action: .update, fields: ["read": .string(now)])
        }
        if !unread.isEmpty { await context.syncOpportunistically() }
        return MessageThread(
            with: person.name, me: me, messages: messages.map { EntityRecord($0) },
            sessionDays: try Self.sessionDays(of: messages, cache: cache))
    }

    /// `gorilla messages send C TEXT`: queued, and sent at once when the server is reachable.
    public func send(to name: String?, text: String) async throws -> SentMessage {
        let cache = try context.cache()
        let person = try correspondent(cache, name)
        let id = try await deliver(text, to: person, in: cache)
        return SentMessage(to: person.name, id: id, message: try cache.entity(id).map { EntityRecord($0) })
    }

    /// Queues a message to `person` (with `extra` fields, e.g. the session a comment is about) and syncs once; returns
    /// its id.
    /// - Throws: ``ClientError`` `.usage` for an empty or too long text, or one with control characters.
    func deliver(
        _ text: String, to person: Correspondent, in cache: LocalCache, extra: [String: JSONValue] = [:]
    ) async throws -> UUID {
        let trimmed: String
        switch Message.checkedText(text) {
        case .success(let text): trimmed = text
        case .failure(.length):
            throw ClientError(
                .usage, MessagePhrases.messageLength.t(["limit": Language.current.grouped(Message.maxLength)]))
        case .failure(.controlCharacters): throw ClientError(.usage, MessagePhrases.messageControlCharacters.t())
        }
        let me = try context.session().profile.id.key
        let id = UUID.v7()
        try await context.change(
            cache, .message, entity: id, action: .create,
            fields: ["to": .string(person.id.key), "text": .string(trimmed)].merging(extra) { _, added in added })
        // Keep who sent it and when it was queued locally, for display before the server's copy arrives.
        if let local = try cache.entity(id), local[string: "from"] == nil {
            try cache.annotate(id, ["from": .string(me), "queued": .string(ISOTime.format(Date()))])
        }
        return id
    }

    // MARK: Conversations

    /// The people the logged-in account may write to.
    func correspondents(_ cache: LocalCache) throws -> [Correspondent] {
        let profile = try context.session().profile
        if profile.role.keepsClients {
            return try cache.entities(.client).filter { $0[string: "status"] == "active" }
                .map { Correspondent(id: $0.id, name: ClientDirectory.displayName($0)) }
        }
        guard let coach = profile.coach else { return [] }
        let me = try cache.entity(profile.id)
        return [Correspondent(id: coach, name: me?[string: "coachName"] ?? MessagePhrases.yourCoach.t())]
    }

    /// The other person of a conversation: a client by name for a coach; for a client, one of their coaches, by
    /// name (nothing names their only coach). A name that is none of their coaches is refused with the coaches they
    /// may write to.
    /// A removed client is found for reading their conversation (`writing` false), never for writing to them.
    func correspondent(_ cache: LocalCache, _ text: String?, writing: Bool = true) throws -> Correspondent {
        if try !context.session().profile.role.keepsClients {
            let coaches = try correspondents(cache)
            guard let coach = coaches.first else {
                throw ClientError(.notFound, MessagePhrases.accountHasNoCoach.t()).decidedLocally()
            }
            guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return coach }
            if coaches.count == 1, Self.coachWords.contains(NameMatch.fold(text)) { return coach }
            if let named = coaches.first(where: { Self.names($0, text) }) { return named }
            throw ClientError(
                .usage,
                MessagePhrases.notOneOfYourCoaches.t([
                    "name": text, "coaches": coaches.map(\.name).joined(separator: ", "),
                ])
            ).decidedLocally()
        }
        guard let text else { throw ClientError(.usage, MessagePhrases.nameTheClient.t()) }
        let client = try ClientDirectory(cache: cache).resolve(
            text, for: writing ? .writing(.sendMessages) : .reading)
        let name = ClientDirectory.displayName(client)
        guard client[string: "status"] == "active" || (client.deleted && !writing) else {
            throw ClientError(.usage, MessagePhrases.clientNotRegistered.t(["name": name]))
                .decidedLocally()
        }
        return Correspondent(id: client.id, name: name)
    }

    /// The words that name a client's only coach in any language (`coach`, `entrenador`, `entrenadora`).
    static let coachWords: Set<String> = ["coach", "entrenador", "entrenadora"]

    /// Whether `text` names `person` as a client's name is matched elsewhere (``NameMatch/wordsBegin(_:in:)``:
    /// `ada`, `Lovelace`, `ADA LOVE`); an id prefix names them too.
    static func names(_ person: Correspondent, _ text: String) -> Bool {
        NameMatch.wordsBegin(text, in: person.name)
            || (text.count >= 4 && person.id.key.hasPrefix(NameMatch.fold(text)))
    }

    /// Messages between the account and `other`, oldest first.
    func messages(_ cache: LocalCache, with other: UUID) throws -> [CachedEntity] {
        let me = try context.session().profile.id.key
        let them = other.key
        return try cache.entities(.message).filter {
            ($0[string: "from"] == me && $0[string: "to"] == them)
                || ($0[string: "from"] == them && $0[string: "to"] == me)
        }.sorted { Self.order($0) < Self.order($1) }
    }

    /// The local day (YYYY-MM-DD) of each session that `messages` comment on, by the session's id key.
    static func sessionDays(of messages: [CachedEntity], cache: LocalCache) throws -> [String: String] {
        var days: [String: String] = [:]
        for key in Set(messages.compactMap { $0[string: "session"] }) {
            if let start = try UUID(uuidString: key).flatMap({ try cache.entity($0) })?[string: "start"] {
                days[key] = String(EventFormatting.local(start).prefix(10))
            }
        }
        return days
    }

    /// Whether `message` is to `me` and not read yet.
    static func isUnread(_ message: CachedEntity, by me: String) -> Bool {
        message[string: "to"] == me && message.data["read"] == nil
    }

    /// Server time when known, else the time the device queued it (ids are time-ordered v7).
    private static func order(_ message: CachedEntity) -> String {
        (message[string: "sent"] ?? message[string: "queued"] ?? "9999") + message.id.uuidString
    }
}
