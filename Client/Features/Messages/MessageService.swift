import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A conversation partner: a client of the coach (or shared with her), or one of the client's coaches.
struct Correspondent: Sendable {
    let id: UUID
    let name: String
    /// A coach's username, which names her too.
    var username: String? = nil
}

/// Messages between a coach and their clients (`gorilla messages`, and the chat's thread).
package struct MessageService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla messages list`: one row per conversation with its last message and unread count.
    package func conversations() async throws -> ConversationList {
        let cache = try await context.freshCache()
        let me = try context.session().profile.id
        let all = try cache.all(DeviceMessage.self)
        var rows: [ConversationList.Row] = []
        for person in try await correspondents(cache, covering: all, me: me) {
            let messages = Self.messages(all, between: me, and: person.id)
            guard let last = messages.last else { continue }
            rows.append(
                ConversationList.Row(
                    with: person.name, id: person.id, unread: messages.filter { $0.value.isUnread(by: me) }.count,
                    last: last, lastIsMine: last.from == me,
                    sessionDay: try Self.sessionDays(of: [last], cache: cache).values.first))
        }
        return ConversationList(conversations: rows)
    }

    /// `gorilla messages show [C] [--limit N]`: the conversation, oldest first; marks the shown incoming messages
    /// read (the mark syncs to the sender).
    package func thread(with name: String?, limit: Int?) async throws -> MessageThread {
        let cache = try await context.freshCache()
        _ = try await correspondents(
            cache, covering: try cache.all(DeviceMessage.self), me: try context.session().profile.id)
        let person = try correspondent(cache, name, writing: false)
        var messages = try self.messages(cache, with: person.id)
        if let limit { messages = Array(messages.suffix(max(0, limit))) }
        let me = try context.session().profile.id
        if try markRead(messages.filter { $0.value.isUnread(by: me) }, in: cache) {
            await context.syncOpportunistically()
        }
        return MessageThread(
            with: person.name, me: me, messages: messages, sessionDays: try Self.sessionDays(of: messages, cache: cache)
        )
    }

    /// Queues the read marks of `unread` (incoming messages not read yet); returns whether there were any.
    func markRead(_ unread: [Stored<DeviceMessage>], in cache: LocalCache) throws -> Bool {
        let now = Date()
        for message in unread {
            var marked = message.value
            marked.read = now
            try cache.update(message.id, to: marked)
        }
        return !unread.isEmpty
    }

    /// `gorilla messages send C TEXT`: queued, and sent at once when the server is reachable.
    package func send(to name: String?, text: String) async throws -> SentMessage {
        let cache = try context.cache()
        let person: Correspondent
        do {
            person = try correspondent(cache, name)
        } catch let error as ClientError where error.kind == .usage {
            // A client names a coach this device does not know yet (shared with since the profile was last read):
            // the server's profile names their coaches now.
            guard try !context.session().profile.role.keepsClients,
                (try? await context.fetchProfile(timeout: context.connectTimeout)) != nil
            else { throw error }
            person = try correspondent(cache, name)
        }
        let id = try await deliver(text, to: person, in: cache)
        return SentMessage(to: person.name, id: id, message: try cache.one(DeviceMessage.self, id))
    }

    /// Queues a message to `person` (a comment on `session` when given) and syncs once; returns its id.
    /// - Throws: ``ClientError`` `.usage` for an empty or too long text, or one with control characters.
    func deliver(
        _ text: String, to person: Correspondent, in cache: LocalCache, session: UUID? = nil
    ) async throws
        -> UUID
    {
        let trimmed: String
        switch Message.checkedText(text) {
        case .success(let text): trimmed = text
        case .failure(.length):
            throw ClientError(
                .usage, MessagePhrases.messageLength.t(["limit": Language.current.grouped(Message.maxLength)]))
        case .failure(.controlCharacters): throw ClientError(.usage, MessagePhrases.messageControlCharacters.t())
        }
        let me = try context.session().profile.id
        let id = UUID.v7()
        try await context.create(cache, DeviceMessage(to: person.id, text: trimmed, session: session), id: id)
        try Self.noteQueued(id, from: me, in: cache)
        return id
    }

    /// Notes on the local copy of message `id`, while the server's copy has not arrived, who sent it and when it was
    /// queued, for display.
    static func noteQueued(_ id: UUID, from me: UUID, in cache: LocalCache) throws {
        guard var local = try cache.one(DeviceMessage.self, id)?.value, local.from == nil else { return }
        local.from = me
        local.queued = Date()
        try cache.annotate(id, local.document)
    }

    // MARK: Conversations

    /// The people the logged-in account may write to: a coach's active clients, her own and those shared with her; a
    /// client's own coach, then the colleagues their data is shared with, as the account's profile last named them
    /// (each coach has a conversation of her own with the client).
    func correspondents(_ cache: LocalCache) throws -> [Correspondent] {
        let profile = try context.session().profile
        if profile.role.keepsClients {
            return try cache.all(Client.self).filter { $0.status == .active }
                .map { Correspondent(id: $0.id, name: ClientDirectory.displayName($0)) }
        }
        guard let coach = profile.coach else { return [] }
        let me = try cache.one(Client.self, profile.id)
        let own = profile.coaches?.first { $0.id == coach }
        var people = [
            Correspondent(id: coach, name: me?.coachName ?? MessagePhrases.yourCoach.t(), username: own?.username)
        ]
        for colleague in profile.coaches ?? [] where colleague.shared == true && colleague.id != coach {
            people.append(Correspondent(id: colleague.id, name: colleague.name, username: colleague.username))
        }
        return people
    }

    /// ``correspondents(_:)``, once the server's profile was asked when a client holds messages of a coach it does not
    /// name yet (a colleague who wrote since the client was shared with her).
    func correspondents(
        _ cache: LocalCache, covering messages: [Stored<DeviceMessage>], me: UUID
    ) async throws -> [Correspondent] {
        let people = try correspondents(cache)
        guard try !context.session().profile.role.keepsClients else { return people }
        let others = Set(messages.compactMap { $0.from == me ? $0.to : $0.from })
        guard !others.isSubset(of: Set(people.map(\.id))),
            (try? await context.fetchProfile(timeout: context.connectTimeout)) != nil
        else { return people }
        return try correspondents(cache)
    }

    /// The other person of a conversation: a client by name for a coach; for a client, one of their coaches by name or
    /// username (no name, or a coach word, names their own coach). A name that is none of their coaches is refused
    /// with the coaches they may write to.
    /// A removed client is found for reading their conversation (`writing` false), never for writing to them.
    func correspondent(_ cache: LocalCache, _ text: String?, writing: Bool = true) throws -> Correspondent {
        if try !context.session().profile.role.keepsClients {
            let coaches = try correspondents(cache)
            guard let coach = coaches.first else {
                throw ClientError(.notFound, MessagePhrases.accountHasNoCoach.t()).decidedLocally()
            }
            guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return coach }
            // The coach words name their own coach, also beside the colleagues they are shared with.
            if Self.coachWords.contains(NameMatch.fold(text)) { return coach }
            if let named = coaches.first(where: { Self.names($0, text) }) { return named }
            throw ClientError(
                .usage,
                MessagePhrases.notOneOfYourCoaches.t([
                    "name": text, "coaches": coaches.map(\.name).joined(separator: ", "),
                ])
            ).decidedLocally()
        }
        guard let text else { throw ClientError(.usage, MessagePhrases.nameTheClient.t()) }
        let client = try ClientDirectory(cache: cache).client(
            text, for: writing ? .writing(.sendMessages) : .reading)
        let name = ClientDirectory.displayName(client)
        guard client.status == .active || (client.deleted && !writing) else {
            throw ClientError(.usage, MessagePhrases.clientNotRegistered.t(["name": name]))
                .decidedLocally()
        }
        return Correspondent(id: client.id, name: name)
    }

    /// The words that name a client's only coach in any language (`coach`, `entrenador`, `entrenadora`).
    static let coachWords: Set<String> = ["coach", "entrenador", "entrenadora"]

    /// Whether `text` names `person` as a client's name is matched elsewhere (``NameMatch/wordsBegin(_:in:)``:
    /// `ada`, `Lovelace`, `ADA LOVE`); a coach's username and an id prefix name them too.
    static func names(_ person: Correspondent, _ text: String) -> Bool {
        NameMatch.wordsBegin(text, in: person.name)
            || person.username.map { NameMatch.fold($0) == NameMatch.fold(text) } == true
            || (text.count >= 4 && person.id.key.hasPrefix(NameMatch.fold(text)))
    }

    /// Messages between the account and `other`, oldest first.
    func messages(_ cache: LocalCache, with other: UUID) throws -> [Stored<DeviceMessage>] {
        Self.messages(try cache.all(DeviceMessage.self), between: try context.session().profile.id, and: other)
    }

    /// The messages of `all` between `me` and `other`, oldest first: by the server's time when known, else the time
    /// the device queued it (ids are time-ordered v7).
    static func messages(_ all: [Stored<DeviceMessage>], between me: UUID, and other: UUID) -> [Stored<DeviceMessage>] {
        all.filter { ($0.from == me && $0.to == other) || ($0.from == other && $0.to == me) }
            .sorted { ($0.when ?? .distantFuture, $0.id.uuidString) < ($1.when ?? .distantFuture, $1.id.uuidString) }
    }

    /// The local day (YYYY-MM-DD) of each session that `messages` comment on, by the session's id.
    static func sessionDays(of messages: [Stored<DeviceMessage>], cache: LocalCache) throws -> [UUID: String] {
        var days: [UUID: String] = [:]
        for id in Set(messages.compactMap(\.session)) {
            if let start = try cache.one(TrainingSession.self, id)?.start {
                days[id] = String(EventFormatting.local(start).prefix(10))
            }
        }
        return days
    }
}
