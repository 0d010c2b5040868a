import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The abuse scenario (docs/performance.md, "abuse"): one account's worst request mix beside normal clients of another
/// account on another address, against the release `gorilla-server` run as a child process with its default limits.
/// Reports the normal clients' p99 beside the abuse against the same clients' p99 on the quiet server, and the server's
/// peak memory (`VmHWM`).
extension Benchmark {
    /// Normal devices measured at once, and their rounds (a one-mutation push and a pull from their cursor each).
    static let normalDevices = 4
    static let normalRounds = 150

    func abuse(folder: TemporaryFolder) async throws {
        guard FileManager.default.isExecutableFile(atPath: ServerChild.executable) else {
            for (name, unit, goal) in [
                ("abuse_normal_p99_ms", "ms", Metric.Goal.ratioAtMost(3)),
                ("abuse_server_peak_mb", "MB", Metric.Goal.valueAtMost(300)),
            ] {
                metrics.append(
                    Metric(
                        name: name, value: .nan, unit: unit, limit: nil, goal: goal,
                        note: "not measured: \(ServerChild.executable) is missing; build it with: "
                            + "swift build -c release --product gorilla-server"))
            }
            progress("skipping abuse: \(ServerChild.executable) is missing")
            return
        }
        let server = try await ServerChild.start(
            data: folder.child("abuse-server"), log: folder.url.appendingPathComponent("abuse-server.log"))
        do {
            try await abuse(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func abuse(_ server: ServerChild) async throws {
        let endpoint = server.endpoint
        let normal = try await Self.signUp(endpoint, "ada")
        let traffic = try await Self.prepareAbuser(endpoint)
        progress("abuse: the abusing account has 5,000 clients and a session of 100 exercises × 30 sets")

        _ = try await normalLatencies(endpoint, token: normal, rounds: 10)  // warm-up
        let quietRounds = try await normalLatencies(endpoint, token: normal, rounds: Self.normalRounds)
        let quiet = quietRounds.all
        let peakBefore = server.peakMemoryMB ?? .nan
        progress("abuse: quiet p99 \(format(quiet.percentile(99))) ms; starting the abusers")

        let group = try await AbuseConnection.nicedGroup()
        let started = ContinuousClock.now
        let (beside, peak, abusers) = try await withThrowingTaskGroup(of: Void.self) { tasks in
            let abusersThread = EventLoopTaskExecutor(group.next())
            tasks.addTask { try await withTaskExecutorPreference(abusersThread) { try await traffic.run(on: group) } }
            defer { traffic.stop.withLockedValue { $0 = true } }
            let underWay = try await eventually(timeout: .seconds(90)) {
                traffic.reached("pull", AbuseTraffic.pullers) && traffic.reached("message push", 2)
                    && traffic.reached("correction", 2) && traffic.reached("history", 1)
                    && traffic.reached("subscribed", AbuseTraffic.subscribers)
            }
            guard underWay else {
                throw BenchError("the abuse never got under way: \(traffic.counts.withLockedValue { $0 })")
            }
            // The session's history grows with each correction: measure once it is long (or after 45 s at most).
            _ = try await eventually(timeout: .seconds(45)) {
                traffic.reached("correction", AbuseTraffic.correctionsBeforeMeasuring)
            }
            let beside = try await normalLatencies(endpoint, token: normal, rounds: Self.normalRounds)
            let peak = server.peakMemoryMB ?? .nan
            let abusers = ContinuousClock.now - started
            traffic.stop.withLockedValue { $0 = true }
            try await tasks.waitForAll()
            return (beside, peak, abusers)
        }
        try? await group.shutdownGracefully()
        let afterClose = server.residentMemoryMB ?? .nan
        let counts = traffic.counts.withLockedValue { $0 }
        let mix = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let pageMB = Double(traffic.largestPage.withLockedValue { $0 }) / 1_000_000
        let quietFigures = "p50 quiet \(format(quiet.median)) ms, beside \(format(beside.all.median)) ms"
        let split = "p99 of pushes and pulls: \(quietRounds.p99s) quiet, \(beside.p99s) beside"
        let devices = "\(Self.normalDevices) devices of another account (127.0.0.1), \(Self.normalRounds) rounds each"
        metrics.append(
            Metric(
                name: "abuse_normal_p99_ms", value: beside.all.percentile(99), unit: "ms", limit: quiet.percentile(99),
                goal: .ratioAtMost(3),
                note: devices + " of a one-machine push and a pull from their cursor (\(beside.all.count) requests); "
                    + "limit = the same devices' p99 on the quiet server (\(quietFigures); \(split)); abuse from one "
                    + "account over \(format(abusers.seconds)) s: \(mix); largest pull page \(format(pageMB)) MB"))
        metrics.append(
            Metric(
                name: "abuse_server_peak_mb", value: peak, unit: "MB", limit: nil, goal: .valueAtMost(300),
                note: "gorilla-server's VmHWM (SQLite, default limits) at the end of the measure; "
                    + "\(format(peakBefore)) MB before the abuse (seeding included), VmRSS \(format(afterClose)) MB "
                    + "once the abusers had closed"))
        progress(
            "abuse: normal p99 \(format(beside.all.percentile(99))) ms (pushes, pulls: \(beside.p99s)) beside the abuse against "
                + "\(format(quiet.percentile(99))) ms quiet; server peak \(format(peak)) MB; \(mix)")
    }

    /// A coach signs up from 127.0.0.1; returns their token.
    private static func signUp(_ endpoint: ServerEndpoint, _ username: String) async throws -> String {
        try await ServerConnection.withConnection(to: endpoint, connectTimeout: .seconds(10)) { connection in
            try await connection.request(
                Operation.signup,
                SignupBody(
                    username: username, email: "\(username)@example.com", password: Self.password, name: "Ada",
                    surname: "Coach", language: .en), as: SessionReply.self
            ).token
        }
    }

    /// The abusing coach: a catalogue, a client, 5,000 clients with 200-character notes (pull pages of 5,000 rows are
    /// megabytes) and one session of 100 exercises × 30 sets.
    private static func prepareAbuser(_ endpoint: ServerEndpoint) async throws -> AbuseTraffic {
        let token = try await signUp(endpoint, "hog")
        let generator = DatasetGenerator(size: .quick)
        let catalogue = generator.machineMutations() + generator.exerciseMutations()
        let exerciseIDs = generator.exercises.map(\.id)
        let client = UUID.v7()
        let session = UUID.v7()
        let notes = String(repeating: "n", count: 200)
        let clients = (0..<5_000).map { index in
            Mutation(
                id: UUID.v7(), kind: "client", entity: index == 0 ? client : UUID.v7(), action: .create,
                fields: ["name": "Joan", "surname": .string("Puig \(index)"), "notes": .string(notes)])
        }
        let sessionFields: [String: JSONValue] = [
            "client": .string(client.uuidString.lowercased()), "mode": "handsfree",
            "start": "2026-03-02T18:00:00Z", "end": "2026-03-02T19:30:00Z",
            "exercises": .array(AbuseTraffic.exercises(exerciseIDs, revision: 0)),
        ]
        try await withSession(endpoint, token: token) { connection in
            let seeder = Seeder(connection: connection)
            _ = try await seeder.push(catalogue)
            _ = try await seeder.push(clients)
            let results = try await seeder.push([
                Mutation(id: UUID.v7(), kind: "session", entity: session, action: .create, fields: sessionFields)
            ])
            guard results.first?.status == .applied else {
                throw BenchError("the big session was refused: \(results.first?.error?.message ?? "?")")
            }
        }
        return AbuseTraffic(
            port: endpoint.port, fingerprint: endpoint.fingerprint ?? "", token: token, client: client,
            session: session, exerciseIDs: exerciseIDs)
    }

    /// Milliseconds each request of ``normalDevices`` devices took, `rounds` rounds each of a one-machine push and a
    /// pull from the device's cursor, a few milliseconds apart as a person's client paces them.
    private func normalLatencies(
        _ endpoint: ServerEndpoint, token: String, rounds: Int
    ) async throws -> NormalLatencies {
        try await withThrowingTaskGroup(of: NormalLatencies.self) { tasks in
            for _ in 0..<Self.normalDevices {
                tasks.addTask {
                    try await withSession(endpoint, token: token) { connection in
                        try await Self.normalDevice(connection, rounds: rounds)
                    }
                }
            }
            return try await tasks.reduce(into: NormalLatencies()) {
                $0.push += $1.push
                $0.pull += $1.pull
            }
        }
    }

    private static func normalDevice(_ connection: ServerConnection, rounds: Int) async throws -> NormalLatencies {
        var cursor: Int64 = 0
        while true {
            let page = try await connection.request(
                Operation.syncPull, PullBody(since: cursor, limit: 1_000), as: PullReply.self)
            cursor = page.cursor
            if !page.more { break }
        }
        var samples = NormalLatencies()
        for _ in 0..<rounds {
            let machine = Mutation(
                id: UUID.v7(), kind: "machine", entity: UUID.v7(), action: .create,
                fields: ["name": .string("Press \(UUID().uuidString.prefix(8))")])
            let (pushed, push) = try await timed {
                try await connection.request(
                    Operation.syncPush, PushBody(mutations: [machine]), as: PushReply.self)
            }
            guard pushed.results.first?.status == .applied else {
                throw BenchError("a normal push was refused: \(pushed.results.first?.error?.message ?? "?")")
            }
            let (page, pull) = try await timed {
                try await connection.request(
                    Operation.syncPull, PullBody(since: cursor, limit: 100), as: PullReply.self)
            }
            cursor = page.cursor
            samples.push.append(push.milliseconds)
            samples.pull.append(pull.milliseconds)
            try await Task.sleep(for: .milliseconds(5))  // pacing, not synchronisation
        }
        return samples
    }
}

/// The milliseconds of the normal devices' pushes and pulls.
private struct NormalLatencies {
    var push: [Double] = []
    var pull: [Double] = []

    /// Both kinds together.
    var all: Samples { Samples(push + pull) }

    /// The p99 of pushes and of pulls, for the note.
    var p99s: String { "\(format(Samples(push).percentile(99))) and \(format(Samples(pull).percentile(99))) ms" }
}
