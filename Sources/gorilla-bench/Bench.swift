import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import GorillaTransport
import NIOCore

/// `gorilla-bench [--quick] [--json]`: measures GorillaCoach against named targets, as ratios to the physical
/// limits measured in the same run. See docs/performance.md. Not run by CI or the tests.
@main
struct GorillaBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gorilla-bench",
        abstract: "Benchmarks a real GorillaCoach server over TLS on loopback with a coach's year of data.",
        discussion: """
            Starts an in-process server in a temporary folder, seeds it through the protocol, drives the real \
            client code and prints one line per figure with its physical limit (measured in the same run), the \
            ratio and the target. `gorilla clients list` is timed by running the `gorilla` executable built next \
            to this one (swift build -c release --product gorilla); the abuse scenario runs the `gorilla-server` built \
            there as a child process (swift build -c release --product gorilla-server).
            """)

    @Flag(
        help:
            "A tenth of the dataset and of the connected clients (push_sets still uploads 20,000 sets); finishes in under a minute."
    )
    var quick = false

    @Flag(help: "Print {\"metrics\": [{name, value, unit, limit, ratio, target}]} instead of a table.")
    var json = false

    @Option(help: .hidden)
    var loadWorker: String?

    /// For profiling: run only these scenarios (comma-separated: cold_pull, idle_sync, connect_login, concurrent_idle,
    /// push_sets, offline_log, cli_list, codec, abuse, gym_pull, web_pages), each `repeat` times (gym_pull once).
    @Option(help: .hidden)
    var only: String?

    @Option(help: .hidden)
    var `repeat` = 1

    /// For experiments: the number of connected clients in concurrent_idle (default 1,000, or 200 with --quick).
    @Option(help: .hidden)
    var loadConnections: Int?

    /// Keep the temporary folder (server data, device caches) and print where it is.
    @Flag(help: .hidden)
    var keep = false

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL server (a role that may create databases): the scenarios run on it, and push and pull with 1, 2 "
                + "and 3 instances are measured next to SQLite.", valueName: "postgres://USER@HOST:PORT/DB"))
    var database: String?

    func run() async throws {
        if let loadWorker {
            try await LoadWorker.run(planPath: loadWorker)
            return
        }
        if let database {
            guard PostgresLocation(url: database) != nil else {
                throw ValidationError("--database must be postgres://USER@HOST:PORT/DATABASE")
            }
            // Read once, on first use, by the servers the scenarios start (GorillaTesting's TestEngine, TestPostgres).
            setenv("GORILLA_TEST_DATABASE", database, 1)
            setenv("GORILLA_TEST_ENGINE", "postgres", 1)
        }
        let scenarios = only.map { Set($0.split(separator: ",").map(String.init)) }
        let benchmark = Benchmark(quick: quick, only: scenarios, repetitions: max(`repeat`, 1), keep: keep)
        benchmark.loadConnections = loadConnections
        benchmark.measuresInstances = database != nil
        let report = try await benchmark.run()
        print(json ? report.json : report.table)
    }
}

/// The scenarios, in order. Each measures real code against the same run's physical limit where there is one.
final class Benchmark {
    static let password = "bench-password-2026"

    let quick: Bool
    let size: DatasetSize
    let only: Set<String>?
    let repetitions: Int
    let keep: Bool
    var metrics: [Metric] = []
    var loadConnections: Int?
    /// Whether push and pull over 1, 2 and 3 instances are measured (`--database`).
    var measuresInstances = false
    private var diagnostics: [String] = []

    init(quick: Bool, only: Set<String>? = nil, repetitions: Int = 1, keep: Bool = false) {
        self.quick = quick
        self.size = quick ? .quick : .full
        self.only = only
        self.repetitions = repetitions
        self.keep = keep
    }

    private func wants(_ scenario: String) -> Bool { only?.contains(scenario) ?? true }

    struct Account: Sendable {
        var id: UUID
        var token: String
    }

