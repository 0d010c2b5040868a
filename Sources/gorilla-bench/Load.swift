import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import NIOConcurrencyHelpers

/// What the load worker is asked to do.
struct LoadPlan: Codable, Sendable {
    var host: String
    var port: Int
    var fingerprint: String
    /// Session tokens the connections take turns with (the coach and the registered clients).
    var tokens: [String]
    /// A cursor at least as new as every change, so that `sync.updated` finds nothing.
    var since: Int64
    var connections: Int
    /// How many requests each connection sends in a window, one a second.
    var seconds: Int
    /// At most this many windows: another follows while the hypervisor took more than `stealLimit` of the CPUs.
    var windows: Int
    /// The share of the CPUs (0.05 = 5 %) the hypervisor may take during a window before another is measured.
    var stealLimit: Double
    /// Connections being set up at once.
    var connectConcurrency: Int
}

/// One window of `LoadPlan.seconds` requests per connection.
struct LoadWindow: Codable, Sendable {
    var latencies: [Double]
    /// The share of the CPUs the hypervisor took during the window (nil where the kernel does not say).
    var steal: Double?
}

/// What the load worker measured.
struct LoadResult: Codable, Sendable {
    var windows: [LoadWindow]
    var connected: Int
    var errors: Int
    var connectSeconds: Double
    var firstError: String?
    /// CPU time the load worker used while every client was connected and sending, over all windows (seconds of one core).
    var windowCPUSeconds: Double
    var windowSeconds: Double
}

