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

    /// The client called `text`: by display name, username or first name, else by username or id prefix.
    /// - Throws: ``ClientError`` `.ambiguous` or `.notFound`.
    func resolve(_ text: String) throws -> CachedEntity {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        let matches = try cache.entities(.client).filter {
            Self.displayName($0).lowercased() == wanted || ($0[string: "username"] ?? "").lowercased() == wanted
                || ($0[string: "name"] ?? "").lowercased() == wanted
        }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            let list = matches.map { "\(Self.displayName($0)) (\($0.id.short))" }.joined(separator: ", ")
            throw ClientError(.ambiguous, "'\(text)' matches several clients: \(list); use the username or an id")
        }
        return try NameResolver(cache: cache).resolve(.client, text, nameField: "username")
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
