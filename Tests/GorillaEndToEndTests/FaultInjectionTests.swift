import Foundation
import GRDB
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Faults injected while data moves: the server killed with SIGKILL under ten pushing devices, the CLI
/// killed in the middle of `gorilla sync`, and a database that cannot be written. Nothing acknowledged
/// may be lost and nothing may be applied twice.
@Suite(.serialized, .hangLimit)
struct FaultInjectionTests {
    // MARK: (a) The server killed under ten devices

    /// Counters shared by the devices' sync loops and the task that kills the server.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var syncing: [Int: Int] = [:]  // device → attempt
        private var attempts = 0
        private var atKill: Set<Int> = []
        private(set) var interrupted = 0
        private(set) var rejected: [String] = []

        /// Marks the start of a sync of `device`; returns the attempt's number.
        func begin(_ device: Int) -> Int {
            lock.withLock {
                attempts += 1
                syncing[device] = attempts
                return attempts
            }
        }

        func end(_ device: Int, rejected more: [String]) {
            lock.withLock {
                syncing[device] = nil; rejected += more
            }
        }

        /// A failed sync; counted as interrupted if it was running when the server was killed.
        func fail(_ device: Int, attempt: Int) {
            lock.withLock {
                syncing[device] = nil
                if atKill.contains(attempt) { interrupted += 1 }
            }
        }

