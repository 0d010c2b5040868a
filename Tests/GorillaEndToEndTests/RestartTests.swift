import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Sync across a server that goes away: stopped, killed with SIGKILL, started again on the same port.
@Suite(.hangLimit)
struct RestartTests {
    @Test func aMachineAddedWhileTheServerIsDownIsPushedExactlyOnceAfterItRestarts() async throws {
        try await withServerProcess { server in
            let device = try await Device.coach("ada", on: server)
            await server.kill()

            let added = try await runGorilla(["machines", "add", "Leg press"], home: device.home)
            #expect(added.status == 0, "\(added)")
            #expect(added.stderr.contains("offline — 1 change queued"), "\(added)")
            #expect(try device.cache().queuedCount() == 1)
            #expect(try device.names("machine") == ["Leg press"])

            try await server.start()
            let synced = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(synced.status == 0, "\(synced)")
            let summary = try synced.json().decode(SyncSummary.self)
            #expect(summary.pushed == 1)
            #expect(summary.rejected.isEmpty)
            #expect(try device.cache().queuedCount() == 0)
            #expect(try await device.sync().pushed == 0)

            let phone = try await Device.loggedIn("ada", on: server)
            #expect(try phone.names("machine") == ["Leg press"])
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 1)
        }
    }

    @Test func aServerKilledDuringALargePushLosesAndDuplicatesNothing() async throws {
        try await withServerProcess { server in
            let device = try await Device.coach("ada", on: server)
            let cache = try device.cache()
            // Enough batches that the push is still going when the kill lands, even on a loaded machine.
            let count = 1_200
            for number in 1...count {
                try cache.enqueue(
                    kind: "machine", entity: UUID.v7(), action: .create,
                    fields: ["name": .string("Machine \(number)")])
            }
            #expect(try cache.queuedCount() == count)

            // Push in batches of 100; kill the server as soon as the first batch is acknowledged,
            // while the second is on its way or being applied.
            let pushing = Task {
                try await device.withConnection { connection in
                    var engine = SyncEngine(cache: cache)
                    engine.batchSize = 100
                    return try await engine.push(over: connection)
                }
            }
            let firstBatchDone = try await eventually(timeout: .seconds(60), every: .milliseconds(1)) {
                try cache.queuedCount() < count
            }
            await server.kill()
            let interrupted = await pushing.result
            #expect(firstBatchDone)
            let remaining = try cache.queuedCount()
            print(
                "RestartTests: killed with \(remaining) of \(count) mutations unacknowledged; push \(Self.describe(interrupted))"
            )
            #expect(remaining > 0, "the push finished before the server was killed")

            try await server.start()
            let summary = try await device.sync()
            #expect(summary.rejected.isEmpty)
            #expect(try cache.queuedCount() == 0)
            #expect(try device.entities("machine").count == count)

            let phone = try await Device.loggedIn("ada", on: server)
            let machines = try phone.entities("machine")
            #expect(machines.count == count)
            #expect(Set(machines.map(\.name)).count == count)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == count)
        }
    }

    @Test func aServerKilledDuringAPullResumesFromTheSavedCursor() async throws {
        try await withServerProcess { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            let seeded = try await laptop.push((1...400).map { .createMachine("Machine \($0)") })
            #expect(seeded.allSatisfy { $0.status == .applied })

            let cache = try phone.cache()
            let pulling = Task {
                try await phone.withConnection { connection in
                    var engine = SyncEngine(cache: cache)
                    engine.pageSize = 10
                    return try await engine.pull(over: connection)
                }
            }
            let started = try await eventually(timeout: .seconds(60), every: .milliseconds(1)) {
                try cache.cursor() > 0
            }
            await server.kill()
            let interrupted = await pulling.result
            #expect(started)
            let partial = try cache.entities("machine").count
            print("RestartTests: killed with \(partial) of 400 rows pulled; pull \(Self.describe(interrupted))")
            #expect(partial < 400, "the pull finished before the server was killed")
            #expect(partial % 10 == 0, "pages are applied whole")

            try await server.start()
            let summary = try await phone.sync()
            #expect(summary.pulled == 400 - partial)
            let machines = try phone.entities("machine")
            #expect(machines.count == 400)
            #expect(Set(machines.map(\.name)).count == 400)
            #expect(try cache.cursor() == seeded.compactMap(\.version).max())
        }
    }

    static func describe(_ result: Result<Int, any Error>) -> String {
        switch result {
        case .success(let count): "completed (\(count) mutations)"
        case .failure(let error): "failed: \(error)"
        }
    }
}