/// Lets at most `permits` tasks through at once.
actor Limiter {
    private var permits: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(permits: Int) { self.permits = permits }

    func acquire() async {
        if permits > 0 {
            permits -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            permits += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}

/// Holds every connection until all of them are set up (or failed), then lets them start together.
actor StartGate {
    private let expected: Int
    private var arrived = 0
    private var connected = 0
    private var start: ContinuousClock.Instant?
    private var waiters: [CheckedContinuation<ContinuousClock.Instant, Never>] = []
    private let onOpen: @Sendable (Int) -> Void

    init(expected: Int, onOpen: @escaping @Sendable (Int) -> Void) {
        self.expected = expected
        self.onOpen = onOpen
    }

    /// Returns the common start time once every connection is ready (or failed), without being one of them.
    func opened() async -> ContinuousClock.Instant {
        if let start { return start }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// A connection is ready; returns when everyone is, with the common start time.
    func ready() async -> ContinuousClock.Instant {
        arrived += 1
        connected += 1
        if arrived == expected { open() }
        if let start { return start }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// A connection could not be set up.
    func failed() {
        arrived += 1
        if arrived == expected { open() }
    }

    private func open() {
        let start = ContinuousClock.now + .milliseconds(500)
        self.start = start
        onOpen(connected)
        for waiter in waiters { waiter.resume(returning: start) }
        waiters = []
    }
}

/// Decides at the end of each window whether the connections measure another.
actor WindowJudge {
    private var decisions: [Int: Bool] = [:]
    private var waiters: [Int: [CheckedContinuation<Bool, Never>]] = [:]
    private(set) var steal: [Double?] = []

    /// Whether the connections measure another window after `window`.
    func another(after window: Int) async -> Bool {
        if let decision = decisions[window] { return decision }
        return await withCheckedContinuation { waiters[window, default: []].append($0) }
    }

    func decide(window: Int, steal share: Double?, another: Bool) {
        steal.append(share)
        decisions[window] = another
        for waiter in waiters.removeValue(forKey: window) ?? [] { waiter.resume(returning: another) }
    }

    /// The windows' start times: one second apart, so that the decision comes between two.
    nonisolated static func start(
        of window: Int, seconds: Int, from start: ContinuousClock.Instant
    ) -> ContinuousClock.Instant {
        start + .seconds(window * (seconds + 1))
    }
}

/// The child process that plays the connected clients: `gorilla-bench --load-worker PLAN.json`.
///
/// It runs apart from the server so that the server's process memory is the server's (plus the benchmark's
/// bookkeeping), not that of a thousand client connections.
enum LoadWorker {
    static func run(planPath: String) async throws {
        raiseOpenFilesLimit()
        let plan = try JSONDecoder().decode(LoadPlan.self, from: Data(contentsOf: URL(fileURLWithPath: planPath)))
        let endpoint = ServerEndpoint(host: plan.host, port: plan.port, fingerprint: plan.fingerprint)
        let latencies = NIOLockedValueBox<[[Double]]>(Array(repeating: [], count: plan.windows))
        let judge = WindowJudge()
        let failures = NIOLockedValueBox<(count: Int, first: String?)>((0, nil))
        let connectStart = ContinuousClock.now
        let connectTime = NIOLockedValueBox<Double>(0)
        let window = NIOLockedValueBox<(cpu: Double, start: ContinuousClock.Instant)>((0, .now))
        let limiter = Limiter(permits: plan.connectConcurrency)
        let gate = StartGate(expected: plan.connections) { connected in
            connectTime.withLockedValue { $0 = (ContinuousClock.now - connectStart).seconds }
            window.withLockedValue { $0 = (processCPUSeconds(), .now) }
            FileHandle.standardOutput.write(Data("connected \(connected)\n".utf8))
        }
        await withTaskGroup(of: Void.self) { group in
            // Measures the hypervisor's steal over each window and decides whether another follows.
            group.addTask {
                let start = await gate.opened()
                for window in 0..<plan.windows {
                    let begins = WindowJudge.start(of: window, seconds: plan.seconds, from: start)
                    try? await Task.sleep(until: begins, clock: .continuous)
                    let meter = StealMeter()
                    try? await Task.sleep(until: begins + .seconds(plan.seconds), clock: .continuous)
                    let share = meter.share
                    let another = window + 1 < plan.windows && (share ?? 0) > plan.stealLimit
                    await judge.decide(window: window, steal: share, another: another)
                    if !another { break }
                }
            }
            for index in 0..<plan.connections {
                group.addTask {
                    await limiter.acquire()
                    let released = NIOLockedValueBox(false)
                    @Sendable func release() async {
                        if released.withLockedValue({
                            let was = $0; $0 = true; return !was
                        }) {
                            await limiter.release()
                        }
                    }
                    let ready = NIOLockedValueBox(false)
                    do {
                        try await withSession(endpoint, token: plan.tokens[index % plan.tokens.count]) { connection in
                            await release()
                            ready.withLockedValue { $0 = true }
                            let start = await gate.ready()
                            // Spread the connections evenly over each second.
                            let phase = Duration.microseconds(Int64(index) * 1_000_000 / Int64(plan.connections))
                            for window in 0..<plan.windows {
                                if window > 0, !(await judge.another(after: window - 1)) { break }
                                let begins = WindowJudge.start(of: window, seconds: plan.seconds, from: start)
                                var mine: [Double] = []
                                mine.reserveCapacity(plan.seconds)
                                for tick in 0..<plan.seconds {
                                    try await Task.sleep(until: begins + phase + .seconds(tick), clock: .continuous)
                                    let sent = ContinuousClock.now
                                    let reply = try await connection.request(
                                        Operation.syncUpdated, UpdatedBody(since: plan.since),
                                        as: UpdatedReply.self)
                                    mine.append((ContinuousClock.now - sent).milliseconds)
                                    if !reply.sections.isEmpty {
                                        throw BenchError("sync.updated found changes: \(reply.sections)")
                                    }
                                }
                                latencies.withLockedValue { $0[window] += mine }
                            }
                        }
                    } catch {
                        failures.withLockedValue {
                            $0.count += 1
                            if $0.first == nil { $0.first = "\(error)" }
                        }
                    }
                    await release()
                    if !ready.withLockedValue({ $0 }) { await gate.failed() }
                }
            }
        }
        let failure = failures.withLockedValue { $0 }
        let (cpuAtStart, startedAt) = window.withLockedValue { ($0.cpu, $0.start) }
        let windowCPU = processCPUSeconds() - cpuAtStart
        let windowLength = (ContinuousClock.now - startedAt).seconds
        let steal = await judge.steal
        let windows = latencies.withLockedValue { $0 }.prefix(steal.count).enumerated().map { index, values in
            LoadWindow(latencies: values, steal: steal[index])
        }
        let result = LoadResult(
            windows: Array(windows), connected: plan.connections - failure.count,
            errors: failure.count, connectSeconds: connectTime.withLockedValue { $0 }, firstError: failure.first,
            windowCPUSeconds: windowCPU, windowSeconds: windowLength)
        var line = try JSONEncoder().encode(result)
        line.append(UInt8(ascii: "\n"))
        FileHandle.standardOutput.write(line)
    }
}

/// Runs the load worker as a child process and samples this process's resident memory while its clients are connected.
enum LoadRunner {
    struct Outcome {
        var result: LoadResult
        /// Largest `VmRSS` of this (the server's) process while every client was connected, in MB.
        var peakResidentMB: Double
        var residentBeforeMB: Double
        /// CPU time this (the server's) process used while the clients were connected and sending.
        var serverCPUSeconds: Double
        /// VmRSS once the clients had gone and freed heap was handed back (malloc_trim).
        var residentTrimmedMB: Double
    }

    static func run(plan: LoadPlan, folder: URL) async throws -> Outcome {
        let planURL = folder.appendingPathComponent("load-plan.json")
        try JSONEncoder().encode(plan).write(to: planURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath())
        process.arguments = ["--load-worker", planURL.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        let lines = NIOLockedValueBox<(lines: [String], ended: Bool)>(([], false))
        let reader = output.fileHandleForReading
        let thread = Thread {
            var buffer = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    lines.withLockedValue { $0.lines.append(line) }
                }
            }
            lines.withLockedValue { $0.ended = true }
        }
        let before = residentMemoryMB() ?? .nan
        try process.run()
        thread.start()

        var peak = 0.0
        var cpuAtConnected: Double?
        var cpuAtFinished: Double?
        let deadline = ContinuousClock.now + .seconds((plan.seconds + 1) * plan.windows + 300)
        while true {
            let (seen, ended) = lines.withLockedValue { ($0.lines, $0.ended) }
            let connected = seen.contains { $0.hasPrefix("connected") }
            let finished = seen.contains { $0.hasPrefix("{") }
            if connected && !finished, let rss = residentMemoryMB() { peak = max(peak, rss) }
            if connected && cpuAtConnected == nil { cpuAtConnected = processCPUSeconds() }
            if finished && cpuAtFinished == nil { cpuAtFinished = processCPUSeconds() }
            if finished || ended { break }
            if ContinuousClock.now > deadline {
                process.terminate()
                throw BenchError("the load worker did not finish in time")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        process.waitUntilExit()
        while !lines.withLockedValue({ $0.ended }) { try await Task.sleep(for: .milliseconds(20)) }
        guard let json = lines.withLockedValue({ $0.lines.last { $0.hasPrefix("{") } }) else {
            throw BenchError("the load worker reported nothing (exit status \(process.terminationStatus))")
        }
        let result = try JSONDecoder().decode(LoadResult.self, from: Data(json.utf8))
        trimHeap()
        return Outcome(
            result: result, peakResidentMB: peak, residentBeforeMB: before,
            serverCPUSeconds: (cpuAtFinished ?? processCPUSeconds()) - (cpuAtConnected ?? .nan),
            residentTrimmedMB: residentMemoryMB() ?? .nan)
    }
}
