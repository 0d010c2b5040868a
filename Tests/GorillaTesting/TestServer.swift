import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaTerminal
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server the tests can stop and start again on the same port with the same data.
package protocol RunningServer: Sendable {
    /// The port the server listens on (kept across restarts).
    var port: Int { get }
    /// The server's data folder (database, certificate, `server.json`).
    var dataDirectory: URL { get }
    /// Starts the server: on a port the system picks the first time, on the same port afterwards.
    func start() async throws
    /// Stops the server.
    func stop() async
    /// The PostgreSQL database the server uses (nil on SQLite, or before its first start).
    var postgres: PostgresLocation? { get }
}

extension RunningServer {
    /// The `server.json` the server wrote when it started listening.
    package func info() throws -> ServerInfo {
        let data = try Data(contentsOf: dataDirectory.appendingPathComponent("server.json"))
        return try JSONDecoder().decode(ServerInfo.self, from: data)
    }

    /// The pinned endpoint a device would use.
    package func endpoint() throws -> ServerEndpoint {
        let info = try info()
        return ServerEndpoint(host: "127.0.0.1", port: info.port, fingerprint: info.fingerprint)
    }

    /// The operator's tools on the server's database, as `gorilla-server users|news` would open it.
    package func operatorTools() async throws -> OperatorTools {
        try await OperatorTools.open(dataDirectory: dataDirectory, database: postgres)
    }

    /// A store of its own on the server's database, as another process would open it.
    package func openStore() async throws -> ServerStore {
        if let postgres { return try await ServerStore.open(postgres: postgres, connections: 2) }
        return try ServerStore.open(path: databasePath)
    }

    /// The server's SQLite database.
    package var databasePath: String { dataDirectory.appendingPathComponent("gorilla.sqlite").path }
    /// The certificate the server made on first start.
    package var certificatePath: String { dataDirectory.appendingPathComponent("server-cert.pem").path }
    /// The certificate's private key.
    package var keyPath: String { dataDirectory.appendingPathComponent("server-key.pem").path }
}

/// A server that did not announce its port.
package struct ServerDidNotStart: Error, CustomStringConvertible {
    package let description: String
    /// Whether it failed because its port was taken.
    package var addressInUse = false

    package init(description: String, addressInUse: Bool = false) {
        self.description = description
        self.addressInUse = addressInUse
    }
}

