import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import NIOCore

/// How the benchmark runs the real server (in this process, through GorillaTesting's ``TestServer``): only what load
/// generation needs is changed from the defaults.
enum BenchServer {
    /// A server on a port the system picks, with `dataDirectory` as its data folder.
    static func make(dataDirectory: URL) -> TestServer {
        TestServer(dataDirectory: dataDirectory, configure: configure)
    }

    /// The configuration the benchmark runs the server with.
    @Sendable static func configure(_ configuration: inout ServerConfiguration) {
        // The benchmark's own accounts only: hashing cost is not what is measured here.
        configuration.passwordHasher = .testing
        // Load generation must not be throttled by the per-connection request limit or the code-attempt limit.
        configuration.requestsPerSecond = 1_000_000
        configuration.codeGuessesBeforeWait = 1_000_000
        configuration.loginFailuresPerAddress = 1_000_000
        // Every simulated device connects and signs up from 127.0.0.1.
        configuration.maxConnectionsPerAddress = .max
        configuration.signupsPerAddress = .max
        // The web door, on a port the system picks (web_pages).
        configuration.webAddress = ListenAddress(port: 0)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Opens a connection to `endpoint`, resumes `token` on it, and runs `body` (what every device does first).
func withSession<T: Sendable>(
    _ endpoint: ServerEndpoint, token: String,
    _ body: @Sendable (ServerConnection) async throws -> T
) async throws -> T {
    try await ServerConnection.withConnection(to: endpoint, connectTimeout: .seconds(10)) { connection in
        _ = try await connection.request(Operation.resume, ResumeBody(token: token), as: SessionReply.self)
        return try await body(connection)
    }
}
