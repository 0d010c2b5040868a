import Foundation
import GRDB
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaClient
@testable import GorillaClientCore

/// A device's own change, each step once: the push reply's version is taken on the cached row, the next pull leaves
/// the change out and still brings every other device's change, and an upgraded device pushes what it had queued once.
@Suite(.hangLimit)
struct OwnChangeTests {
    @Test func aPushedChangeIsNotPulledBackAndAnotherDevicesOlderChangeStillArrives() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            try await laptop.sync()

            // The phone writes first (a lower version), then the laptop, which has not pulled since.
            let bench = UUID.v7(), rack = UUID.v7()
            try phone.cache().enqueue(kind: "machine", entity: bench, action: .create, fields: ["name": "Bench"])
            #expect(try await phone.sync().pushed == 1)
            try laptop.cache().enqueue(kind: "machine", entity: rack, action: .create, fields: ["name": "Rack"])
            let summary = try await laptop.sync()
            #expect(summary.pushed == 1)
            #expect(summary.pulled == 1, "only the phone's change comes down")
            #expect(try laptop.names("machine") == ["Bench", "Rack"])

            // The laptop's row carries the server's version, which the cursor passed, with nothing left to skip.
            let mine = try #require(try laptop.cache().entity(rack))
            let theirs = try #require(try laptop.cache().entity(bench))
            #expect(mine.version > theirs.version)
            #expect(try laptop.cache().cursor() >= mine.version)
            #expect(try laptop.cache().ownVersions(after: 0).isEmpty)
            #expect(try await laptop.sync().pulled == 0)

            // The other device still gets it, and an edit of it made there comes back to the laptop.
            #expect(try await phone.sync().pulled == 1)
            #expect(try phone.cache().entity(rack)?.version == mine.version)
            try phone.cache().enqueue(kind: "machine", entity: rack, action: .update, fields: ["name": "Squat rack"])
            try await phone.sync()
            #expect(try await laptop.sync().pulled == 1)
            #expect(try laptop.names("machine") == ["Bench", "Squat rack"])
        }
    }

    @Test func aDeviceUpgradedWithChangesQueuedInTheOldOutboxPushesEachOnce() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            let user = try #require(try device.cache().meta("user"))
            let cachePath = device.app.home.cachePath
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cachePath + suffix) }
            // Queued in the table and copied in the journal, as the earlier version kept them.
            let queued = try LegacyCache.write(path: cachePath, user: user, machines: ["Rack", "Bench"])

            let synced = try await device.sync()
            #expect(synced.pushed == queued.count)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 2)
            #expect(try device.names("machine") == ["Bench", "Rack"])
            #expect(try await device.sync().pushed == 0)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 2)
            #expect(try Data(contentsOf: OutboxJournal(cachePath: cachePath).url).isEmpty)
        }
    }
}
