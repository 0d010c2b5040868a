import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// The copy of the outbox beside the cache file: queued changes outlive the cache.
@Suite struct OutboxJournalTests {
    /// A cache file in a fresh folder, with the path to open it again.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gorilla-journal-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func unansweredChangesComeBackInOrderWhenTheCacheFileIsDeleted() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        var cache: LocalCache? = try LocalCache.open(path: path)
        #expect(
            try cache!.adopt(user: "ada")
                == LocalCache.Recovery(restored: 0, journalFound: false, journalName: "cache.outbox.jsonl"))
        let entity = UUID.v7()
        let first = try cache!.enqueue(kind: "machine", entity: entity, action: .create, fields: ["name": "Leg press"])
        let second = try cache!.enqueue(
            kind: "machine", entity: entity, action: .update, fields: ["name": "Leg press 45°\n"])
        let third = try cache!.enqueue(kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": "Bench"])
        try cache!.applyPushResults(
            [MutationResult(id: first.id, status: .applied, version: 7)], for: cache!.outbox(limit: 1))
        #expect(try cache!.adopt(user: "ada") == nil)
        cache = nil

        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let reopened = try LocalCache.open(path: path)
        #expect(try reopened.queuedCount() == 0)
        let recovery = try #require(try reopened.adopt(user: "ada"))
        #expect(recovery.restored == 2)
        #expect(recovery.journalFound)
        #expect(try reopened.queued(limit: 10) == [second, third])
        #expect(try reopened.entity(entity)?.name == "Leg press 45°\n")
        #expect(try reopened.meta("user") == "ada")

        // Once the outbox is empty, so is the journal.
        try reopened.applyPushResults(
            [
                MutationResult(id: second.id, status: .applied, version: 8),
                MutationResult(id: third.id, status: .rejected, error: WireError(code: .forbidden, message: "no")),
            ],
            for: reopened.outbox(limit: 10))
        let journal = folder.appendingPathComponent("cache.outbox.jsonl")
        #expect(try Data(contentsOf: journal).isEmpty)
        #expect(((try FileManager.default.attributesOfItem(atPath: journal.path))[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aCacheFromBeforeTheJournalGetsOneHoldingItsOutbox() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let queued = try LegacyCache.write(path: path, user: "ada", machines: ["Rack"])
        let journal = folder.appendingPathComponent("cache.outbox.jsonl")
        try FileManager.default.removeItem(at: journal)

        _ = try LocalCache.open(path: path)
        let pending = try #require(try OutboxJournal(cachePath: path).pending())
        #expect(pending.map(\.entry.id) == queued)
    }

    @Test func aCommandOnADeletedCacheWarnsAndKeepsTheQueue() async throws {
        let device = try OfflineDevice(unreachableServer: true)
        _ = device.app.takeWarnings()
        _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
        _ = try await device.app.addMachine(name: "Bench", imageFile: nil)
        try FileManager.default.removeItem(atPath: device.app.home.cachePath)

        let status = try device.app.syncStatus()
        #expect(status.json.objectValue?["queued"] == 2)
        let warnings = device.app.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("was missing or empty") == true, "\(warnings)")
        #expect(warnings.first?.contains("2 queued changes were recovered") == true, "\(warnings)")
        #expect(try device.names("machine") == ["Bench", "Leg press"])
        #expect(device.app.takeWarnings().isEmpty)
    }

    @Test func anEmptiedCacheWithoutItsJournalSaysChangesMayBeLost() async throws {
        let device = try OfflineDevice(unreachableServer: true)
        _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
        _ = device.app.takeWarnings()
        let cachePath = device.app.home.cachePath
        try FileManager.default.removeItem(atPath: OutboxJournal(cachePath: cachePath).url.path)
        try Data().write(to: URL(fileURLWithPath: cachePath))

        _ = try device.app.syncStatus()
        let warnings = device.app.takeWarnings()
        #expect(warnings.first?.contains("missing too") == true, "\(warnings)")
        #expect(warnings.first?.contains("lost") == true, "\(warnings)")
    }
}
