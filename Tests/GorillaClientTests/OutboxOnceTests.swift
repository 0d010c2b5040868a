import Foundation
import GRDB
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaClient
@testable import GorillaClientCore

/// One queued change, each step once: the outbox is the journal alone, its record holds the fields as the JSON
/// object written when queued, and a push sends that text as it is.
@Suite struct OutboxOnceTests {
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
        let ids = try LegacyCache.write(path: path, user: "ada", machines: ["Rack", "Bench"])

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
