import Foundation
import GRDB
import GorillaClientCore
import GorillaShared

/// Caches in the format of an earlier version, for the tests of their upgrade.
package enum LegacyCache {
    /// A cache as the version before wrote it: the outbox in a table, each row copied into the journal as a record
    /// whose fields are a string. Returns the queued mutations' ids, in order.
    package static func write(path: String, user: String, machines: [String]) throws -> [UUID] {
        let journal = OutboxJournal(cachePath: path)
        let queue = try DatabaseQueue(path: path)
        try LocalCache.migrator(journal: journal).migrate(queue, upTo: "v4-report-details")
        var ids: [UUID] = []
        var lines = ""
        try queue.write { db in
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('user', ?)", arguments: [user])
            for name in machines {
                let id = UUID.v7(), entity = UUID.v7()
                let fields = FastJSON.text(["name": .string(name)])
                try db.execute(
                    sql: """
                        INSERT INTO outbox (id, kind, entity, action, fields, created_at)
                        VALUES (?, 'machine', ?, 'create', ?, '2026-11-28T10:00:00Z')
                        """, arguments: [id.key, entity.key, fields])
                try db.execute(
                    sql: "INSERT INTO entities (id, kind, data) VALUES (?, 'machine', ?)",
                    arguments: [entity.key, fields])
                let record: JSONValue = [
                    "queued": [
                        "id": .string(id.key), "kind": "machine", "entity": .string(entity.key), "action": "create",
                        "fields": .string(fields), "at": "2026-11-28T10:00:00Z",
                    ]
                ]
                lines += FastJSON.text(record) + "\n"
                ids.append(id)
            }
        }
        try Data(lines.utf8).write(to: journal.url)
        return ids
    }
}
