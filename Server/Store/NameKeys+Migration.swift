import Foundation
import GorillaShared

/// Name keys stored before they folded accents: `name_key` was the name in lower case (``GorillaShared/Validation/key(_:)``),
/// so "Press" and "Prèss" could both be a coach's machines while every lookup took them for one name.
enum NameKeys {
    /// Rewrites every live row's `name_key` to ``GorillaShared/NameMatch/key(_:)`` of its name. Two live rows of a coach
    /// and kind whose names now fold alike both stay as they are, named as before: the older (by id) takes the key,
    /// the other keeps one made unique by its id, so that neither is lost and no new name can join them. Run once by
    /// the migrations `v11-folded-name-keys` (SQLite) and `v4-folded-name-keys` (PostgreSQL), in their transaction;
    /// documents and versions do not change.
    static func refold(_ db: any SQLTransaction) throws {
        let name = db.dialect.jsonText("data", "name")
        var after = ""
        var taken: [String: Set<String>] = [:]
        var changes: [(id: String, key: String)] = []
        while true {
            let rows = try db.fetchAll(
                sql: """
                    SELECT id, coach_id, kind, name_key, COALESCE(\(name), '') FROM entities
                    WHERE deleted = 0 AND name_key IS NOT NULL AND id > ? ORDER BY id LIMIT \(batch)
                    """, arguments: [after])
            guard let last = rows.last else { break }
            after = last[0]
            for row in rows {
                let id: String = row[0]
                let group = "\(row[1] as String) \(row[2] as String)"
                var key = NameMatch.key(row[4])
                if !taken[group, default: []].insert(key).inserted { key += " \u{1F}\(id)" }
                if key != row[3] as String { changes.append((id, key)) }
            }
        }
        // Every changing key is first set to one no name can have, so that no new key meets an old one on its way.
        for change in changes {
            try db.execute(sql: "UPDATE entities SET name_key = ? WHERE id = ?", arguments: ["\u{1F}\(change.id)", change.id])
        }
        for change in changes {
            try db.execute(sql: "UPDATE entities SET name_key = ? WHERE id = ?", arguments: [change.key, change.id])
        }
    }

    /// Rows a migration reads at once.
    static let batch = 256
}
