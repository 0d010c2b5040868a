import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What a command does with the client it names: the one place that decides whether a removed client will do.
enum ClientUse {
    /// Reads their record or their history (`stats`, `sessions list`, `clients show`): removed clients are found too,
    /// as their history stays with the coach.
    case reading
    /// Writes for them; `action` says what, for the refusal of a removed client.
    case writing(ClientAction)
}

/// What a command does for a client, as the refusal of a removed client says it: "you can read their history but not
/// `…`" — each a whole phrase in every language, never a fragment.
enum ClientAction: Sendable {
    case logSessions, train, scheduleEvents, sendMessages, setGoal, issueCode, resetPassword, remove, transfer

    /// The action in the current language.
    var refusal: String {
        let phrase: CataloguePhrases =
            switch self {
            case .logSessions: .removedClientLogSessions
            case .train: .removedClientTrain
            case .scheduleEvents: .removedClientScheduleEvents
            case .sendMessages: .removedClientSendMessages
            case .setGoal: .removedClientSetGoal
            case .issueCode: .removedClientIssueCode
            case .resetPassword: .removedClientResetPassword
            case .remove: .removedClientRemove
            case .transfer: .removedClientTransfer
            }
        return phrase.t()
    }
}

/// A coach's clients as this device knows them: found by what the coach calls them, and named for lists.
///
/// Removed clients stay in the local cache as tombstones (kind `client`, deleted) that keep their names: they are
/// found wherever a client is named for reading, after the live ones, and refused with a clear message by commands
/// that write for them.
struct ClientDirectory {
    let cache: LocalCache

    /// A client's display name: "Name Surname", else the username, else "invited client" and its short id.
    static func displayName(_ client: Stored<Client>) -> String {
        client.fullName ?? CataloguePhrases.invitedClientName.t(["id": client.id.short])
    }

    /// The client called `text`, live ones first: by display name, username or first name (case and accents folded),
    /// else by an id (a prefix or ending of at least 4 hex digits, or the short id), else by words that begin words of
    /// the full name or username ("ruiz", "castellà", "marti", "nuria puig"), else by a piece of the name that only
    /// one client has. A removed client is found when no live one is, for reading only.
    /// - Throws: ``ClientError`` `.ambiguous`, `.notFound` naming the nearest clients, or `.usage` when `use` writes
    ///   for a removed client.
    func client(_ text: String, for use: ClientUse) throws -> Stored<Client> {
        let all = try cache.all(Client.self, includeDeleted: true)
        let live = all.filter { !$0.deleted }
        if let client = try Self.match(text, in: live) { return client }
        let removed = all.filter(\.deleted)
        if let client = try Self.match(text, in: removed) {
            if case .writing(let action) = use {
                throw ClientError(
                    .usage,
                    CataloguePhrases.removedClientRefused.t([
                        "client": Self.displayName(client), "action": action.refusal,
                    ]))
            }
            return client
        }
        let known: [Stored<Client>]
        switch use {
        case .reading: known = all
        case .writing: known = live
        }
        throw NameResolver.notFound("client", text, names: known.map(Self.displayName))
    }

    /// The one client of `clients` that `text` names; nil when none does.
    /// - Throws: ``ClientError`` `.ambiguous` when several do equally well.
    private static func match(_ text: String, in clients: [Stored<Client>]) throws -> Stored<Client>? {
        let wanted = NameMatch.fold(text)
        guard !wanted.isEmpty, !clients.isEmpty else { return nil }
        func names(_ client: Stored<Client>) -> [String] {
            [displayName(client), client.username ?? "", client.name ?? ""]
        }
        let steps: [(Stored<Client>) -> Bool] = [
            { names($0).contains { NameMatch.fold($0) == wanted } },
            { Self.hasID($0.id, wanted) },
            { names($0).contains { NameMatch.wordsBegin(text, in: $0) } },
            { names($0).contains { NameMatch.fold($0).contains(wanted) } },
        ]
        for step in steps {
            let found = clients.filter(step)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw ambiguous(text, found) }
        }
        return nil
    }

    /// Whether `text` (folded) is a prefix or ending of `id` of at least 4 hex digits (dashes optional), or the
    /// beginning of its short id.
    private static func hasID(_ id: UUID, _ text: String) -> Bool {
        let hex = text.replacingOccurrences(of: "-", with: "")
        guard hex.count >= 4, hex.allSatisfy(\.isHexDigit) else { return false }
        let digits = id.key.replacingOccurrences(of: "-", with: "")
        return digits.hasPrefix(hex) || digits.hasSuffix(hex) || id.short.hasPrefix(hex)
    }

    private static func ambiguous(_ text: String, _ matches: [Stored<Client>]) -> ClientError {
        let list = matches.prefix(12).map {
            $0.deleted
                ? CataloguePhrases.ambiguousRemovedClient.t(["name": displayName($0), "id": $0.id.short])
                : "\(displayName($0)) (\($0.id.short))"
        }.joined(separator: ", ")
        return ClientError(.ambiguous, CataloguePhrases.clientsAmbiguous.t(["text": text, "list": list]))
    }

    /// Every client's display name by id, removed clients included (history keeps their names).
    func names() throws -> [UUID: String] {
        Dictionary(
            uniqueKeysWithValues: try cache.all(Client.self, includeDeleted: true).map { ($0.id, Self.displayName($0)) }
        )
    }

    /// The registration code this device keeps for an invited client, with its expiry; nil when it has none, or when
    /// the one it has was replaced (the client's `codeExpires` from the server is another code's: one issued on
    /// another device of the coach).
    func knownCode(_ client: Stored<Client>) throws -> (code: String, expires: String)? {
        guard let kept = try knownCode(client.id) else { return nil }
        // Expiries are kept to the millisecond, so two codes issued in the same second still differ.
        if let current = client.codeExpires, let mine = ISOTime.parse(kept.expires),
            ISOTime.format(current) != ISOTime.format(mine)
        {
            return nil
        }
        return kept
    }

    /// The registration code kept on this device for the client `client`, with its expiry, whether or not a newer
    /// one was issued elsewhere.
    func knownCode(_ client: UUID) throws -> (code: String, expires: String)? {
        guard let value = try cache.meta("code:" + client.key) else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Keeps a client's new registration code on this device.
    func keepCode(_ client: UUID, code: String, expires: String) throws {
        try cache.setMeta("code:" + client.key, code + " " + expires)
    }
}
