import Foundation
import GRDB
import GorillaShared
import Testing

@testable import GorillaClient
@testable import GorillaClientCore

/// One queued change, each step once: the outbox is the journal alone, its record holds the fields as the JSON
/// object written when queued, and a push sends that text as it is.
@Suite struct OutboxOnceTests {
    /// A cache as the version before wrote it: the outbox in a table, each row copied into the journal as a record
    /// whose fields are a string. Returns the queued mutations' ids, in order.
    static func legacyCache(path: String, user: String, machines: [String]) throws -> [UUID] {
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

    @Test func aQueuedChangeIsOneJournalLineWhoseFieldsAreThePushedText() throws {
        let folder = try OutboxJournalTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let cache = try LocalCache.open(path: path)
        _ = try cache.adopt(user: "ada")
        let queued = try cache.enqueue(
            kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": "Leg press 45°", "image": .null])

        // No second copy in the cache.
        let tables = try cache.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        #expect(!tables.contains("outbox"), "\(tables)")
        // One line, the fields as an object in it (not a string holding them).
        let text = try String(contentsOf: OutboxJournal(cachePath: path).url, encoding: .utf8)
        let fields = #"{"image":null,"name":"Leg press 45°"}"#
        #expect(text.split(separator: "\n").count == 1, "\(text)")
        #expect(text.contains(#""fields":"# + fields), "\(text)")
        // The push line carries the same bytes.
        let entries = try cache.outbox()
        #expect(entries.map(\.id) == [queued.id])
        #expect(entries.first?.fieldsChecked == true)
        let body = String(decoding: SyncEngine.encodedBatch(entries, bytes: 1 << 20).body, as: UTF8.self)
        #expect(body.contains(#""fields":"# + fields), "\(body)")
    }

    @Test func anUpgradedCacheKeepsEachQueuedChangeOnceInTheJournalAlone() throws {
        let folder = try OutboxJournalTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let ids = try Self.legacyCache(path: path, user: "ada", machines: ["Rack", "Bench"])

        let cache = try LocalCache.open(path: path)
        #expect(try cache.outbox().map(\.id) == ids)
        #expect(try cache.queuedCount() == 2)
        let tables = try cache.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        #expect(!tables.contains("outbox") && tables.contains("own_versions"), "\(tables)")
        let lines = try String(contentsOf: OutboxJournal(cachePath: path).url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
    }
}
