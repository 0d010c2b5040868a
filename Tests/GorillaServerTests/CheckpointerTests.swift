import Foundation
import GRDB
import Logging
import Testing

@testable import GorillaServer

/// The write-ahead log is copied back by the checkpoint thread, never by a commit.
@Suite struct CheckpointerTests {
    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func commitsLeaveTheLogToTheThreadWhichCopiesItAndStops() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gorilla.sqlite").path
        let store = try ServerStore.open(path: path, checkpointsInBackground: true)
        let checkpointer = try #require(store.checkpointer)
        let before = Self.size(path)

        // About 6 MB in ten commits: past the 1,000 pages (4 MB) at which a commit would otherwise copy the log itself.
        let text = String(repeating: "x", count: 3_000)
        for round in 0..<10 {
            try await store.write { db in
                for row in 0..<200 {
                    try db.execute(
                        sql: "INSERT INTO counters (name, value) VALUES (?, 0)",
                        arguments: ["filler-\(round)-\(row)-\(text)"])
                }
            }
        }
        #expect(Self.size(path + "-wal") > 4_000_000, "no commit copied the log")
        #expect(Self.size(path) < before + 1_000_000)

        checkpointer.start()
        let deadline = ContinuousClock.now + .seconds(20)
        while Self.size(path) < before + 5_000_000 || checkpointer.completed == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(Self.size(path) >= before + 5_000_000, "the thread copied the log into the database file")
        #expect(checkpointer.completed > 0)
        checkpointer.stop()
        let stopped = checkpointer.completed
        try await Task.sleep(for: .milliseconds(700))
        #expect(checkpointer.completed == stopped, "no checkpoint after stop()")

        // Everything committed is there, through the store's own connections.
        let count = try await store.write { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM counters WHERE name LIKE 'filler-%'")
        }
        #expect(count == 2_000)
    }

    @Test func aStoreOpenedWithoutItKeepsSQLitesOwnCheckpoints() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ServerStore.open(path: folder.appendingPathComponent("gorilla.sqlite").path)
        #expect(store.checkpointer == nil)
        let automatic = try await store.write { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") }
        #expect(automatic == 1_000)
    }
}