    func run() async throws -> Report {
        let began = ContinuousClock.now
        let loadBefore = MachineInfo.loadAverage
        let runSteal = StealMeter()
        let openFiles = raiseOpenFilesLimit()
        let folder = try TemporaryFolder("gorilla-bench")
        defer {
            if keep {
                folder.keep()
                progress("kept \(folder.url.path)")
            } else {
                folder.remove()
            }
        }
        let server = BenchServer.make(dataDirectory: folder.child("server"))
        try await server.start()
        let endpoint = try server.endpoint()
        progress("server listening on 127.0.0.1:\(server.port) (in-process, TLS); open-files limit \(openFiles)")

        // A coach signs up and seeds the dataset through sync.push, the way their devices would.
        let coach = try await signUp(
            endpoint,
            SignupBody(
                username: "coach", email: "coach@example.com", password: Self.password,
                name: "Ada", surname: "Coach", language: .en))
        let generator = DatasetGenerator(size: size)
        let (clients, seeding) = try await seed(generator, endpoint: endpoint, coach: coach)
        progress("seeded \(size.rows) rows (\(size.sets) sets) in \(format(seeding.seconds)) s")

        // First, while this process holds little but the server: many connected clients, and the server's memory.
        for _ in 0..<repetitions where wants("concurrent_idle") {
            try await scenario {
                try await concurrentIdle(
                    server: server, endpoint: endpoint, tokens: [coach.token] + clients.map(\.token), folder: folder)
            }
        }

        // A device with the whole dataset in its cache, for `gorilla clients list` once the server is down.
        let cliHome = folder.child("cli-device")
        if wants("cli_list") {
            let cliDevice = DeviceContext(home: ClientHome(environment: ["GORILLA_HOME": cliHome.path]))
            try await cliDevice.command {
                let account = AccountService(cliDevice)
                _ = try await account.connect(
                    "127.0.0.1:\(endpoint.port)", fingerprint: endpoint.fingerprint, trust: false,
                    confirm: { _ in false })
                _ = try await account.login(user: "coach", password: Self.password)
            }
            let cliClients = try cliDevice.cache().entities(.client).count
            guard cliClients == size.clients else {
                throw BenchError("the CLI device pulled \(cliClients) clients, not \(size.clients)")
            }
        }

        // The web door's pages on the coach's year as seeded, before the scenarios below push more sessions.
        if wants("web_pages") {
            try await scenario {
                try await webPages(dataDirectory: folder.child("server"), coach: coach, client: clients[0])
            }
        }

        for _ in 0..<repetitions {
            if wants("codec") { try codec(generator) }
            if wants("cold_pull") {
                try await scenario {
                    try await coldPull(server: server, endpoint: endpoint, coach: coach, folder: folder)
                }
            }
            if wants("idle_sync") {
                try await scenario {
                    try await idleSync(server: server, endpoint: endpoint, coach: coach, folder: folder)
                }
            }
            if wants("connect_login") {
                try await scenario { try await connectLogin(endpoint: endpoint, coach: coach) }
            }
            if wants("push_sets") {
                try await scenario {
                    try await pushSets(
                        server: server, endpoint: endpoint, coach: coach, clients: clients.map(\.id),
                        generator: generator,
                        folder: folder)
                }
            }
            if wants("offline_log") {
                try await scenario {
                    try await offlineLog(endpoint: endpoint, coach: coach, generator: generator, folder: folder)
                }
            }
        }
        // Once: its accounts and gym stay on the server.
        if wants("gym_pull") { try await scenario { try await gymPull(endpoint: endpoint, folder: folder) } }

        await server.stop()
        progress("server stopped")
        if wants("cli_list") { try await scenario { try await cliList(home: cliHome, clients: size.clients) } }
        if wants("abuse") { try await scenario { try await abuse(folder: folder) } }
        if measuresInstances && wants("instances") { try await scenario { try await instances() } }

        let elapsed = ContinuousClock.now - began
        let header =
            [
                "gorilla-bench \(quick ? "--quick " : "")— a coach's year: \(size.clients) clients, \(size.machines) machines, "
                    + "\(size.exercises) exercises, \(size.trainings) trainings, \(size.sessions) sessions (\(size.sets) sets), "
                    + "\(size.messages) messages, \(size.events) events"
            ] + MachineInfo.summary + [
                "run time: \(format(elapsed.seconds)) s (seeding \(format(seeding.seconds)) s); "
                    + "load average \(loadBefore) at the start, \(MachineInfo.loadAverage) at the end"
                    + (runSteal.described.map { "; the hypervisor took \($0) (steal)" } ?? "")
            ]
        return Report(header: header, metrics: metrics, diagnostics: diagnostics)
    }

    /// Runs one scenario and adds to each figure it measured the share of the CPUs the hypervisor took meanwhile.
    private func scenario(_ body: () async throws -> Void) async throws {
        let first = metrics.count
        let steal = StealMeter()
        try await body()
        guard let described = steal.described else { return }
        for index in first..<metrics.count {
            metrics[index].note =
                (metrics[index].note.map { $0 + "; " } ?? "") + "hypervisor steal during the scenario: \(described)"
        }
    }

    // MARK: Accounts and seeding

    private func signUp(_ endpoint: ServerEndpoint, _ body: SignupBody) async throws -> Account {
        let reply = try await ServerConnection.withConnection(to: endpoint, connectTimeout: .seconds(10)) {
            connection in
            try await connection.request(Operation.signup, body, as: SessionReply.self)
        }
        return Account(id: reply.profile.id, token: reply.token)
    }

    /// Seeds the dataset over one coach connection and registers every client with their code.
    private func seed(
        _ generator: DatasetGenerator, endpoint: ServerEndpoint, coach: Account
    ) async throws -> ([Account], Duration) {
        let start = ContinuousClock.now
        let catalogue = generator.machineMutations() + generator.exerciseMutations() + generator.trainingMutations()
        let clientMutations = generator.clientMutations()
        let codes: [String] = try await withSession(endpoint, token: coach.token) { connection in
            try await Seeder(connection: connection).push(catalogue)
            return try await Seeder(connection: connection).push(clientMutations).map {
                $0.extra?["code"]?.stringValue ?? ""
            }
        }
        var clients: [Account] = []
        for (index, code) in codes.enumerated() {
            let username = String(format: "client%03d", index + 1)
            clients.append(
                try await signUp(
                    endpoint,
                    SignupBody(
                        username: username, email: "\(username)@example.com",
                        password: Self.password, name: nil, surname: nil, code: code)))
        }
        let history =
            generator.eventMutations() + generator.sessionMutations(count: size.sessions) + generator.messageMutations()
        let sessionBytes = try generator.sessionMutations(count: 10).map { try WireCoding.encoder.encode($0).count }
        progress(
            "a session of \(DatasetSize.setsPerSession) sets is \(sessionBytes.min()!)–\(sessionBytes.max()!) bytes as a mutation"
        )
        _ = try await withSession(endpoint, token: coach.token) { connection in
            try await Seeder(connection: connection).push(history)
        }
        return (clients, ContinuousClock.now - start)
    }

