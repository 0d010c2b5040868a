import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Progress lines go to standard error so that `--json` output on standard output stays clean.
func progress(_ text: String) {
    FileHandle.standardError.write(Data("gorilla-bench: \(text)\n".utf8))
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in milliseconds.
    var milliseconds: Double { seconds * 1000 }
}

/// Runs `body` and returns how long it took, with its result.
func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
    let start = ContinuousClock.now
    let value = try await body()
    return (value, ContinuousClock.now - start)
}

/// Order statistics over a set of samples.
struct Samples {
    private(set) var sorted: [Double]

    init(_ values: [Double]) { sorted = values.sorted() }

    var count: Int { sorted.count }

    /// The nearest-rank percentile (`p` from 0 to 100).
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    var median: Double { percentile(50) }
    var minimum: Double { sorted.first ?? .nan }
    var maximum: Double { sorted.last ?? .nan }
    var mean: Double { sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count) }
}

/// Raises the soft limit on open files to the hard limit (or `wanted`, whichever is lower); returns the new soft limit.
@discardableResult
func raiseOpenFilesLimit(wanted: UInt64 = 65_536) -> UInt64 {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    let target = min(UInt64(limit.rlim_max), wanted)
    if UInt64(limit.rlim_cur) < target {
        limit.rlim_cur = rlim_t(target)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    return UInt64(limit.rlim_cur)
}

/// This process's resident memory (`VmRSS` in `/proc/self/status`), in megabytes (10^6 bytes).
func residentMemoryMB() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        if parts.count >= 2, let kib = Double(parts[1]) { return kib * 1024 / 1_000_000 }
    }
    return nil
}

/// CPU time (user + system) this process has used so far, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return .nan }
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// CPU time the hypervisor gave to other machines while this one's CPUs had work (`steal` in `/proc/stat`).
///
/// On a shared virtual machine this is the noise that matters: while it is taken, every thread of the server and of
/// its clients waits, whatever their priority.
struct StealMeter: Sendable {
    private let stolenAtStart: Double?
    private let startedAt: ContinuousClock.Instant

    init() {
        stolenAtStart = Self.stolenSeconds()
        startedAt = .now
    }

    /// Seconds of CPU time taken since `init`, over all CPUs; nil where the kernel does not say.
    var stolen: Double? {
        guard let start = stolenAtStart, let now = Self.stolenSeconds() else { return nil }
        return now - start
    }

    /// The share of the machine's CPU time taken since `init` (0.05 = 5 % of every CPU).
    var share: Double? {
        let elapsed = (ContinuousClock.now - startedAt).seconds
        guard let stolen, elapsed > 0 else { return nil }
        return stolen / (elapsed * Double(ProcessInfo.processInfo.activeProcessorCount))
    }

    /// "2.1 % of the 2 CPUs" (or nil).
    var described: String? {
        share.map {
            "\(String(format: "%.1f", $0 * 100)) % of the \(ProcessInfo.processInfo.activeProcessorCount) CPUs"
        }
    }

    /// The machine's `steal` total, in seconds: the eighth figure of the `cpu` line of `/proc/stat`, in clock ticks.
    static func stolenSeconds() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return nil }
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count > 8, let ticks = Double(fields[8]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// Returns freed heap memory to the system (glibc), for a diagnostic reading of what is really in use.
func trimHeap() {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
}

/// The path of this executable.
func executablePath() -> String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
}

/// Formats a number for the table: three significant figures or so.
func format(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let magnitude = abs(value)
    if magnitude >= 1000 { return String(format: "%.0f", value) }
    if magnitude >= 100 { return String(format: "%.1f", value) }
    if magnitude >= 10 { return String(format: "%.2f", value) }
    if magnitude >= 1 { return String(format: "%.3f", value) }
    return String(format: "%.4f", value)
}

/// Lets `perf record --control` sample only the timed pushes of push_sets: `GORILLA_BENCH_PERF_CTL` and
/// `GORILLA_BENCH_PERF_ACK` name the control and acknowledgement FIFOs given to perf (see docs/performance.md §5).
/// Without them it does nothing.
enum ProfilerControl {
    private static let control: Int32 =
        ProcessInfo.processInfo.environment["GORILLA_BENCH_PERF_CTL"].map { open($0, O_WRONLY) } ?? -1
    private static let acknowledgement: Int32 =
        ProcessInfo.processInfo.environment["GORILLA_BENCH_PERF_ACK"].map { open($0, O_RDONLY) } ?? -1

    /// Sends `enable` or `disable`, and waits for perf to acknowledge it.
    static func send(_ command: String) {
        guard control >= 0 else { return }
        let line = Array((command + "\n").utf8)
        _ = line.withUnsafeBytes { write(control, $0.baseAddress, $0.count) }
        var answer = [UInt8](repeating: 0, count: 5)
        if acknowledgement >= 0 { _ = read(acknowledgement, &answer, answer.count) }
    }
}
