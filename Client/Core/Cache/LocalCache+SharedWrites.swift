import Foundation
import GRDB
import GorillaShared

/// What a colleague may not change of a client shared with her, refused before it is queued: the access table's
/// answer for ``GorillaShared/Access/Relation/sharedClient`` (the server refuses it too, and stays the authority).
extension LocalCache {
    /// Refuses `action` on the row `entity` of `kind` (now `current`, sent with `fields`) when it is about a client
    /// a colleague shares with this coach and the access table grants a colleague no such change.
    /// - Throws: ``ClientError`` `.server` with the wire code `forbidden`, naming the client and the sharing coach.
    static func requireSharedClientWrite(
        _ db: Database, kind: String, entity: UUID, action: MutationAction, current: CachedEntity?,
        fields: [String: JSONValue]?
    ) throws {
        guard let kind = EntityKind(rawValue: kind), kind.scope == .client,
            let text = try String.fetchOne(
                db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [sharedClientsKey]),
            !text.isEmpty, let shared = try? WireCoding.decoder.decode([SharedClientEntry].self, from: Data(text.utf8))
        else { return }
        let named = kind.clientFields.lazy.compactMap { fields?[$0] ?? current?.data[$0] }.first?.stringValue
            .flatMap(UUID.init(text:))
        let client = kind == .client ? entity : named
        guard let client, let entry = shared.first(where: { $0.client == client }) else { return }
        guard !Access.may(Access.Action(action), kind, as: .coach, relation: .sharedClient) else { return }
        throw ClientError(
            .server,
            SharePhrases.sharedWriteRefused.t([
                "client": try clientName(db, client) ?? client.short, "coach": entry.by,
            ]),
            wire: WireError(code: .forbidden, message: "forbidden"))
    }

    /// The display name of the client `id` as this device holds their row ("Name Surname", else the username).
    static func clientName(_ db: Database, _ id: UUID) throws -> String? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT json_extract(data, '$.name') AS name, json_extract(data, '$.surname') AS surname,
                        json_extract(data, '$.username') AS username
                    FROM entities WHERE id = ? AND kind = ? AND json_valid(data)
                    """, arguments: [id.key, EntityKind.client.rawValue])
        else { return nil }
        let names = [row["name"], row["surname"]].compactMap { $0 as String? }.filter { !$0.isEmpty }
        return names.isEmpty ? (row["username"] as String?) ?? id.short : names.joined(separator: " ")
    }
}

extension Access.Action {
    /// The access table's action for a queued change's `action`.
    init(_ action: MutationAction) {
        switch action {
        case .create: self = .create
        case .update: self = .update
        case .delete: self = .delete
        }
    }
}
