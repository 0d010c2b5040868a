import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaTesting

#if canImport(Glibc)
import Glibc
#endif

/// The release `gorilla-server` built next to this benchmark, run as a child process with its default
/// configuration, so that its memory is its own (`/proc/PID/status`) and its limits are the ones operators get.
final class ServerChild {
    let endpoint: ServerEndpoint
    private let process: ChildProcess

    private init(endpoint: ServerEndpoint, process: ChildProcess) {
        self.endpoint = endpoint
        self.process = process
    }

    /// Where the benchmark expects the server executable: next to itself.
    static var executable: String {
        URL(fileURLWithPath: executablePath()).deletingLastPathComponent().appendingPathComponent("gorilla-server").path
    }

    /// Starts `gorilla-server --port 0 --data DATA` (SQLite) and waits until it has written `server.json`.
    static func start(data: URL, log: URL) async throws -> ServerChild {
        let child = try ChildProcess(
            executable, ["--port", "0", "--data", data.path, "--log-level", "warning"],
            environment: ProcessInfo.processInfo.environment, stdout: .appending(log.path),
            stderr: .appending(log.path))
        let started = try await eventually(timeout: .seconds(60)) {
            !child.isRunning || (try? serverInfo(in: data)) != nil
        }
        guard started, child.isRunning, let info = try? serverInfo(in: data) else {
            _ = child.send(SIGKILL)
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw BenchError("gorilla-server did not start: \(output.suffix(1000))")
        }
        return ServerChild(
            endpoint: ServerEndpoint(host: "127.0.0.1", port: info.port, fingerprint: info.fingerprint),
            process: child)
    }

    /// The server's peak resident memory so far (`VmHWM`), in megabytes (10^6 bytes).
    var peakMemoryMB: Double? { statusFigure("VmHWM:") }

    /// The server's resident memory now (`VmRSS`), in megabytes (10^6 bytes).
    var residentMemoryMB: Double? { statusFigure("VmRSS:") }

    private func statusFigure(_ label: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(label) }),
            let kib = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Double($0) })
        else { return nil }
        return kib * 1024 / 1_000_000
    }

    /// Asks the server to stop (SIGTERM), and kills it if it has not within 20 s.
    func stop() async {
        _ = process.send(SIGTERM)
        let stopped = (try? await eventually(timeout: .seconds(20)) { !process.isRunning }) ?? false
        if !stopped { _ = process.send(SIGKILL) }
        _ = await process.wait()
    }
}
