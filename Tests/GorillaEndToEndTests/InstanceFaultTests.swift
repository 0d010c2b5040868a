import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaServer

/// The fault-injection scenario on several instances: three `gorilla-server` processes on one PostgreSQL database, ten
/// devices spread over them pushing machines and sessions, and the instances killed with SIGKILL in turn while the
/// others serve. Every row a device recorded is stored exactly once.
@Suite(.enabled(if: TestPostgres.runs, Comment(rawValue: TestPostgres.skipNote)), .serialized, .hangLimit)
struct InstanceFaultTests {
    @Test func instancesKilledInTurnWhileTheOthersServeLoseAndDoubleNothing() async throws {
        var random = SeededGenerator.forTest()
        let database = try await TestPostgres.makeDatabase()
        let folder = try TemporaryFolder("gorilla-instance-faults")
        let servers = (0..<3).map {
            ServerProcess(
                dataDirectory: folder.child("instance-\($0)"), logFile: folder.url.appendingPathComponent("\($0).log"),
                database: database)
        }
        // The first instance makes the certificate; the others serve the same one, so that a device's pin holds on
        // every instance.
        try await servers[0].start()
        for server in servers.dropFirst() {
            try FileManager.default.createDirectory(at: server.dataDirectory, withIntermediateDirectories: true)
            for file in ["server-cert.pem", "server-key.pem"] {
                try FileManager.default.copyItem(
                    at: servers[0].dataDirectory.appendingPathComponent(file),
                    to: server.dataDirectory.appendingPathComponent(file))
            }
            try await server.start()
        }
        defer { for server in servers { Task { await server.kill() } } }
        #expect(Set(try servers.map { try $0.info().fingerprint }).count == 1)

        // Five coaches with two devices each, the devices spread over the instances.
        var devices: [(device: Device, coach: Int, client: String)] = []
        for coach in 0..<5 {
            let laptop = try await Device.coach("coach\(coach)", on: servers[(2 * coach) % 3])
            _ = try await laptop.app.addClient(name: "Bea", surname: "Coach\(coach)")
            let client = try #require(try laptop.entities("client").first).id.uuidString.lowercased()
            let phone = try await Device.loggedIn("coach\(coach)", on: servers[(2 * coach + 1) % 3])
            devices += [(laptop, coach, client), (phone, coach, client)]
        }
        var machines: [UUID: Int] = [:], sessions: [UUID: Int] = [:]
        var interrupted = 0
        for round in 0..<3 {
            for (index, entry) in devices.enumerated() {
                let cache = try entry.device.cache()
                for number in 0..<20 {
                    let id = UUID.v7()
                    try cache.enqueue(
                        kind: "machine", entity: id, action: .create,
                        fields: ["name": .string("d\(index) r\(round) machine \(number)")])
                    machines[id] = entry.coach
                }
                for number in 0..<10 {
                    let id = UUID.v7()
                    try cache.enqueue(
                        kind: "session", entity: id, action: .create,
                        fields: FaultInjectionTests.sessionFields(
                            client: entry.client, day: number, label: "d\(index) r\(round) s\(number)"))
                    sessions[id] = entry.coach
                }
            }
            // Every device syncs until its queue is empty; meanwhile this round's instance is killed and started again.
            let victim = servers[round % 3]
            interrupted += try await withThrowingTaskGroup(of: Int.self) { group in
                for entry in devices {
                    let jitterSeed = random.next()
                    group.addTask {
                        // Each device at a pace of its own, so that their syncs do not march in step.
                        var jitter = SeededGenerator(seed: jitterSeed)
                        let pace = Duration.milliseconds(Int.random(in: 20...60, using: &jitter))
                        var failures = 0
                        _ = try await eventually(timeout: .seconds(60), every: pace) {
                            do {
                                try await entry.device.sync()
                                return try entry.device.cache().queuedCount() == 0
                            } catch {
                                failures += 1
                                return false
                            }
                        }
                        return failures
                    }
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 30...150, using: &random)))
                await victim.kill()
                try await Task.sleep(for: .milliseconds(Int.random(in: 100...400, using: &random)))
                try await victim.start()
                return try await group.reduce(0, +)
            }
            for entry in devices {
                #expect(
                    try entry.device.cache().queuedCount() == 0, "round \(round): a device still has queued changes")
            }
        }
        for _ in 0..<2 {
            for entry in devices { #expect(try await entry.device.sync().rejected.isEmpty) }
        }

        // Every row on the database exactly once, and one stored result per mutation (and the five clients).
        let store = try await ServerStore.open(postgres: database, connections: 1)
        let (storedMachines, storedSessions, results) = try await store.read { db in
            (
                try db.value(Int.self, sql: "SELECT COUNT(*) FROM entities WHERE kind = 'machine'") ?? 0,
                try db.value(Int.self, sql: "SELECT COUNT(*) FROM entities WHERE kind = 'session'") ?? 0,
                try db.value(Int.self, sql: "SELECT COUNT(*) FROM applied_mutations") ?? 0
            )
        }
        let ids = Array(machines.keys) + Array(sessions.keys)
        let found = try await store.read { db in
            Set(
                try db.values(
                    String.self, sql: "SELECT id FROM entities WHERE kind IN ('machine', 'session')"))
        }
        await store.close()
        #expect(storedMachines == machines.count)
        #expect(storedSessions == sessions.count)
        #expect(ids.allSatisfy { found.contains($0.uuidString.lowercased()) }, "a recorded row is missing")
        #expect(results == machines.count + sessions.count + 5)
        for entry in devices {
            #expect(
                Set(try entry.device.entities("machine").map(\.id))
                    == Set(machines.filter { $0.value == entry.coach }.keys))
            #expect(
                Set(try entry.device.entities("session").map(\.id))
                    == Set(sessions.filter { $0.value == entry.coach }.keys))
        }
        print(
            "InstanceFaults: 3 instances killed in turn under 10 devices; \(interrupted) syncs interrupted; "
                + "\(machines.count) machines and \(sessions.count) sessions each stored once")
        for server in servers { await server.stop() }
        await TestPostgres.dropDatabase(database)
    }
}