    // MARK: Scenarios

    /// Diagnostics only: what coding one session document costs.
    private func codec(_ generator: DatasetGenerator) throws {
        let client = UUID.v7()
        for (label, realtime) in [("real-time", true), ("hands-free", false)] {
            let fields = generator.sessionFields(client: client, start: Date(), realtime: realtime)
            let figures = try CodecFigures.measure(label: label, fields: fields)
            diagnostics.append(figures.line)
            progress(figures.line)
            let fastJSON = try FastJSONFigures.measure(fields: fields)
            let line =
                "  FastJSON on the same document: parse \(format(fastJSON.parseMicroseconds)) µs (same value: "
                + "\(fastJSON.parsesAlike ? "yes" : "NO")), write \(format(fastJSON.writeMicroseconds)) µs (same bytes as "
                + "WireCoding.encoder: \(fastJSON.writesAlike ? "yes" : "NO")), Codable with numbers probed first "
                + "\(format(fastJSON.reorderedDecodeMicroseconds)) µs (booleans kept: \(fastJSON.reorderedKeepsBooleans ? "yes" : "NO")); "
                + "the push's one-pass reader (validated and written as stored) "
                + (fastJSON.pushReaderMicroseconds.map { "\(format($0)) µs" } ?? "does NOT read it")
            diagnostics.append(line)
            progress(line)
        }
    }

