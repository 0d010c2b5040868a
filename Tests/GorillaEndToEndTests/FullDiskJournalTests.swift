import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The outbox journal under a full client disk: a line cut short never locks the CLI, and a command that failed
/// never comes back.
@Suite(.hangLimit)
struct FullDiskJournalTests {
    static func journal(_ home: URL) -> URL { home.appendingPathComponent("cache.outbox.jsonl") }

    /// Deletes the cache file and its companions, as a lost cache.
    static func loseCache(_ home: URL) throws {
        for suffix in ["", "-wal", "-shm"] {
            let file = home.appendingPathComponent("cache.sqlite" + suffix)
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
        }
    }

    @Test func aLastLineCutInsideACharacterIsSkippedAndTheCompleteChangesArePushedOnce() async throws {
        try await withServerProcess { server in
            let device = try await Device.coach("ada", on: server)
            await server.kill()
            for name in ["Leg press", "Bench"] {
                let added = try await runGorilla(["machines", "add", name], home: device.home)
                #expect(added.status == 0, "\(added)")
            }
            // A full disk cut the third line inside the two bytes of "é".
            let torn =
                #"{"queued":{"action":"create","at":"2026-11-28T10:00:00Z","entity":"\#(UUID.v7().key)","#
                + #""fields":"{\"name\":\"Pr"#
            var bytes = try Data(contentsOf: Self.journal(device.home))
            bytes += Data(torn.utf8) + [0xC3]
            try bytes.write(to: Self.journal(device.home))
            try Self.loseCache(device.home)

            let status = try await runGorilla(["--json", "sync", "--status"], home: device.home)
            #expect(status.status == 0, "\(status)")
            #expect(status.stderr.contains("2 queued changes were recovered"), "\(status)")
            #expect(try status.json().objectValue?["queued"] == 2)
            let listed = try await runGorilla(["machines", "list"], home: device.home)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.contains("Leg press") && listed.stdout.contains("Bench"), "\(listed)")
            // The torn line is gone: the journal was written again from the recovered outbox.
            let rewritten = try Data(contentsOf: Self.journal(device.home))
            #expect(String(data: rewritten, encoding: .utf8) != nil)

            try await server.start()
            let synced = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(synced.status == 0, "\(synced)")
            #expect(try synced.json().decode(SyncSummary.self).pushed == 2)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 2)
            #expect(try device.names("machine") == ["Bench", "Leg press"])
            let again = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(try again.json().decode(SyncSummary.self).pushed == 0)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 2)
        }
    }

    @Test(.enabled(if: SmallDisk.available, "mounting a small tmpfs needs root"))
    func aCommandThatFailedOnAFullDiskSaysSoAndIsNeverRecoveredNorPushed() async throws {
        try await withServerProcess { server in
            _ = try await Device.coach("ada", on: server)
            let disk = try SmallDisk(bytes: 1 << 20)
            let home = disk.url
            let connected = try await runGorilla(["connect", "127.0.0.1:\(server.port)", "--trust"], home: home)
            #expect(connected.status == 0, "\(connected)")
            let login = try await runGorilla(
                ["login", "ada", "--password-stdin"], home: home, input: "\(Device.password)\n")
            #expect(login.status == 0, "\(login)")
            let rack = try await runGorilla(["machines", "add", "Rack"], home: home)
            #expect(rack.status == 0, "\(rack)")

            // One page left: room for a journal line, none for the cache's transaction.
            try disk.fill(leaving: 4096)
            for name in ["Leg press", "Bench", "Hack squat"] {
                let failed = try await runGorilla(["machines", "add", name], home: home)
                #expect(failed.status == 73, "\(failed)")
                #expect(failed.stderr.contains("the disk holding the local cache is full"), "\(failed)")
                #expect(!failed.stderr.contains("SQLite"), "\(failed)")
            }
            let spanish = try await runGorilla(["machines", "add", "Prensa", "--language", "es"], home: home)
            #expect(spanish.status == 73, "\(spanish)")
            #expect(spanish.stderr.contains("el disco de la caché local está lleno"), "\(spanish)")

            // Space again, and the cache lost: nothing the user was told had failed comes back.
            disk.empty()
            try Self.loseCache(home)
            let synced = try await runGorilla(["--json", "sync"], home: home)
            #expect(synced.status == 0, "\(synced)")
            #expect(synced.stderr.contains("No queued changes were waiting"), "\(synced)")
            #expect(try synced.json().decode(SyncSummary.self).pushed == 0)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 1)
            let listed = try await runGorilla(["--json", "machines", "list"], home: home)
            #expect(try listed.json().arrayValue?.count == 1, "\(listed)")
        }
    }
}
