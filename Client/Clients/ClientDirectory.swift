import Foundation
import GorillaShared

/// A coach's clients as this device knows them: found by what the coach calls them, and named for lists.
struct ClientDirectory {
    let cache: LocalCache

    /// A client's display name: "Name Surname", else the username, else "invited client" and its short id.
    static func displayName(_ client: CachedEntity) -> String {
        let full = [client[string: "name"], client[string: "surname"]].compactMap { $0 }.joined(separator: " ")
        if !full.isEmpty { return full }
        return client[string: "username"] ?? "invited client \(client.id.short)"
    }

    /// The client called `text`: by display name, username or first name (case and accents folded), else by a word
    /// of the full name or username ("ruiz", "castellà", "marti"), else by an id prefix.
    /// - Throws: ``ClientError`` `.ambiguous`, or `.notFound` naming the nearest clients.
    func resolve(_ text: String) throws -> CachedEntity {
        let clients = try cache.entities(.client)
        func names(_ client: CachedEntity) -> [String] {
            [Self.displayName(client), client[string: "username"] ?? "", client[string: "name"] ?? ""]
        }
        let wanted = NameMatch.fold(text)
        let exact = clients.filter { names($0).contains { NameMatch.fold($0) == wanted } }
        if exact.count == 1 { return exact[0] }
        if exact.count > 1 { throw ambiguous(text, exact) }
        let byWord = clients.filter { client in
            names(client).contains { NameMatch.quality(of: text, for: $0).map { $0 <= .word } ?? false }
        }
        if byWord.count == 1 { return byWord[0] }
        if byWord.count > 1 { throw ambiguous(text, byWord) }
        do {
            return try NameResolver(cache: cache).resolve(.client, text, nameField: "username")
        } catch let error as ClientError where error.kind == .notFound {
            throw NameResolver.notFound("client", text, names: clients.map(Self.displayName))
        }
    }

    private func ambiguous(_ text: String, _ matches: [CachedEntity]) -> ClientError {
        let list = matches.map { "\(Self.displayName($0)) (\($0.id.short))" }.joined(separator: ", ")
        return ClientError(.ambiguous, "'\(text)' matches several clients: \(list); use the username or an id")
    }

    /// Every client's display name by id key, removed clients included (history keeps their names).
    func names() throws -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: try cache.entities(.client, includeDeleted: true).map {
                ($0.id.key, Self.displayName($0))
            })
    }

    /// The registration code kept on this device for an invited client, with its expiry.
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
