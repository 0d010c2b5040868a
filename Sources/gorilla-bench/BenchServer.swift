import Foundation
import GorillaClient
import GorillaServer
import GorillaShared
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// The real `GorillaServer`, in this process, over TLS on 127.0.0.1 with a port the system picks and
/// a temporary data folder. Only what load generation needs is changed from the defaults (see `configure`).
final class BenchServer: Sendable {
    let dataDirectory: URL
    private let state = NIOLockedValueBox<(port: Int, task: Task<Void, any Error>?)>((0, nil))

    init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// The bound port (0 before `start`).
    var port: Int { state.withLockedValue { $0.port } }

    /// The configuration the benchmark runs the server with.
    static func configure(_ configuration: inout ServerConfiguration) {
        // The benchmark's own accounts only: hashing cost is not what is measured here.
        configuration.passwordHasher = .testing
        // Load generation must not be throttled by the per-connection request limit or the code-attempt limit.
        configuration.requestsPerSecond = 1_000_000
        configuration.codeAttemptsPerMinute = 1_000_000
        configuration.loginFailuresPerAddress = 1_000_000
    }

    func start() async throws {
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        var configuration = ServerConfiguration(dataDirectory: dataDirectory)
        configuration.port = 0
        Self.configure(&configuration)
        configuration.onListening = { port in
            announce.yield(port)
            announce.finish()
        }
        var logger = Logger(label: "gorilla-bench-server")
        logger.logLevel = .critical
        let server = GorillaServer(configuration: configuration, logger: logger)
        let task = Task {
            defer { announce.finish() }
            try await server.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            try await task.value
            throw BenchError("the in-process server stopped before listening")
        }
        state.withLockedValue { $0 = (bound, task) }
    }

    func stop() async {
        guard let task = state.withLockedValue({ state -> Task<Void, any Error>? in
            defer { state.task = nil }
            return state.task
        }) else { return }
        task.cancel()
        _ = await task.result
    }

    /// What the server wrote to `server.json`.
    func info() throws -> ServerInfo {
        try JSONDecoder().decode(ServerInfo.self, from: Data(contentsOf: dataDirectory.appendingPathComponent("server.json")))
    }

    /// The pinned endpoint a device would use.
    func endpoint() throws -> ServerEndpoint {
        let info = try info()
        return ServerEndpoint(host: "127.0.0.1", port: info.port, fingerprint: info.fingerprint)
    }

    var databasePath: String { dataDirectory.appendingPathComponent("gorilla.sqlite").path }
    var certificatePath: String { dataDirectory.appendingPathComponent("server-cert.pem").path }
    var keyPath: String { dataDirectory.appendingPathComponent("server-key.pem").path }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Opens a connection to `endpoint`, resumes `token` on it, and runs `body` (what every device does first).
func withSession<T: Sendable>(_ endpoint: ServerEndpoint, token: String,
                              _ body: @Sendable (ServerConnection) async throws -> T) async throws -> T {
    try await ServerConnection.withConnection(to: endpoint, connectTimeout: .seconds(10)) { connection in
        _ = try await connection.request(Operation.resume, ResumeBody(token: token), as: SessionReply.self)
        return try await body(connection)
    }
}
