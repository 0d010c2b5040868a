import Foundation
import GRDB
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// How lines reach the outbox journal: never glued to a line cut short, and taken back when their transaction fails.
@Suite struct OutboxJournalAppendTests {
    static func journal() throws -> (OutboxJournal, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gorilla-journal-append-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (OutboxJournal(cachePath: folder.appendingPathComponent("cache.sqlite").path), folder)
    }

    static func entry(_ name: String) -> OutboxEntry {
        OutboxEntry(
            seq: 0, id: UUID.v7(), kind: "machine", entity: UUID.v7(), action: .create, base: nil,
            fieldsText: FastJSON.text(["name": .string(name)]))
    }

    @Test func aLineAfterOneCutShortStartsOnALineOfItsOwn() throws {
        let (journal, folder) = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Self.entry("Leg press")
        try journal.queued(first, createdAt: "2026-11-28T10:00:00Z")
        var bytes = try Data(contentsOf: journal.url)
        bytes += Data(#"{"queued":{"id":"Pr"#.utf8) + [0xC3]
        try bytes.write(to: journal.url)
        let second = Self.entry("Bench")
        try journal.queued(second, createdAt: "2026-11-28T10:01:00Z")
        let text = String(decoding: try Data(contentsOf: journal.url), as: UTF8.self)
        #expect(try journal.pending()?.map(\.entry.id) == [first.id, second.id], "\(text)")
    }

    @Test func aLineWhoseTransactionFailedIsCutOffOrMarkedFailed() throws {
        let (journal, folder) = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = Self.entry("Leg press")
        try journal.queued(kept, createdAt: "2026-11-28T10:00:00Z")
        let size = try Data(contentsOf: journal.url).count

        // Still the last line: cut off, the file as it was.
        let failed = Self.entry("Bench")
        journal.retract(try journal.queued(failed, createdAt: "2026-11-28T10:01:00Z"), id: failed.id)
        #expect(try Data(contentsOf: journal.url).count == size)

        // Another line came after it: marked failed, the later line kept.
        let alsoFailed = Self.entry("Hack squat")
        let line = try journal.queued(alsoFailed, createdAt: "2026-11-28T10:02:00Z")
        let later = Self.entry("Rack")
        try journal.queued(later, createdAt: "2026-11-28T10:03:00Z")
        journal.retract(line, id: alsoFailed.id)
        #expect(try journal.pending()?.map(\.entry.id) == [kept.id, later.id])
    }

    @Test func aFailedCacheTransactionLeavesNothingInTheJournal() throws {
        let (journal, folder) = try Self.journal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try LocalCache.open(path: folder.appendingPathComponent("cache.sqlite").path)
        try cache.setMeta("user", "ada")
        try cache.enqueue(kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": .string("Rack")])
        // A deferred check fails the commit itself, after the journal line was written: as a full disk does.
        try cache.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE refusal (outbox TEXT REFERENCES nowhere(id) DEFERRABLE INITIALLY DEFERRED);
                    CREATE TABLE nowhere (id TEXT PRIMARY KEY);
                    CREATE TRIGGER refuse AFTER INSERT ON entities BEGIN INSERT INTO refusal VALUES (NEW.id); END;
                    """)
        }
        #expect(throws: (any Error).self) {
            try cache.enqueue(kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": .string("Bench")])
        }
        #expect(try cache.queuedCount() == 1)
        #expect(try journal.pending()?.count == 1)
    }
}
