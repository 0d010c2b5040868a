import Foundation
import GRDB
import GorillaTesting
import Logging
import ServiceLifecycle
import Testing

@testable import GorillaServer

/// The write-ahead log is copied back by the checkpointer, a service of the server's group, never by a commit.
@Suite struct CheckpointerTests {
    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test(.hangLimit)
    func commitsLeaveTheLogToTheServiceWhichCopiesItAndStopsWithTheGroup() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gorilla.sqlite").path
        let store = try ServerStore.open(path: path, checkpointsInBackground: true)
        let logger = Logger(label: "checkpointer-test")
        let checkpointer = Checkpointer(path: path, logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [checkpointer], logger: logger))
        let running = Task { try await group.run() }
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
        try await Task.sleep(for: .milliseconds(700))
        #expect(checkpointer.completed == 0, "no checkpoint before the database is ready")

        checkpointer.databaseIsReady()
        _ = try await eventually(timeout: .seconds(20), every: .milliseconds(50)) {
            Self.size(path) >= before + 5_000_000 && checkpointer.completed > 0
        }
        #expect(Self.size(path) >= before + 5_000_000, "the service copied the log into the database file")
        #expect(checkpointer.completed > 0)
        await group.triggerGracefulShutdown()
        try await running.value
        let stopped = checkpointer.completed
        try await Task.sleep(for: .milliseconds(700))
        #expect(checkpointer.completed == stopped, "no checkpoint after graceful shutdown")

        // Everything committed is there, through the store's own connections.
        let count = try await store.write { db in
            try db.value(Int.self, sql: "SELECT COUNT(*) FROM counters WHERE name LIKE 'filler-%'")
        }
        #expect(count == 2_000)
    }

    @Test(.hangLimit) func cancellationStopsItBeforeTheDatabaseIsReady() async throws {
        let checkpointer = Checkpointer(path: "/nonexistent/gorilla.sqlite", logger: Logger(label: "checkpointer-test"))
        let running = Task { await checkpointer.run() }
        try await Task.sleep(for: .milliseconds(100))
        running.cancel()
        await running.value
        #expect(checkpointer.completed == 0)
    }

    @Test func aStoreOpenedWithoutItKeepsSQLitesOwnCheckpoints() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gorilla.sqlite").path
        let store = try ServerStore.open(path: path)
        let automatic = try await store.write { db in try db.value(Int.self, sql: "PRAGMA wal_autocheckpoint") }
        #expect(automatic == 1_000)
        let background = try ServerStore.open(path: path, checkpointsInBackground: true)
        let left = try await background.write { db in try db.value(Int.self, sql: "PRAGMA wal_autocheckpoint") }
        #expect(left == 0)
    }
}
