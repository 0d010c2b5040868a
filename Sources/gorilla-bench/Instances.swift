import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import NIOConcurrencyHelpers
import NIOCore

/// `gorilla-bench --database URL`: push and pull throughput of one coach's devices spread over 1, 2 and 3 server
/// instances on one PostgreSQL database, next to one SQLite server; and one device's push alone on each engine, the
/// per-request cost the model of separate machines in docs/performance.md is written with.
extension Benchmark {
    /// Devices (connections) pushing and pulling at once, batches each pushes, and mutations per batch.
    static let instanceDevices = 12
    static let instanceBatches = 8
    static let instanceBatchSize = 50

    func instances() async throws {
        try await instanceRun(engine: .sqlite, count: 1)
        for count in 1...3 { try await instanceRun(engine: .postgres, count: count) }
    }

    private func instanceRun(engine: TestEngine, count: Int) async throws {
        let folder = try TemporaryFolder("gorilla-bench-instances")
        defer { folder.remove() }
        let database = engine == .postgres ? try await TestPostgres.makeDatabase() : nil
        let servers = (0..<count).map {
            TestServer(
                dataDirectory: folder.child("instance-\($0)"), engine: engine, database: database,
                configure: BenchServer.configure)
        }
        for server in servers { try await server.start() }
        defer {
            Task {
                for server in servers { await server.stop() }
                if let database { await TestPostgres.dropDatabase(database) }
            }
        }
        let endpoints = try servers.map { try $0.endpoint() }
        let token = try await ServerConnection.withConnection(to: endpoints[0], connectTimeout: .seconds(10)) {
            try await $0.request(
                Operation.signup,
                SignupBody(
                    username: "coach", email: "coach@example.com", password: Self.password, name: "Ada",
                    surname: "Coach", language: .en), as: SessionReply.self
            ).token
        }
        let label = "\(engine == .sqlite ? "sqlite" : "postgres")_\(count)"
        // The sessions' client.
        let client = UUID.v7()
        try await withSession(endpoints[0], token: token) { connection in
            let reply = try await connection.request(
                Operation.syncPush,
                PushBody(mutations: [
                    Mutation(
                        id: UUID.v7(), kind: "client", entity: client, action: .create,
                        fields: ["name": "Bea", "surname": "Bench"])
                ]), as: PushReply.self)
            guard reply.results.first?.status == .applied else { throw BenchError("the client was refused") }
        }

        // One device alone: the cost of a push of one batch, every part of it in turn.
        let single = try await withSession(endpoints[0], token: token) { connection in
            try await timed { try await Self.pushSessions(connection, client: client, prefix: "single", batch: 0) }.1
        }

        // Every device at once, spread over the instances: pushes, then a full pull each.
        let started = ContinuousClock.now
        try await Self.onEveryDevice(endpoints, token: token) { device, connection in
            for batch in 0..<Self.instanceBatches {
                try await Self.pushSessions(connection, client: client, prefix: "d\(device)", batch: batch)
            }
        }
        let pushSeconds = (ContinuousClock.now - started).seconds
        let pushed = Self.instanceDevices * Self.instanceBatches * Self.instanceBatchSize
        let pulled = NIOLockedValueBox(0)
        let pullStarted = ContinuousClock.now
        try await Self.onEveryDevice(endpoints, token: token) { _, connection in
            var since: Int64 = 0
            while true {
                let page = try await connection.request(
                    Operation.syncPull, PullBody(since: since, limit: 1000), as: PullReply.self)
                pulled.withLockedValue { $0 += page.changes.count }
                since = page.cursor
                if !page.more { break }
            }
        }
        let pullSeconds = (ContinuousClock.now - pullStarted).seconds
        let changes = pulled.withLockedValue { $0 }
        let devices = "\(Self.instanceDevices) devices over \(count) instance\(count == 1 ? "" : "s")"
        metrics.append(
            Metric(
                name: "instances_push_\(label)", value: Double(pushed) / pushSeconds, unit: "mutations/s",
                goal: .none,
                note: "\(devices), \(Self.instanceBatches) pushes of \(Self.instanceBatchSize) sessions (9 sets) each"))
        metrics.append(
            Metric(
                name: "instances_pull_\(label)", value: Double(changes) / pullSeconds, unit: "changes/s", goal: .none,
                note: "\(devices), each pulling all \(changes / Self.instanceDevices) rows in pages of 1,000"))
        metrics.append(
            Metric(
                name: "instances_push_alone_\(label)", value: single.seconds * 1000 / Double(Self.instanceBatchSize),
                unit: "ms/mutation", goal: .none,
                note: "one device, one push of \(Self.instanceBatchSize) sessions, nothing else running"))
        progress(
            "\(label): push \(format(Double(pushed) / pushSeconds))/s, pull \(format(Double(changes) / pullSeconds))/s, "
                + "alone \(format(single.seconds * 1000 / Double(Self.instanceBatchSize))) ms/mutation")
    }

    /// Runs `body` on a session of each device at once, the devices taking the instances in turn.
    static func onEveryDevice(
        _ endpoints: [ServerEndpoint], token: String,
        _ body: @escaping @Sendable (Int, ServerConnection) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for device in 0..<instanceDevices {
                let endpoint = endpoints[device % endpoints.count]
                group.addTask { try await withSession(endpoint, token: token) { try await body(device, $0) } }
            }
            try await group.waitForAll()
        }
    }

    /// Pushes one batch of new sessions of `client` (three exercises of three sets each), each applied.
    static func pushSessions(_ connection: ServerConnection, client: UUID, prefix: String, batch: Int) async throws {
        let exercises: [JSONValue] = (1...3).map { exercise in
            [
                "name": .string("Exercise \(exercise)"),
                "sets": .array((1...3).map { set in ["reps": .number(Double(8 + set)), "weight": .number(40)] }),
            ]
        }
        let mutations = (0..<instanceBatchSize).map { index in
            Mutation(
                id: UUID.v7(), kind: "session", entity: UUID.v7(), action: .create,
                fields: [
                    "client": .string(client.uuidString.lowercased()), "mode": "handsfree",
                    "start": .string(String(format: "2026-03-%02dT18:30:00Z", 1 + index % 28)),
                    "notes": .string("\(prefix) \(batch) \(index)"), "exercises": .array(exercises),
                ])
        }
        let reply = try await connection.request(
            Operation.syncPush, PushBody(mutations: mutations), as: PushReply.self)
        guard reply.results.allSatisfy({ $0.status == .applied }) else {
            throw BenchError(
                "a session was refused: \(reply.results.first { $0.status != .applied }?.error?.message ?? "")")
        }
    }
}
