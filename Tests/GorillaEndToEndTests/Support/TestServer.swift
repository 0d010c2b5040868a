import Foundation
import GorillaServer
import Logging

/// A server the tests can stop and start again on the same port with the same data.
protocol RunningServer: Sendable {
    /// The port the server listens on (kept across restarts).
    var port: Int { get }
    /// The server's data folder (database, certificate, `server.json`).
    var dataDirectory: URL { get }
    /// Starts the server: on a port the system picks the first time, on the same port afterwards.
    func start() async throws
    /// Stops the server.
    func stop() async
}

extension RunningServer {
    /// The `server.json` the server wrote when it started listening.
    func info() throws -> ServerInfo {
        let data = try Data(contentsOf: dataDirectory.appendingPathComponent("server.json"))
        return try JSONDecoder().decode(ServerInfo.self, from: data)
    }
}

/// A server that did not announce its port.
struct ServerDidNotStart: Error, CustomStringConvertible {
    let description: String
}

/// The real `GorillaServer` running in this process: TLS on 127.0.0.1, a temporary data folder,
/// cheap password hashing; `stop()` cancels its task.
final class TestServer: RunningServer, @unchecked Sendable {
    let dataDirectory: URL
    private let configure: @Sendable (inout ServerConfiguration) -> Void
    private let lock = NSLock()
    private var boundPort = 0
    private var running: Task<Void, any Error>?

    init(dataDirectory: URL, port: Int = 0, configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in }) {
        self.dataDirectory = dataDirectory
        self.boundPort = port
        self.configure = configure
    }

    var port: Int { lock.withLock { boundPort } }

    func start() async throws {
        // Restarting on a fixed port can race with the ephemeral ports of other tests running in parallel
        // (an outgoing connection may hold the port for a moment): retry briefly.
        var attempt = 0
        while true {
            do {
                return try await startOnce()
            } catch where port != 0 && attempt < 50 && "\(error)".contains("Address already in use") {
                attempt += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private func startOnce() async throws {
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        var configuration = ServerConfiguration(dataDirectory: dataDirectory)
        configuration.port = port
        configuration.passwordHasher = .testing
        configure(&configuration)
        configuration.onListening = { port in
            announce.yield(port)
            announce.finish()
        }
        var logger = Logger(label: "gorilla-e2e-server")
        logger.logLevel = .critical
        let server = GorillaServer(configuration: configuration, logger: logger)
        let task = Task {
            defer { announce.finish() }
            try await server.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            try await task.value
            throw ServerDidNotStart(description: "the in-process server stopped before listening")
        }
        lock.withLock {
            boundPort = bound
            running = task
        }
    }

    func stop() async {
        guard let task = lock.withLock({ () -> Task<Void, any Error>? in
            defer { running = nil }
            return running
        }) else { return }
        task.cancel()
        _ = await task.result
    }
}

/// Runs `body` with a started in-process server on a fresh data folder, and stops the server afterwards.
func withTestServer(
    configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    _ body: (TestServer) async throws -> Void
) async throws {
    let folder = try TemporaryFolder("gorilla-e2e-server")
    let server = TestServer(dataDirectory: folder.child("data"), configure: configure)
    try await server.start()
    let outcome: Result<Void, any Error>
    do {
        try await body(server)
        outcome = .success(())
    } catch {
        outcome = .failure(error)
    }
    await server.stop()
    try outcome.get()
    withExtendedLifetime(folder) {}
}