    /// cold_pull_s: a new device pulls everything into an empty cache (`SyncEngine.pull` into a fresh `LocalCache`).
    /// Measured like its limit: the best of ``trials`` new devices, each followed by one try of the limit, so that both
    /// sample the same moments of a shared machine.
    private func coldPull(
        server: TestServer, endpoint: ServerEndpoint, coach: Account, folder: TemporaryFolder
    ) async throws {
        let directory = folder.child("cold-pull-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var durations: [Duration] = []
        var pulled = 0
        var engine = SyncEngine(cache: try LocalCache.inMemory())
        var best: Limits.ColdPull?
        for device in 0..<Self.trials {
            engine = SyncEngine(
                cache: try LocalCache.open(path: directory.appendingPathComponent("cache-\(device).sqlite").path))
            let pull = engine
            let (count, duration) = try await withSession(endpoint, token: coach.token) { connection in
                try await timed { try await pull.pull(over: connection) }
            }
            guard count == size.rows else {
                throw BenchError("the cold pull brought \(count) changes, not \(size.rows)")
            }
            pulled = count
            durations.append(duration)

            let path = directory.appendingPathComponent("limit-\(device).sqlite").path
            let limit = try Limits.coldPull(
                serverDatabase: server.databasePath, coachID: coach.id.uuidString.lowercased(),
                cachePath: path, pageSize: engine.pageSize)
            if best == nil || limit.duration < best!.duration { best = limit }
        }
        durations.sort()
        let duration = durations[0]
        let limit = best!
        guard limit.rows == pulled else { throw BenchError("the limit read \(limit.rows) rows, the pull \(pulled)") }
        metrics.append(
            Metric(
                name: "cold_pull_s", value: duration.seconds, unit: "s", limit: limit.duration.seconds,
                goal: .ratioAtMost(2),
                note: "\(pulled) rows, \(format(Double(limit.bytes) / 1_000_000)) MB of pull replies in pages of "
                    + "\(engine.pageSize), best of \(Self.trials) new devices (all: \(durations.map { format($0.seconds) }.joined(separator: ", ")) s); "
                    + "limit = SQLite read + page encoding + one-transaction insert into an empty cache (best of \(Self.trials), "
                    + "each try right after a device's)"))
        progress("cold pull: \(format(duration.seconds)) s, limit \(format(limit.duration.seconds)) s")
        let breakdown = try await PullBreakdown.measure(
            endpoint: endpoint, token: coach.token, pageSize: engine.pageSize)
        diagnostics.append(describe("cold pull", total: duration, breakdown))
    }

    /// A pull's total split into the server's share, the client's page reading and the rest. The client asks for the
    /// next page while it stores the current one, so the rest can be small, or negative when storing hides the transfer.
    private func describe(_ label: String, total: Duration, _ breakdown: PullBreakdown) -> String {
        let rest = total - breakdown.server - breakdown.reading
        return
            "\(label) \(format(total.seconds)) s = server's share \(format(breakdown.server.seconds)) s (the same \(breakdown.pages) "
            + "page(s), \(format(Double(breakdown.bytes) / 1_000_000)) MB, from a bare TLS client) + client page reading "
            + "(ReplyHeader.read + SyncEngine.decodePull) \(format(breakdown.reading.seconds)) s + the rest (LocalCache.applyPull, "
            + "overlapped with the next page's transfer) \(format(rest.seconds)) s"
    }

    /// idle_sync_p50_ms / idle_sync_p99_ms: `sync.updated` with nothing new on an open connection, against a TLS echo.
    private func idleSync(
        server: TestServer, endpoint: ServerEndpoint, coach: Account, folder: TemporaryFolder
    ) async throws {
        let samples = 2_000
        let warmUp = 200
        let cursor = try Limits.serverVersion(serverDatabase: server.databasePath)
        let (times, replyLength): ([Double], Int) = try await withSession(endpoint, token: coach.token) { connection in
            let line = try await connection.roundTrip(Operation.syncUpdated, UpdatedBody(since: cursor))
            var times: [Double] = []
            times.reserveCapacity(samples)
            for index in 0..<(warmUp + samples) {
                let sent = ContinuousClock.now
                let reply = try await connection.request(
                    Operation.syncUpdated, UpdatedBody(since: cursor), as: UpdatedReply.self)
                let elapsed = (ContinuousClock.now - sent).milliseconds
                guard reply.sections.isEmpty else { throw BenchError("sync.updated found changes: \(reply.sections)") }
                if index >= warmUp { times.append(elapsed) }
            }
            return (times, line.count + 1)
        }
        let requestLength =
            try WireCoding.encoder.encode(
                WireRequest(
                    id: 1_000, op: Operation.syncUpdated,
                    body: UpdatedBody(since: cursor))
            ).count + 1
        let echo = try await EchoServer.start(
            certificatePath: server.certificatePath, keyPath: server.keyPath,
            replyLength: replyLength - 1)
        defer { echo.stop() }
        let echoTimes = try await EchoServer.roundTrips(
            port: echo.port, fingerprint: endpoint.fingerprint ?? "",
            requestLength: requestLength, samples: samples, warmUp: warmUp)
        let product = Samples(times)
        let limit = Samples(echoTimes)
        let bare = Samples(
            try await RawLineClient.roundTrips(
                port: endpoint.port, fingerprint: endpoint.fingerprint ?? "",
                setup: try Lines.session(token: coach.token),
                request: try Lines.request(1_000, Operation.syncUpdated, UpdatedBody(since: cursor)), samples: samples,
                warmUp: warmUp))
        diagnostics.append(
            "idle sync.updated p50 \(format(product.median)) ms = TLS echo \(format(limit.median)) ms + server's share "
                + "\(format(bare.median - limit.median)) ms (bare TLS client against the real server: p50 "
                + "\(format(bare.median)) ms, p99 \(format(bare.percentile(99))) ms) + client library "
                + "(ServerConnection) \(format(product.median - bare.median)) ms")
        let sizes = "\(requestLength)-byte request, \(replyLength)-byte reply"
        metrics.append(
            Metric(
                name: "idle_sync_p50_ms", value: product.median, unit: "ms", limit: limit.median,
                goal: .ratioAtMost(3),
                note: "\(samples) samples on one connection (\(sizes)); limit = NIO TLS echo of lines of the same sizes"
            ))
        metrics.append(
            Metric(
                name: "idle_sync_p99_ms", value: product.percentile(99), unit: "ms", limit: limit.percentile(99),
                goal: .none))
        progress(
            "idle sync.updated: p50 \(format(product.median)) ms (echo \(format(limit.median)) ms), "
                + "p99 \(format(product.percentile(99))) ms (echo \(format(limit.percentile(99))) ms)")
    }

    /// connect_login_p50_ms: a new TLS connection, `hello` and `auth.resume`.
    private func connectLogin(endpoint: ServerEndpoint, coach: Account) async throws {
        let samples = quick ? 100 : 300
        var times: [Double] = []
        for index in 0..<(samples + 10) {
            let started = ContinuousClock.now
            let elapsed = try await ServerConnection.withConnection(to: endpoint, connectTimeout: .seconds(10)) {
                connection in
                _ = try await connection.request(
                    Operation.resume, ResumeBody(token: coach.token), as: SessionReply.self)
                return ContinuousClock.now - started
            }
            if index >= 10 { times.append(elapsed.milliseconds) }
        }
        let figures = Samples(times)
        metrics.append(
            Metric(
                name: "connect_login_p50_ms", value: figures.median, unit: "ms", limit: nil, goal: .valueAtMost(10),
                note: "\(samples) connections one after another; p99 \(format(figures.percentile(99))) ms"))
        progress("connect + hello + auth.resume: p50 \(format(figures.median)) ms")
    }

    /// Windows of concurrent_idle: a second and a third follow only while the hypervisor takes more than
    /// `loadStealLimit` of the CPUs (docs/performance.md §3).
    static let loadWindows = 3
    static let loadStealLimit = 0.05

    /// concurrent_idle_p99_ms and server_rss_mb: many connected clients each sending `sync.updated` once a second.
    private func concurrentIdle(
        server: TestServer, endpoint: ServerEndpoint, tokens: [String], folder: TemporaryFolder
    ) async throws {
        let connections = loadConnections ?? (quick ? 200 : 1_000)
        let seconds = quick ? 8 : 20
        let plan = LoadPlan(
            host: endpoint.host, port: endpoint.port, fingerprint: endpoint.fingerprint ?? "", tokens: tokens,
            since: try Limits.serverVersion(serverDatabase: server.databasePath), connections: connections,
            seconds: seconds, windows: Self.loadWindows, stealLimit: Self.loadStealLimit, connectConcurrency: 32)
        progress(
            "connecting \(connections) clients (child process) for \(seconds) s of sync.updated once a second each")
        let outcome = try await LoadRunner.run(plan: plan, folder: folder.url)
        let result = outcome.result
        if result.errors > 0 {
            progress("\(result.errors) load connections failed; first: \(result.firstError ?? "?")")
        }
        // The window the hypervisor disturbed least (the first, unless it took more than the limit from it).
        guard
            let chosen = result.windows.indices.min(by: {
                (result.windows[$0].steal ?? 0) < (result.windows[$1].steal ?? 0)
            })
        else {
            throw BenchError("the load worker measured no window")
        }
        let latencies = Samples(result.windows[chosen].latencies)
        let expected = connections * seconds
        let requests = result.windows.map(\.latencies.count).reduce(0, +)
        var windows = ""
        if result.windows.count > 1 {
            windows =
                "; window \(chosen + 1) of \(result.windows.count), the one with the least steal (another follows while "
                + "the hypervisor takes more than \(compact(Self.loadStealLimit * 100)) % of the CPUs, up to \(Self.loadWindows)): "
                + result.windows.map { window in
                    "p99 \(format(Samples(window.latencies).percentile(99))) ms at \(window.steal.map { format($0 * 100) } ?? "?") % steal"
                }.joined(separator: ", ")
        }
        metrics.append(
            Metric(
                name: "concurrent_idle_p99_ms", value: result.errors > 0 ? .nan : latencies.percentile(99), unit: "ms",
                limit: nil, goal: .valueAtMost(20),
                note: "\(result.connected) of \(connections) connections (accounts: the coach and \(tokens.count - 1) "
                    + "clients), \(latencies.count) of \(expected) requests answered; p50 \(format(latencies.median)) ms, "
                    + "max \(format(latencies.maximum)) ms; connecting took \(format(result.connectSeconds)) s"
                    + windows
                    + (result.errors > 0 ? "; \(result.errors) connections failed: \(result.firstError ?? "")" : "")))
        diagnostics.append(
            "\(connections) clients × 1 sync.updated/s: while they sent, the server's process used "
                + "\(format(outcome.serverCPUSeconds / result.windowSeconds * 100)) % of one core and the client process "
                + "\(format(result.windowCPUSeconds / result.windowSeconds * 100)) % (\(ProcessInfo.processInfo.activeProcessorCount) cores); "
                + "server CPU per request \(format(outcome.serverCPUSeconds / Double(max(requests, 1)) * 1000)) ms")
        diagnostics.append(
            "server process VmRSS: \(format(outcome.residentBeforeMB)) MB before the clients connected, peak "
                + "\(format(outcome.peakResidentMB)) MB with them (\(format((outcome.peakResidentMB - outcome.residentBeforeMB) * 1000 / Double(connections))) kB "
                + "per connection), \(format(outcome.residentTrimmedMB)) MB after they left and malloc_trim(0) returned freed heap"
        )
        metrics.append(
            Metric(
                name: "server_rss_mb", value: outcome.peakResidentMB, unit: "MB", limit: nil, goal: .valueAtMost(200),
                note: "peak VmRSS of the benchmark process, which hosts the server in-process (read from "
                    + "/proc/self/status) while the \(connections) clients (a child process) were connected; "
                    + "\(format(outcome.residentBeforeMB)) MB before they connected"))
        progress(
            "\(connections) clients: p99 \(format(latencies.percentile(99))) ms, server process RSS \(format(outcome.peakResidentMB)) MB"
        )
    }

    /// Rows per transaction of the push limit: fixed (not the engine's batch size), so that a change of batch size
    /// moves the figure, never the yardstick. Fewer commits only make the limit faster.
    static let limitBatchSize = 200

    /// Sets push_sets_per_s uploads, in both modes: the metric's workload is 20,000 sets, and `--quick` shrinks the
    /// dataset (a coach's year) and the connected clients, not it.
    static let pushedSets = 20_000

    /// How many times the figures with a limit (`cold_pull_s`, `push_sets_per_s`) and their limits are measured, in
    /// pairs; each reports its best. Nine, not five: this machine runs whole stretches of a few hundred milliseconds
    /// 10–60 % slower, and a 70 ms push fits into the fast stretches less often than its 30 ms limit does, so that five
    /// tries sometimes found the limit's fast speed and not the push's (docs/performance-log.md §2, step 40).
    static let trials = 9

    /// push_sets_per_s: a coach's device uploads 20,000 sets (sessions of 24) with `SyncEngine.push`. Measured like its
    /// limit: the best of ``trials`` rounds, each a new device with as many new sessions queued. A diagnostic measures one push of
    /// a tenth as many the same way: a single batch, so the fixed costs of a request weigh most there.
    private func pushSets(
        server: TestServer, endpoint: ServerEndpoint, coach: Account, clients: [UUID],
        generator: DatasetGenerator, folder: TemporaryFolder
    ) async throws {
        let sessions = (Self.pushedSets + DatasetSize.setsPerSession - 1) / DatasetSize.setsPerSession
        let sets = sessions * DatasetSize.setsPerSession
        let engine = SyncEngine(cache: try LocalCache.inMemory())
        let (rounds, durations, best) = try await measurePush(
            sessions: sessions, server: server, endpoint: endpoint, coach: coach,
            clients: clients, generator: generator, folder: folder)
        let duration = durations[0]
        let value = Double(sets) / duration.seconds
        let limit = Double(sets) / best.seconds
        metrics.append(
            Metric(
                name: "push_sets_per_s", value: value, unit: "sets/s", limit: limit, goal: .ratioAtLeast(0.3),
                note:
                    "\(sets) sets in \(sessions) sessions pushed in batches of at most \(engine.batchSize) mutations and \(engine.maxBatchBytes / 1024) KB "
                    + "(up to \(engine.pushesInFlight) in flight) in \(format(duration.seconds)) s, best of \(Self.trials) new devices (all: "
                    + "\(durations.map { format($0.seconds) }.joined(separator: ", ")) s); limit = the same entities and applied_mutations rows "
                    + "inserted straight into the server's database, \(Self.limitBatchSize) per transaction (best of \(Self.trials), "
                    + "each try right after a push; the server's log checkpointed before each push and each try, not timed)"
            ))
        let median = durations[durations.count / 2]
        progress(
            "push: \(format(value)) sets/s (median of \(Self.trials): \(format(Double(sets) / median.seconds))), limit \(format(limit)) sets/s"
        )
        let readOutbox = rounds.map(\.readOutbox).sorted()[rounds.count / 2],
            encodeBody = rounds.map(\.encode).sorted()[rounds.count / 2]
        // CPU time moves less with a shared machine's moods than the wall clock does: a change of a few per cent in the
        // work per session shows here first.
        let cpu = Samples(rounds.map(\.cpuSeconds)).median
        let busy = Samples(rounds.map { $0.cpuSeconds / $0.duration.seconds }).median
        diagnostics.append(
            "push of \(sessions) sessions, CPU time of the whole process (the device and the server) over each push: "
                + "\(format(cpu * 1000)) ms, \(format(cpu / Double(sessions) * 1_000_000)) µs per session (median of "
                + "\(Self.trials); all: \(rounds.map { format($0.cpuSeconds * 1000) }.joined(separator: ", ")) ms); "
                + "\(format(busy)) of the \(ProcessInfo.processInfo.activeProcessorCount) CPUs busy on average (median)"
        )

        // The server's share: as many new sessions pushed by a bare TLS client in the engine's batches, replies not
        // decoded; median of 3.
        var shares: [Duration] = []
        var megabytes = 0.0
        for _ in 0..<3 {
            let more = generator.sessionMutations(count: sessions, clients: clients)
            var requests: [[UInt8]] = []
            var first = 0
            while first < more.count {
                let batch = Array(more[first..<min(first + engine.batchSize, more.count)])
                let count = SyncEngine.encodedBatch(batch, bytes: engine.maxBatchBytes).count
                requests.append(
                    try Lines.request(
                        20 + requests.count, Operation.syncPush, PushBody(mutations: Array(batch.prefix(count)))))
                first += count
            }
            let replies = try await RawLineClient.exchange(
                port: endpoint.port, fingerprint: endpoint.fingerprint ?? "",
                setup: try Lines.session(token: coach.token), requests: requests)
            guard replies.allSatisfy({ !String(decoding: $0.line, as: UTF8.self).contains("\"rejected\"") }) else {
                throw BenchError("the bare push was refused")
            }
            shares.append(replies.map(\.duration).reduce(.zero, +))
            megabytes = Double(requests.map(\.count).reduce(0, +)) / 1_000_000
        }
        let share = shares.sorted()[1]
        diagnostics.append(
            "push of \(sessions) sessions \(format(duration.seconds)) s (best of \(Self.trials)) = server's share \(format(share.seconds)) s "
                + "(the same number of new sessions, \(format(megabytes)) MB, pushed by a bare TLS client, one request at a "
                + "time; median of 3) + device side \(format((duration - share).seconds)) s "
                + "(negative when the pipelined push beats the bare client); the device's own work, mostly done while "
                + "the server works (medians of \(Self.trials)): reading the outbox (LocalCache.outbox) \(format(readOutbox.seconds)) s, "
                + "encoding the requests (SyncEngine.encodedBatch) \(format(encodeBody.seconds)) s")

        let small = (Self.pushedSets / 10 + DatasetSize.setsPerSession - 1) / DatasetSize.setsPerSession
        let (_, smallDurations, smallBest) = try await measurePush(
            sessions: small, server: server, endpoint: endpoint,
            coach: coach, clients: clients, generator: generator, folder: folder)
        diagnostics.append(
            "one push of \(small) sessions (\(small * DatasetSize.setsPerSession) sets, one batch): "
                + "\(format(smallDurations[0].seconds * 1000)) ms, best of \(Self.trials) new devices (all: "
                + "\(smallDurations.map { format($0.seconds * 1000) }.joined(separator: ", ")) ms); the same rows inserted "
                + "straight into the database in one transaction \(format(smallBest.seconds * 1000)) ms (best of \(Self.trials)): ratio "
                + "\(format(smallBest.seconds / smallDurations[0].seconds))")
    }

    /// Pushes `sessions` new sessions from each of ``trials`` new devices, each push followed by one insert of the rows the
    /// first wrote straight into the server's database (see ``Limits/directInsert``), so that both sample the same
    /// moments of a shared machine: the rounds, their durations sorted, and the best insert. Before each of them the
    /// server's log is copied back into its database (``Limits/checkpoint``, not timed): each push and each insert (with
    /// the deletion of its copies) leaves megabytes of log, and whichever came next would otherwise share the
    /// processors with the checkpoint thread copying it.
    private func measurePush(
        sessions: Int, server: TestServer, endpoint: ServerEndpoint, coach: Account, clients: [UUID],
        generator: DatasetGenerator, folder: TemporaryFolder
    ) async throws
        -> (rounds: [PushRound], durations: [Duration], limit: Duration)
    {
        var rounds: [PushRound] = []
        var best: Duration?
        for _ in 0..<Self.trials {
            try Limits.checkpoint(serverDatabase: server.databasePath)
            rounds.append(
                try await pushRound(
                    sessions: sessions, endpoint: endpoint, coach: coach, clients: clients, generator: generator,
                    folder: folder))
            try Limits.checkpoint(serverDatabase: server.databasePath)
            let elapsed = try Limits.directInsert(
                serverDatabase: server.databasePath, entityIDs: rounds[0].entityIDs,
                mutationIDs: rounds[0].mutationIDs, batchSize: Self.limitBatchSize)
            if best == nil || elapsed < best! { best = elapsed }
        }
        return (rounds, rounds.map(\.duration).sorted(), best!)
    }

    /// One round of push_sets: a new device queues `sessions` new sessions and pushes them over a new connection.
    private struct PushRound {
        var duration: Duration
        /// CPU time the whole process used over the push (see ``processCPUSeconds()``).
        var cpuSeconds: Double
        var entityIDs: [String] = []
        var mutationIDs: [String] = []
        var readOutbox: Duration
        var encode: Duration
    }

    private func pushRound(
        sessions: Int, endpoint: ServerEndpoint, coach: Account, clients: [UUID], generator: DatasetGenerator,
        folder: TemporaryFolder
    ) async throws -> PushRound {
        let directory = folder.child("push-device-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cache = try LocalCache.open(path: directory.appendingPathComponent("cache.sqlite").path)
        var entityIDs: [String] = []
        var mutationIDs: [String] = []
        for mutation in generator.sessionMutations(count: sessions, clients: clients) {
            let queued = try cache.enqueue(
                kind: mutation.kind, entity: mutation.entity, action: .create, fields: mutation.fields)
            entityIDs.append(queued.entity.uuidString.lowercased())
            mutationIDs.append(queued.id.uuidString.lowercased())
        }
        let engine = SyncEngine(cache: cache)
        let (queued, readOutbox) = try await timed { try cache.outbox(limit: sessions) }
        // The push bodies as the engine forms them: at most `batchSize` mutations, capped at `maxBatchBytes`.
        let (_, encode) = await timed {
            var first = 0
            while first < queued.count {
                let batch = Array(queued[first..<min(first + engine.batchSize, queued.count)])
                first += SyncEngine.encodedBatch(batch, bytes: engine.maxBatchBytes).count
            }
        }
        let (pushed, duration, cpuSeconds) = try await withSession(endpoint, token: coach.token) { connection in
            ProfilerControl.send("enable")
            defer { ProfilerControl.send("disable") }
            let cpuBefore = processCPUSeconds()
            let (pushed, duration) = try await timed { try await engine.push(over: connection) }
            return (pushed, duration, processCPUSeconds() - cpuBefore)
        }
        let refused = try cache.takeReports().filter { $0.kind == "rejected" }
        guard pushed == sessions, refused.isEmpty, try cache.queuedCount() == 0 else {
            throw BenchError(
                "the push sent \(pushed) of \(sessions) sessions; refused: \(refused.first?.text ?? "none")")
        }
        return PushRound(
            duration: duration, cpuSeconds: cpuSeconds, entityIDs: entityIDs, mutationIDs: mutationIDs,
            readOutbox: readOutbox, encode: encode)
    }

    /// log_2400_sets_s and pull_2400_sets_ms: 100 sessions recorded offline are pushed, and a new device of the client pulls them.
    private func offlineLog(
        endpoint: ServerEndpoint, coach: Account, generator: DatasetGenerator, folder: TemporaryFolder
    ) async throws {
        let runs = 3
        let sessions = 100
        // Fresh clients, so that each pull holds exactly these sessions (plus the coach's catalogue and the client's own row).
        let creates = (0..<runs).map { generator.extraClient(name: "Logan", surname: "Logger \($0 + 1)") }
        let codes = try await withSession(endpoint, token: coach.token) { connection in
            try await Seeder(connection: connection).push(creates).map { $0.extra?["code"]?.stringValue ?? "" }
        }
        var logTimes: [Double] = []
        var pullTimes: [Double] = []
        var pulledRows = 0
        for run in 0..<runs {
            let username = "logger-\(UUID().uuidString.prefix(8).lowercased())"
            let client = try await signUp(
                endpoint,
                SignupBody(
                    username: username, email: "\(username)@example.com",
                    password: Self.password, name: nil, surname: nil, code: codes[run]))
            let deviceFolder = folder.child("log-device-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: deviceFolder, withIntermediateDirectories: true)
            let device = try LocalCache.open(path: deviceFolder.appendingPathComponent("cache.sqlite").path)
            for mutation in generator.sessionMutations(count: sessions, clients: [client.id]) {
                try device.enqueue(
                    kind: mutation.kind, entity: mutation.entity, action: .create, fields: mutation.fields)
            }
            let started = ContinuousClock.now
            let pushed = try await withSession(endpoint, token: coach.token) { connection in
                (try await SyncEngine(cache: device).push(over: connection), ContinuousClock.now - started)
            }
            guard pushed.0 == sessions, try device.queuedCount() == 0 else {
                throw BenchError("the offline log pushed \(pushed.0)")
            }
            logTimes.append(pushed.1.seconds)

            let newFolder = folder.child("client-device-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: newFolder, withIntermediateDirectories: true)
            let fresh = try LocalCache.open(path: newFolder.appendingPathComponent("cache.sqlite").path)
            let pullStarted = ContinuousClock.now
            let pulled = try await withSession(endpoint, token: client.token) { connection in
                (try await SyncEngine(cache: fresh).pull(over: connection), ContinuousClock.now - pullStarted)
            }
            let received = try fresh.entities("session").count
            guard received == sessions else {
                throw BenchError("the client's new device has \(received) sessions, not \(sessions)")
            }
            pullTimes.append(pulled.1.milliseconds)
            pulledRows = pulled.0
            if run == runs - 1 {
                let breakdown = try await PullBreakdown.measure(
                    endpoint: endpoint, token: client.token, pageSize: SyncEngine(cache: fresh).pageSize)
                diagnostics.append(
                    describe("new device pull of \(pulled.0) changes", total: pulled.1, breakdown)
                        + " (the total also holds connect + hello + auth.resume)")
            }
        }
        let log = Samples(logTimes)
        let pull = Samples(pullTimes)
        metrics.append(
            Metric(
                name: "log_2400_sets_s", value: log.median, unit: "s", limit: nil, goal: .valueAtMost(0.5),
                note:
                    "\(sessions) sessions × \(DatasetSize.setsPerSession) sets queued offline in a device cache, then "
                    + "connect + hello + auth.resume + SyncEngine.push; median of \(runs) "
                    + "(\(logTimes.map { format($0) }.joined(separator: ", ")) s)"))
        metrics.append(
            Metric(
                name: "pull_2400_sets_ms", value: pull.median, unit: "ms", limit: nil, goal: .valueAtMost(40),
                note: "the client's new device: connect + hello + auth.resume + SyncEngine.pull of \(pulledRows) "
                    + "changes (their sessions, the coach's catalogue, their own row); median of \(runs) "
                    + "(\(pullTimes.map { format($0) }.joined(separator: ", ")) ms)"))
        progress("offline log of 2,400 sets: \(format(log.median)) s; new device pull: \(format(pull.median)) ms")
    }

    /// cli_list_ms: `gorilla clients list` as a process, warm cache, server down.
    private func cliList(home: URL, clients: Int) async throws {
        let binary = URL(fileURLWithPath: executablePath()).deletingLastPathComponent().appendingPathComponent(
            "gorilla"
        ).path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            metrics.append(
                Metric(
                    name: "cli_list_ms", value: .nan, unit: "ms", limit: nil, goal: .valueAtMost(60),
                    note: "not measured: \(binary) is missing; build it with: swift build -c release --product gorilla")
            )
            progress("skipping cli_list_ms: \(binary) is missing")
            return
        }
        var environment = ProcessInfo.processInfo.environment
        environment["GORILLA_HOME"] = home.path
        var times: [Double] = []
        var lastOutput = ""
        var lastErrors = ""
        let runs = 9
        for index in 0..<(runs + 2) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["clients", "list"]
            process.environment = environment
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            let started = ContinuousClock.now
            try process.run()
            let outData = output.fileHandleForReading.readDataToEndOfFile()
            let errData = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let elapsed = ContinuousClock.now - started
            lastOutput = String(decoding: outData, as: UTF8.self)
            lastErrors = String(decoding: errData, as: UTF8.self)
            guard process.terminationStatus == 0 else {
                throw BenchError("gorilla clients list failed (\(process.terminationStatus)): \(lastErrors)")
            }
            if index >= 2 { times.append(elapsed.milliseconds) }
        }
        // In-process breakdown on the same cache: what `listClients` reads, and the client TLS context the CLI's first
        // connection attempt builds before any byte is sent.
        let cache = try LocalCache.open(path: ClientHome(environment: ["GORILLA_HOME": home.path]).cachePath)
        let (clientRows, readClients) = try await timed { try cache.entities("client") }
        let (starts, readStarts) = try await timed { try cache.latestSessionStarts() }
        diagnostics.append(
            "clients list on the warm cache, in-process: LocalCache.entities(\"client\") \(clientRows.count) rows "
                + "\(format(readClients.milliseconds)) ms; LocalCache.latestSessionStarts() \(starts.count) clients "
                + "\(format(readStarts.milliseconds)) ms")
        func best(_ body: () throws -> Void) throws -> Double {
            var times: [Double] = []
            for _ in 0..<5 {
                let started = ContinuousClock.now
                try body()
                times.append((ContinuousClock.now - started).milliseconds)
            }
            return Samples(times).minimum
        }
        let context = try best { _ = try TLSConfigurations.pinnedClient() }
        diagnostics.append(
            "TLSConfigurations.pinnedClient() \(format(context)) ms (no trust roots loaded; the pinning callback decides)"
        )
        var baseline: [Double] = []
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["sync", "--status"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let started = ContinuousClock.now
            try process.run()
            process.waitUntilExit()
            baseline.append((ContinuousClock.now - started).milliseconds)
        }
        diagnostics.append(
            "gorilla sync --status (process start, cache open, no network, no documents decoded): median "
                + "\(format(Samples(baseline).median)) ms")
        let lines = lastOutput.split(separator: "\n").count
        guard lines >= clients else {
            throw BenchError("gorilla clients list printed \(lines) lines for \(clients) clients")
        }
        let figures = Samples(times)
        metrics.append(
            Metric(
                name: "cli_list_ms", value: figures.median, unit: "ms", limit: nil, goal: .valueAtMost(60),
                note: "median of \(runs) runs after 2 warm-ups (min \(format(figures.minimum)), "
                    + "max \(format(figures.maximum)) ms); stderr: \(lastErrors.trimmingCharacters(in: .whitespacesAndNewlines))"
            ))
        progress("gorilla clients list: \(format(figures.median)) ms")
    }
}