/// The real `GorillaServer` running in this process as a service of a `ServiceGroup`: TLS on 127.0.0.1, a data
/// folder of the caller's, cheap password hashing unless `configure` says otherwise. `stop()` shuts it down
/// gracefully, as SIGTERM does for `gorilla-server`.
package final class TestServer: RunningServer, Sendable {
    package let dataDirectory: URL
    private let configure: @Sendable (inout ServerConfiguration) -> Void
    private let logLevel: Logger.Level
    private let state: NIOLockedValueBox<(port: Int, group: ServiceGroup?, task: Task<Void, any Error>?)>
    /// The engine its store runs on.
    package let engine: TestEngine
    private let database = NIOLockedValueBox<PostgresLocation?>(nil)
    /// The port held while the server is stopped, until it listens again.
    private let reservation = NIOLockedValueBox<PortReservation?>(nil)

    /// A server on `port` (0: the system picks one on first start) with `dataDirectory` as its data folder, its store
    /// on `engine` (PostgreSQL: a database of its own, made on first start, or `database` when given).
    package init(
        dataDirectory: URL, port: Int = 0, logLevel: Logger.Level = .critical, engine: TestEngine = .current,
        database: PostgresLocation? = nil,
        configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in }
    ) {
        self.dataDirectory = dataDirectory
        self.logLevel = logLevel
        self.configure = configure
        self.engine = database == nil ? engine : .postgres
        self.database.withLockedValue { $0 = database }
        state = NIOLockedValueBox((port, nil, nil))
    }

    /// The PostgreSQL database the server uses (nil on SQLite, or before its first start).
    package var postgres: PostgresLocation? { database.withLockedValue { $0 } }

    /// The PostgreSQL database for this server, made on first use.
    private func postgresDatabase() async throws -> PostgresLocation? {
        guard engine == .postgres else { return nil }
        if let known = postgres { return known }
        let made = try await TestPostgres.makeDatabase()
        database.withLockedValue { $0 = made }
        return made
    }

    package var port: Int { state.withLockedValue { $0.port } }

    package func start() async throws {
        if port == 0 { return try await startBelowTheEphemeralPorts() }
        // Restarting on a fixed port can race with the ephemeral ports of other tests running in parallel.
        // The port was held since the stop; the server binds beside the reservation, which then lets it go.
        defer { reservation.withLockedValue { $0 = nil } }
        try await PortHolders.restarting(
            on: port, whileTaken: { ($0 as? IOError)?.errnoCode == EADDRINUSE }, startOnce)
    }

    /// The first start of a server on no given port: on a free port below the system's ephemeral range (32768–60999
    /// on Linux), since an outgoing connection of another test takes its local port from that range and, while it
    /// lasts, a restart on the same port would find it taken. The system picks one if none of these is free.
    private func startBelowTheEphemeralPorts() async throws {
        for _ in 0..<100 {
            let candidate = Self.nextCandidate.withLockedValue { next in
                defer { next += 1 }
                // Spread over the range, differently for each test process (its id), one after another within it.
                return 20_000 + Int((UInt64(getpid()) &* 7_919 &+ UInt64(next) &* 104_729) % 12_000)
            }
            state.withLockedValue { $0.port = candidate }
            do {
                return try await startOnce()
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                continue
            } catch {
                state.withLockedValue { $0.port = 0 }
                throw error
            }
        }
        state.withLockedValue { $0.port = 0 }
        try await startOnce()
    }

    /// How many ports below the ephemeral range this process has tried (``startBelowTheEphemeralPorts()``).
    private static let nextCandidate = NIOLockedValueBox(0)

    /// The seconds a test's connection has for its handshake and hello: a minute, not the server's ten, since a
    /// loaded machine can take seconds over the requests a test sends before its hello. The tests of the hello
    /// timeout set their own.
    package static let handshakeAllowance: TimeInterval = 60

    private func startOnce() async throws {
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        var configuration = ServerConfiguration(dataDirectory: dataDirectory)
        configuration.port = port
        configuration.passwordHasher = .testing
        configuration.database = try await postgresDatabase()
        configuration.databaseConnections = 3
        configuration.handshakeTimeout = Self.handshakeAllowance
        // No web door unless a test asks for one (`webAddress = ListenAddress(port: 0)`).
        configuration.webAddress = nil
        configure(&configuration)
        configuration.onListening = { port in
            announce.yield(port)
            announce.finish()
        }
        var logger = Logger(label: "gorilla-test-server")
        logger.logLevel = logLevel
        let server = GorillaServer(configuration: configuration, logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [server.checkpointer, server], logger: logger))
        let task = Task {
            defer { announce.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            if Task.isCancelled {
                // The stream ends at once when the test is cancelled (its time limit): the server may be starting or
                // listening already, and is stopped rather than awaited.
                task.cancel()
                _ = await task.result
                throw CancellationError()
            }
            try await task.value  // the group rethrows the error the server failed with
            throw ServerDidNotStart(description: "the in-process server stopped before listening")
        }
        state.withLockedValue { $0 = (bound, group, task) }
    }

    /// Shuts the server down gracefully (it stops accepting and closes its connections) and waits until it has.
    package func stop() async {
        guard
            let (group, task) = state.withLockedValue({ state -> (ServiceGroup, Task<Void, any Error>)? in
                defer { state.group = nil; state.task = nil }
                guard let group = state.group, let task = state.task else { return nil }
                return (group, task)
            })
        else { return }
        await group.triggerGracefulShutdown()
        _ = await task.result
        let port = self.port
        reservation.withLockedValue { $0 = PortReservation(port: port) }
    }
}

/// Runs `body` with a started in-process server on a fresh data folder, and shuts the server down gracefully afterwards:
/// ``withGorillaServer(_:configure:_:)`` in ``ServerMode/tls``.
package func withTestServer(
    configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    _ body: (TestServer) async throws -> Void
) async throws {
    try await withGorillaServer(.tls, configure: configure) { try await body(try $0.requireTLS()) }
}

/// Starts `server`, runs `body` with it and stops the server whatever `body` does; `folder` (the server's data) is
/// kept until then.
package func withStarted<Server: RunningServer>(
    _ server: Server, keeping folder: TemporaryFolder? = nil,
    _ body: (Server) async throws -> Void
) async throws {
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

/// The `server.json` a server wrote into `dataDirectory` when it started listening.
package func serverInfo(in dataDirectory: URL) throws -> ServerInfo {
    let data = try Data(contentsOf: dataDirectory.appendingPathComponent("server.json"))
    return try JSONDecoder().decode(ServerInfo.self, from: data)
}
