import Foundation
import GorillaServer
import GorillaShared

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The built `gorilla-server` executable run as a child process, so that tests can kill it with
/// SIGKILL and start it again on the same port with the same data folder.
package final class ServerProcess: RunningServer, @unchecked Sendable {
    package let dataDirectory: URL
    /// Where the server's standard output and error go.
    package let logFile: URL
    private let lock = NSLock()
    private var boundPort = 0
    private var process: ChildProcess?
    /// The port held while the server is down, until it listens again (``PortReservation``).
    private var reservation: PortReservation?

    /// The engine its store runs on.
    package let engine: TestEngine
    private var database: PostgresLocation?
    /// The file a ``TestClock`` moves the server's clock with (`GORILLA_TEST_CLOCK_FILE`), if any.
    private let clockFile: URL?
    /// Further arguments, after the ones every test server gets (later flags win), and environment variables.
    private let extraArguments: [String]
    private let extraEnvironment: [String: String]

    /// A server with `dataDirectory` as its data folder, its store on `engine` (PostgreSQL: a database of its own,
    /// made on first start, or `database`, which several servers may share), its clock moved by `clockFile` (a
    /// ``TestClock/file``) when given, with `arguments` added to its command line and `environment` to its
    /// environment (a test's settings, docs/operations.md "Configuration").
    package init(
        dataDirectory: URL, logFile: URL, engine: TestEngine = .current, database: PostgresLocation? = nil,
        clockFile: URL? = nil, arguments: [String] = [], environment: [String: String] = [:]
    ) {
        self.extraArguments = arguments
        self.extraEnvironment = environment
        self.dataDirectory = dataDirectory
        self.logFile = logFile
        self.engine = database == nil ? engine : .postgres
        self.database = database
        self.clockFile = clockFile
    }

    /// The PostgreSQL database the server uses (nil on SQLite, or before its first start).
    package var postgres: PostgresLocation? { lock.withLock { database } }

    package var port: Int { lock.withLock { boundPort } }

    /// Launches `gorilla-server --port P --data DIR` and waits until it has written `server.json`.
    package func start() async throws {
        guard port != 0 else { return try await startOnce() }
        // A restart on the same port can race with other tests' ephemeral ports. The port was held since the server
        // went down; the server binds beside the reservation, which then lets it go.
        defer { lock.withLock { reservation = nil } }
        try await PortHolders.restarting(
            on: port, whileTaken: { ($0 as? ServerDidNotStart)?.addressInUse == true }, startOnce)
    }

    private func startOnce() async throws {
        let serverFile = dataDirectory.appendingPathComponent("server.json")
        try? FileManager.default.removeItem(at: serverFile)
        // A minute for the handshake and hello (``TestServer/handshakeAllowance``).
        var arguments = [
            "--port", String(port), "--data", dataDirectory.path, "--log-level", "warning",
            "--hello-timeout", String(Int(TestServer.handshakeAllowance)),
        ]
        // A restart names its port, which would put the web door on its fixed default: the system picks that again.
        if port != 0 { arguments += ["--web", "127.0.0.1:0"] }
        var environment = ProcessInfo.processInfo.environment
        environment[TimeSource.testClockVariable] = clockFile?.path
        if engine == .postgres {
            if postgres == nil {
                let made = try await TestPostgres.makeDatabase()
                lock.withLock { database = made }
            }
            let location = postgres!
            arguments += [
                "--database", "postgres://\(location.user)@\(location.host):\(location.port)/\(location.database)",
            ]
            environment["PGPASSWORD"] = location.password
        }
        arguments += extraArguments
        environment.merge(extraEnvironment) { $1 }
        let child = try ChildProcess(
            Products.server.path, arguments,
            environment: environment, stdout: .appending(logFile.path),
            stderr: .appending(logFile.path))
        lock.withLock { process = child }

        let started: Bool
        do {
            started = try await eventually(timeout: .seconds(60)) {
                !child.isRunning
                    || ((try? Data(contentsOf: serverFile)).flatMap {
                        try? JSONDecoder().decode(ServerInfoFile.self, from: $0)
                    } != nil)
            }
        } catch {
            await kill()  // cancelled (the test's time limit): no server outlives its test
            throw error
        }
        guard started, child.isRunning,
            let data = try? Data(contentsOf: serverFile),
            let info = try? JSONDecoder().decode(ServerInfoFile.self, from: data)
        else {
            await kill()
            let output = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            // The child reports a taken port in its log; that is all a test can read of another process.
            throw ServerDidNotStart(
                description: "gorilla-server did not start: \(output.suffix(2000))",
                addressInUse: output.contains("Address already in use"))
        }
        lock.withLock { boundPort = info.port }
    }

    /// Kills the server with SIGKILL (no chance to clean up) and waits until it has exited.
    package func kill() async {
        await signal(SIGKILL)
    }

    /// Freezes the server with SIGSTOP: its sockets stay open, so the kernel still accepts connections that nobody
    /// answers. ``resume()`` lets it go on.
    ///
    /// Returns once the kernel shows the process stopped (at most 2 s): a signal is only queued when `kill` returns, and
    /// on a loaded machine the server could otherwise still answer a request sent right after.
    package func suspend() {
        send(SIGSTOP)
        guard let pid = lock.withLock({ process })?.pid else { return }
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            // /proc/PID/stat: "PID (name) STATE …"; T is stopped.
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            guard let close = stat.lastIndex(of: ")") else { return }  // no /proc (macOS): as before
            if stat[close...].dropFirst(2).first == "T" { return }
            usleep(1000)
        }
    }

    /// The bytes the server has sent so far on its open connections (TCP's own count, `ss -tin`), or nil where `ss`
    /// cannot tell: a test waits for it to grow to know how far an exchange has gone.
    package var bytesSentOnOpenConnections: Int? {
        let port = self.port
        guard let scratch = try? TemporaryFolder("gorilla-ss") else { return nil }
        let output = scratch.url.appendingPathComponent("out").path
        guard
            let run = try? ChildProcess(
                "/usr/bin/ss", ["-tinH", "state", "established", "( sport = :\(port) )"], environment: [:],
                stdout: .file(output)
            ).waitBlocking(), run.status == 0,
            let text = try? String(contentsOfFile: output, encoding: .utf8)
        else { return nil }
        return text.split(whereSeparator: \.isWhitespace).reduce(0) { total, field in
            field.hasPrefix("bytes_sent:") ? total + (Int(field.dropFirst(11)) ?? 0) : total
        }
    }

    /// The server's resident memory in bytes (`VmRSS` in `/proc/PID/status`); nil when it is not running or there is no
    /// `/proc`.
    package var residentBytes: Int? {
        guard let pid = lock.withLock({ process })?.pid,
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first
                .flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }

    /// Lets a server frozen by ``suspend()`` go on (SIGCONT).
    package func resume() {
        send(SIGCONT)
    }

    private func send(_ number: Int32) {
        lock.withLock { process }?.send(number)
    }

    /// Asks the server to stop (SIGTERM, as a service manager does) and waits for it: its exit status, and whether a
    /// signal ended it (nil when it was not running, or did not exit in 30 s).
    package func terminate() async -> (status: Int32, signaled: Bool)? {
        await signal(SIGTERM)
    }

    /// The server's log so far.
    package var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Stops the server the hard way: the tests only need it gone.
    package func stop() async {
        await signal(SIGKILL)
    }

    /// Sends `number` and waits (at most 30 s) for the server to exit: its exit status, when it did.
    @discardableResult
    private func signal(_ number: Int32) async -> (status: Int32, signaled: Bool)? {
        send(SIGCONT)  // a frozen server must run to die
        guard
            let child = lock.withLock({ () -> ChildProcess? in
                defer { process = nil }
                return process
            })
        else { return nil }
        child.send(number)
        guard (try? await eventually(timeout: .seconds(30), every: .milliseconds(5)) { !child.isRunning }) == true
        else { return nil }
        let status = await child.wait()
        lock.withLock { reservation = PortReservation(port: boundPort) }
        return status
    }

    private struct ServerInfoFile: Decodable {
        var port: Int
    }
}

/// Runs `body` with the built server running as a child process on a fresh data folder; kills it afterwards:
/// ``withGorillaServer(_:configure:_:)`` in ``ServerMode/process``.
package func withServerProcess(_ body: (ServerProcess) async throws -> Void) async throws {
    try await withGorillaServer(.process) { try await body(try $0.requireProcess()) }
}
