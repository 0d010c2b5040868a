import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The cache file deleted or emptied behind the CLI's back while changes are queued: the CLI says so loudly and
/// the queue survives in the outbox journal beside it.
@Suite(.hangLimit)
struct LostCacheTests {
    static func cacheFile(_ device: Device) -> URL { device.home.appendingPathComponent("cache.sqlite") }

    @Test func changesQueuedBeforeTheCacheFileWasDeletedArePushedOnceAfterAWarning() async throws {
        try await withGorillaServer(.process) { gorilla in
            let server = try gorilla.requireProcess()
            let device = try await Device.coach("ada", on: server)
            _ = try await device.app.addMachine(name: "Rack", imageFile: nil)
            await server.kill()
            for name in ["Leg press", "Bench"] {
                let added = try await runGorilla(["machines", "add", name], home: device.home)
                #expect(added.status == 0, "\(added)")
            }
            #expect(try device.cache().queuedCount() == 2)

            try FileManager.default.removeItem(at: Self.cacheFile(device))
            let status = try await runGorilla(["--json", "sync", "--status"], home: device.home)
            #expect(status.status == 0, "\(status)")
            #expect(status.stderr.contains("warning: the local cache"), "\(status)")
            #expect(status.stderr.contains("was missing or empty"), "\(status)")
            #expect(status.stderr.contains("2 queued changes were recovered"), "\(status)")
            #expect(try status.json().objectValue?["queued"] == 2)
            // Said once, when it is found.
            let again = try await runGorilla(["sync", "--status"], home: device.home)
            #expect(!again.stderr.contains("warning"), "\(again)")

            try await server.start()
            let synced = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(synced.status == 0, "\(synced)")
            let summary = try synced.json().decode(SyncSummary.self)
            #expect(summary.pushed == 2)
            #expect(summary.rejected.isEmpty)
            #expect(try device.names("machine") == ["Bench", "Leg press", "Rack"])
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 3)

            // Lost again with nothing queued: said, and nothing is pushed a second time.
            try FileManager.default.removeItem(at: Self.cacheFile(device))
            let resynced = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(resynced.status == 0, "\(resynced)")
            #expect(resynced.stderr.contains("No queued changes were waiting"), "\(resynced)")
            let second = try resynced.json().decode(SyncSummary.self)
            #expect(second.pushed == 0)
            #expect(second.pulled == 3)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 3)
        }
    }

    @Test func anEmptiedCacheFileIsNoticedAndItsQueuePushed() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            await server.stop()
            let added = try await runGorilla(["machines", "add", "Leg press"], home: device.home)
            #expect(added.stderr.contains("offline — 1 change queued"), "\(added)")
            try Data().write(to: Self.cacheFile(device))

            try await server.start()
            let synced = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(synced.status == 0, "\(synced)")
            #expect(synced.stderr.contains("1 queued change was recovered"), "\(synced)")
            #expect(try synced.json().decode(SyncSummary.self).pushed == 1)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 1)
        }
    }

    @Test func aCacheLostWithItsJournalSaysUnsyncedChangesAreLost() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            await server.stop()
            _ = try await runGorilla(["machines", "add", "Leg press"], home: device.home)
            try FileManager.default.removeItem(at: Self.cacheFile(device))
            try FileManager.default.removeItem(at: device.home.appendingPathComponent("cache.outbox.jsonl"))

            let listed = try await runGorilla(["machines", "list"], home: device.home)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stderr.contains("warning: the local cache"), "\(listed)")
            #expect(listed.stderr.contains("not synced yet are lost"), "\(listed)")
        }
    }
}