        /// The devices syncing now, remembering their attempts as running at a kill.
        func killing() -> Set<Int> {
            lock.withLock {
                atKill.formUnion(syncing.values)
                return Set(syncing.keys)
            }
        }
    }

    /// A session document of `client` with three exercises of three sets.
    static func sessionFields(client: String, day: Int, label: String) -> [String: JSONValue] {
        let exercises: [JSONValue] = (1...3).map { exercise in
            [
                "name": .string("Exercise \(exercise)"),
                "sets": .array(
                    (1...3).map { set in
                        [
                            "reps": .number(Double(8 + set)), "weight": .number(Double(20 * exercise + set)),
                            "unit": "kg",
                        ]
                    }),
            ]
        }
        return [
            "client": .string(client), "mode": "handsfree",
            "start": .string(String(format: "2026-03-%02dT18:30:00Z", 1 + day % 28)),
            "notes": .string(label), "exercises": .array(exercises),
        ]
    }

    /// How many of `ids` the server holds rows for.
    static func stored(_ ids: some Collection<UUID>, in database: ServerDatabase) throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try database.queue.read { db in
            try Int.fetchOne(
                db,
                sql:
                    "SELECT COUNT(*) FROM entities WHERE id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ",")))",
                arguments: StatementArguments(ids.map { $0.uuidString.lowercased() })) ?? 0
        }
    }

    @Test func theServerKilledAtRandomUnderTenPushingDevicesLosesAndDuplicatesNothing() async throws {
        var random = SeededGenerator.forTest()
        try await withServerProcess { server in
            // Five coaches with two devices each; every coach has one client for the sessions.
            var devices: [(device: Device, coach: Int, client: String)] = []
            for coach in 0..<5 {
                let laptop = try await Device.coach("coach\(coach)", on: server)
                _ = try await laptop.app.addClient(name: "Bea", surname: "Coach\(coach)")
                let client = try #require(try laptop.entities("client").first).id.uuidString.lowercased()
                let phone = try await Device.loggedIn("coach\(coach)", on: server)
                devices += [(laptop, coach, client), (phone, coach, client)]
            }
            #expect(devices.count == 10)

            var machines: [UUID: Int] = [:], sessions: [UUID: Int] = [:]  // entity → coach
            var killPoints: [(syncing: Int, queued: Int, unacknowledged: Int, onServer: Int, ofRound: Int)] = []
            var checked: Set<UUID> = []
            let tally = Tally()
            let started = ContinuousClock.now

            for round in 0..<3 {
                // Every device queues machines and sessions while nothing syncs.
                for (index, entry) in devices.enumerated() {
                    let cache = try entry.device.cache()
                    for number in 0..<40 {
                        let id = UUID.v7()
                        try cache.enqueue(
                            kind: "machine", entity: id, action: .create,
                            fields: ["name": .string("d\(index) r\(round) machine \(number)")])
                        machines[id] = entry.coach
                    }
                    for number in 0..<15 {
                        let id = UUID.v7()
                        try cache.enqueue(
                            kind: "session", entity: id, action: .create,
                            fields: Self.sessionFields(
                                client: entry.client, day: number, label: "d\(index) r\(round) s\(number)"))
                        sessions[id] = entry.coach
                    }
                }

                // All ten devices sync until their queues are empty. Once the server has committed a random
                // number of this round's changes (never all of them), it is killed and started again. (A random
                // delay after the first commit no longer works: a round now lands within a few milliseconds.)
                let roundIDs =
                    Array(machines.keys.filter { !checked.contains($0) })
                    + Array(sessions.keys.filter { !checked.contains($0) })
                checked.formUnion(roundIDs)
                let killAt = Int.random(in: 1...(roundIDs.count - 60), using: &random)
                let watcher = try ServerDatabase(dataDirectory: server.dataDirectory)
                let before = try await watcher.queue.read { db in
                    try Int64.fetchOne(db, sql: "SELECT MAX(version) FROM entities") ?? 0
                }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, entry) in devices.enumerated() {
                        let jitterSeed = random.next()
                        group.addTask {
                            // Each device at a pace of its own, so that their syncs do not march in step.
                            var jitter = SeededGenerator(seed: jitterSeed)
                            let pace = Duration.milliseconds(Int.random(in: 20...60, using: &jitter))
                            _ = try await eventually(timeout: .seconds(40), every: pace) {
                                let attempt = tally.begin(index)
                                do {
                                    let summary = try await entry.device.sync()
                                    tally.end(index, rejected: summary.rejected)
                                    return try entry.device.cache().queuedCount() == 0
                                } catch {
                                    tally.fail(index, attempt: attempt)
                                    return false
                                }
                            }
                        }
                    }
                    // Only this round's creates get versions past `before`: counting them is one cheap query.
                    let reached = try await eventually(timeout: .seconds(30), every: .milliseconds(2)) {
                        try watcher.queue.read { db in
                            try Int.fetchOne(
                                db, sql: "SELECT COUNT(*) FROM entities WHERE version > ?", arguments: [before]) ?? 0
                        } >= killAt
                    }
                    #expect(reached, "round \(round): \(killAt) changes never reached the server")
                    let syncing = tally.killing()
                    await server.kill()
                    // Let replies already on their way arrive, then see what the kill left behind.
                    try await Task.sleep(for: .milliseconds(100))
                    let database = try ServerDatabase(dataDirectory: server.dataDirectory)
                    var queued = 0, unacknowledged = 0, onServer = 0
                    for (index, entry) in devices.enumerated() {
                        let outbox = try entry.device.cache().queued(limit: 100_000)
                        if syncing.contains(index) { queued += outbox.count }
                        unacknowledged += try Self.stored(outbox.map(\.entity), in: database)
                    }
                    onServer = try Self.stored(roundIDs, in: database)
                    killPoints.append((syncing.count, queued, unacknowledged, onServer, roundIDs.count))
                    try await Task.sleep(for: .milliseconds(Int.random(in: 50...300, using: &random)))
                    try await server.start()
                    try await group.waitForAll()
                }
                for entry in devices {
                    #expect(
                        try entry.device.cache().queuedCount() == 0, "round \(round): a device still has queued changes"
                    )
                }
            }

            // A final sync of every device, twice so that each sees what the others pushed last.
            for _ in 0..<2 {
                for entry in devices { tally.end(-1, rejected: try await entry.device.sync().rejected) }
            }
            #expect(tally.rejected.isEmpty, "\(tally.rejected.prefix(5))")

            // Every entity recorded on any device is on the server exactly once, and nothing else is.
            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            #expect(try database.count("machine") == machines.count)
            #expect(try database.count("session") == sessions.count)
            var missing = 0, doubled = 0
            for id in Array(machines.keys) + Array(sessions.keys) {
                switch try database.count(id: id) {
                case 0: missing += 1
                case 1: break
                default: doubled += 1
                }
            }
            #expect(missing == 0)
            #expect(doubled == 0)
            let storedSets = try await database.queue.read { db in
                try String.fetchAll(db, sql: "SELECT data FROM entities WHERE kind = 'session'")
                    .compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
                    .map {
                        ($0.objectValue?["exercises"]?.arrayValue ?? []).reduce(0) {
                            $0 + ($1.objectValue?["sets"]?.arrayValue?.count ?? 0)
                        }
                    }
                    .reduce(0, +)
            }
            #expect(storedSets == sessions.count * 9)
            let appliedMutations = try await database.queue.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM applied_mutations") ?? 0
            }
            #expect(
                appliedMutations == machines.count + sessions.count + 5,
                "one stored result per mutation (and the five clients)")

            // Every device holds exactly its coach's rows, and nothing is queued.
            for entry in devices {
                #expect(try entry.device.cache().queuedCount() == 0)
                let seenMachines = Set(try entry.device.entities("machine").map(\.id))
                let seenSessions = Set(try entry.device.entities("session").map(\.id))
                #expect(seenMachines == Set(machines.filter { $0.value == entry.coach }.keys))
                #expect(seenSessions == Set(sessions.filter { $0.value == entry.coach }.keys))
            }

            print(
                """
                FaultInjection(a): \(killPoints.count) kills in \(ContinuousClock.now - started); at each kill (devices syncing, \
                their queued mutations, mutations committed by the server but not yet acknowledged to a device, \
                rows of the round on the server / created): \(killPoints.map { "(\($0.syncing), \($0.queued), \($0.unacknowledged), \($0.onServer)/\($0.ofRound))" }); \
                syncs interrupted by a kill: \(tally.interrupted); rows checked: \(machines.count) machines + \(sessions.count) sessions \
                (\(storedSets) sets), \(appliedMutations) stored mutation results
                """)
            #expect(
                killPoints.contains { $0.onServer > 0 && $0.onServer < $0.ofRound },
                "no kill landed while the devices were pushing")
        }
    }

    // MARK: (b) The CLI killed during `gorilla sync`

    @Test func theCommandLineKilledBetweenPushAndAcknowledgementOrDuringAPullLosesAndDoublesNothing() async throws {
        var random = SeededGenerator.forTest()
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            let other = try await Device.loggedIn("ada", on: server)
            var mine: Set<UUID> = [], everyName: Set<String> = []
            var outcomes: [String: Int] = [:]
            var rejected: [String] = []
            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            func newestVersion() throws -> Int64 {
                try database.queue.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(version) FROM entities") ?? 0 }
            }

            let deviceCache = try DatabaseQueue(
                path: ClientHome(environment: ["GORILLA_HOME": device.home.path]).cachePath,
                configuration: {
                    var c = Configuration(); c.readonly = true; return c
                }())
            for attempt in 0..<8 {
                // A large queue on this device and a large pull waiting on the server.
                let cache = try device.cache()
                for number in 0..<600 {
                    let id = UUID.v7(), name = "mine \(attempt)-\(number)"
                    try cache.enqueue(kind: "machine", entity: id, action: .create, fields: ["name": .string(name)])
                    mine.insert(id)
                    everyName.insert(name)
                }
                let beforeTheirs = try newestVersion()
                for half in 0..<3 {
                    let names = (0..<500).map { "theirs \(attempt)-\(half)-\($0)" }
                    #expect(
                        try await other.push(names.map { Mutation.createMachine($0) }).allSatisfy {
                            $0.status == .applied
                        })
                    everyName.formUnion(names)
                }

                // The kill comes once a random share of the work is done: this attempt's own changes stored on the
                // server (the push) plus the other device's rows stored in this device's cache (the pull). A delay
                // after the start would often land after the end: the whole sync takes a fraction of a second.
                let queuedBefore = try cache.queuedCount()
                let killAt = Int.random(in: 1..<(600 + 1500), using: &random)
                // Versions tell the two apart: past `afterTheirs` only this device's changes, between the two marks
                // only the other device's rows.
                let afterTheirs = try newestVersion()
                let run = try GorillaProcess(["--json", "sync"], home: device.home)
                _ = try await eventually(timeout: .seconds(20), every: .milliseconds(2)) {
                    let pushed = try database.queue.read { db in
                        try Int.fetchOne(
                            db, sql: "SELECT COUNT(*) FROM entities WHERE version > ?", arguments: [afterTheirs]) ?? 0
                    }
                    let pulled = try deviceCache.read { db in
                        try Int.fetchOne(
                            db, sql: "SELECT COUNT(*) FROM entities WHERE version > ? AND version <= ?",
                            arguments: [beforeTheirs, afterTheirs]) ?? 0
                    }
                    return pushed + pulled >= killAt || !run.isRunning
                }
                _ = run.kill()
                let ended = await run.wait()
                let (status, killed) = (ended.status, ended.killed)

                // Where did the kill land?
                let outbox = try device.cache().queued(limit: 100_000)
                let committedButQueued = try outbox.filter { try database.count(id: $0.entity) > 0 }.count
                let behind = try device.cache().cursor() < newestVersion()
                let outcome: String
                if !killed {
                    #expect(status == 0, "\(ended.stderr)")
                    rejected +=
                        (try? WireCoding.decoder.decode(SyncSummary.self, from: Data(ended.stdout.utf8)).rejected) ?? []
                    outcome = "completed"
                } else if committedButQueued > 0 {
                    outcome = "between push and acknowledgement"
                } else if outbox.count == queuedBefore {
                    outcome = "before the first acknowledgement"
                } else if !outbox.isEmpty {
                    outcome = "during the push"
                } else if behind {
                    outcome = "during the pull"
                } else {
                    outcome = "after the pull"
                }
                outcomes[outcome, default: 0] += 1
                print(
                    "FaultInjection(b): attempt \(attempt): \(outcome) (\(outbox.count) queued, \(committedButQueued) of them committed)"
                )
            }

            // A final `gorilla sync` completes, with nothing lost or doubled.
            let final = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(final.status == 0, "\(final)")
            let summary = try final.json().decode(SyncSummary.self)
            rejected += summary.rejected
            #expect(rejected.isEmpty, "\(rejected.prefix(5))")
            #expect(try device.cache().queuedCount() == 0)
            #expect(try database.count("machine") == everyName.count)
            var doubled = 0, missing = 0
            for id in mine {
                let rows = try database.count(id: id)
                if rows == 0 { missing += 1 } else if rows > 1 { doubled += 1 }
            }
            #expect(missing == 0 && doubled == 0, "\(missing) missing, \(doubled) doubled")
            let held = try device.entities("machine")
            #expect(held.count == everyName.count)
            #expect(Set(held.map(\.name)) == everyName)
            #expect(try device.cache().cursor() == newestVersion())
            let again = try await device.sync()
            #expect(again.pushed == 0 && again.pulled == 0)

            let interrupted = outcomes.filter { $0.key != "completed" }.values.reduce(0, +)
            print(
                "FaultInjection(b): kills by phase: \(outcomes.sorted { $0.key < $1.key }); rows checked: \(everyName.count) on the server and in the cache"
            )
            #expect(interrupted > 0, "no kill interrupted a sync: \(outcomes)")
        }
    }

    // MARK: (c) A database that cannot be written

    /// Runs a system tool to completion, its output discarded; returns its exit status.
    static func tool(_ path: String, _ arguments: [String]) async throws -> Int32 {
        try await ChildProcess(path, arguments, environment: ProcessInfo.processInfo.environment).wait().status
    }

    /// The wire error code of a failed push, or nil if it succeeded.
    static func pushFailure(
        _ device: Device, _ mutations: [Mutation]
    ) async -> (code: WireErrorCode?, results: [MutationResult]?, error: (any Error)?) {
        do {
            return (nil, try await device.push(mutations), nil)
        } catch let error as ClientError {
            return (error.wire?.code, nil, error)
        } catch {
            return (nil, nil, error)
        }
    }

    /// A large session (about 10 kB) made of few JSON values: long notes and 80 exercises with long names.
    static func bigSession(client: String, label: String) -> Mutation {
        var fields = sessionFields(client: client, day: 1, label: label)
        fields["notes"] = .string(label + " " + String(repeating: "n", count: 1900))
        fields["exercises"] = .array(
            (1...80).map { exercise in
                [
                    "name": .string(String(format: "Exercise %03d ", exercise) + String(repeating: "e", count: 86)),
                    "sets": [["reps": .number(Double(exercise % 12 + 1)), "weight": 42.5, "unit": "kg"]],
                ]
            })
        return Mutation(id: UUID.v7(), kind: "session", entity: UUID.v7(), action: .create, fields: fields)
    }

    @Test func aDatabaseThatCannotBeWrittenAnswers503KeepsServingReadsAndRecoversWithoutLoss() async throws {
        // 1. A read-only data folder (which does not stop root).
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            let acknowledged = try await device.push((0..<20).map { Mutation.createMachine("Before \($0)") })
            #expect(acknowledged.allSatisfy { $0.status == .applied })
            let folder = server.dataDirectory
            let files = ["gorilla.sqlite", "gorilla.sqlite-wal", "gorilla.sqlite-shm"].map {
                folder.appendingPathComponent($0).path
            }
            .filter { FileManager.default.fileExists(atPath: $0) }
            for file in files { try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file) }
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            let attempt = await Self.pushFailure(device, [Mutation.createMachine("While read-only")])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            for file in files { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file) }
            if let results = attempt.results {
                #expect(results.first?.status == .applied)
                print(
                    "FaultInjection(c): permissions do not stop this process's writes (uid \(getuid())); the size-limited folder follows"
                )
            } else {
                #expect(
                    attempt.code == .unavailable || attempt.code == .internalError,
                    "\(String(describing: attempt.error))")
                #expect(try await device.pullEverything().filter { $0.kind == "machine" }.count == 20, "reads go on")
                #expect(
                    try await device.push([Mutation.createMachine("After")]).first?.status == .applied, "writes recover"
                )
            }
            #expect(try await device.pullEverything().filter { $0.kind == "machine" }.count == 20 + 1)
        }

        // 2. A 2 MB tmpfs that fills up.
        let scratch = try TemporaryFolder("gorilla-fault-disk")
        let mountPoint = scratch.child("mnt")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard (try? await Self.tool("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint.path])) == 0
        else {
            print("FaultInjection(c): cannot mount a tmpfs here (needs root); the full-disk variant is skipped")
            return
        }
        let server = TestServer(dataDirectory: mountPoint.appendingPathComponent("data", isDirectory: true))
        let outcome: Result<Void, any Error>
        do {
            try await server.start()
            try await Self.fillTheDiskThenRecover(server, mountPoint: mountPoint)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await server.stop()
        // The store's last file handles may close a moment after the server stops (umount answers 32, busy):
        // wait for them a while before calling it a leak.
        var unmounted = try await Self.tool("/bin/umount", [mountPoint.path])
        for _ in 0..<40 where unmounted != 0 {
            try await Task.sleep(for: .milliseconds(250))
            unmounted = try await Self.tool("/bin/umount", [mountPoint.path])
        }
        if unmounted != 0 { _ = try? await Self.tool("/bin/umount", ["-l", mountPoint.path]) }
        #expect(unmounted == 0, "umount \(mountPoint.path) failed: a file stayed open 10 s after the server stopped")
        try outcome.get()
    }

    static func fillTheDiskThenRecover(_ server: TestServer, mountPoint: URL) async throws {
        let coach = try await Device.coach("ada", on: server)
        _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
        let client = try #require(try coach.entities("client").first).id.uuidString.lowercased()

        // Leave about 400 kB free, taken by a filler that can be deleted later.
        let free = try #require(
            try FileManager.default.attributesOfFileSystem(forPath: mountPoint.path)[.systemFreeSize] as? Int)
        let filler = mountPoint.appendingPathComponent("filler")
        try #require(FileManager.default.createFile(atPath: filler.path, contents: Data(count: max(0, free - 400_000))))

        // Push batches of large sessions until the disk is full.
        var acknowledged: [UUID] = []
        var failure: (code: WireErrorCode?, error: (any Error)?)?
        for batch in 0..<60 {
            let mutations = (0..<10).map { bigSession(client: client, label: "batch \(batch) session \($0)") }
            let attempt = await pushFailure(coach, mutations)
            if let results = attempt.results {
                #expect(results.allSatisfy { $0.status == .applied }, "\(results.compactMap(\.error))")
                acknowledged += zip(mutations, results).filter { $0.1.status == .applied }.map { $0.0.entity }
            } else {
                failure = (attempt.code, attempt.error)
                break
            }
        }
        let full = try #require(failure, "the disk never filled up")
        #expect(
            full.code == .unavailable || full.code == .internalError,
            "a full disk answered \(String(describing: full.error))")
        #expect(!acknowledged.isEmpty)

        // Take what space is left as well. (SQLite keeps the WAL file's size after the failed transaction,
        // so a small write may still fit into it; a batch as large as the one refused does not.)
        let topUp = mountPoint.appendingPathComponent("top-up")
        try #require(FileManager.default.createFile(atPath: topUp.path, contents: nil))
        let handle = try FileHandle(forWritingTo: topUp)
        var written = 0
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil, written < 4_000_000 { written += 4096 }
        try? handle.close()

        // While full: reads are served, every acknowledged session is there, and the CLI keeps its queue.
        let seen = Set(try await coach.pullEverything().filter { $0.kind == "session" }.map(\.id))
        #expect(seen == Set(acknowledged))
        let stillFullBatch = (0..<10).map { bigSession(client: client, label: "still full \($0)") }
        let stillFull = await pushFailure(coach, stillFullBatch)
        #expect(
            stillFull.code == .unavailable || stillFull.code == .internalError, "\(String(describing: stillFull.error))"
        )
        if let results = stillFull.results {
            acknowledged += zip(stillFullBatch, results).filter { $0.1.status == .applied }.map { $0.0.entity }
        }
        #expect(
            try await coach.pullEverything().filter { $0.kind == "session" }.count == acknowledged.count,
            "reads go on after failed writes")
        let queued = (0..<10).map { bigSession(client: client, label: "queued while full \($0)") }
        for mutation in queued {
            _ = try coach.cache().enqueue(
                kind: "session", entity: mutation.entity, action: .create, fields: mutation.fields)
        }
        await #expect(throws: (any Error).self) { try await coach.sync() }
        #expect(try coach.cache().queuedCount() == 10, "a 503 leaves the outbox untouched")

        // Space returns: writes work again, the queue drains, nothing acknowledged is lost.
        try FileManager.default.removeItem(at: filler)
        try FileManager.default.removeItem(at: topUp)
        let acknowledgedWhileSpaceLasted = acknowledged.count
        let afterRecovery = bigSession(client: client, label: "after recovery")
        let recovered = await pushFailure(coach, [afterRecovery])
        #expect(recovered.results?.first?.status == .applied, "\(String(describing: recovered.error))")
        if recovered.results?.first?.status == .applied { acknowledged.append(afterRecovery.entity) }
        let synced = try await coach.sync()
        #expect(synced.rejected.isEmpty)
        #expect(synced.pushed == 10)
        #expect(try coach.cache().queuedCount() == 0)
        acknowledged += queued.map(\.entity)

        // And after a restart on the same (tmpfs) folder.
        await server.stop()
        try await server.start()
        let database = try ServerDatabase(dataDirectory: server.dataDirectory)
        let lost = try acknowledged.filter { try database.count(id: $0) != 1 }
        #expect(lost.isEmpty, "\(lost.count) acknowledged sessions were lost")
        #expect(try database.count("session") == acknowledged.count)
        let fresh = try await Device.loggedIn("ada", on: server)
        #expect(Set(try fresh.entities("session").map(\.id)) == Set(acknowledged))
        print(
            "FaultInjection(c): \(acknowledgedWhileSpaceLasted) sessions acknowledged before the 2 MB disk filled; "
                + "the full disk answered \(full.code.map { "\($0.rawValue)" } ?? "?"); all \(acknowledged.count) acknowledged sessions kept"
        )
    }
}
