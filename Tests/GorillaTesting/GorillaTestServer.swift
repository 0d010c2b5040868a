import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import Logging

/// How a test reaches the server it starts (HummingbirdTesting's `.router` and `.live`, plus the real binary).
package enum ServerMode: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The server's request router in this process, without a socket (``InProcessServer``): requests are lines handed
    /// to the router and its replies the lines it writes; the same store, limits and clock as a connection.
    case inProcess
    /// The real server in this process, over TLS on port 0 (``TestServer``).
    case tls
    /// The built `gorilla-server` as a child process, over TLS on port 0 (``ServerProcess``).
    case process

    package var description: String { rawValue }
}

/// A server under test started by ``withGorillaServer(_:configure:_:)``, and the ways to talk to it.
package struct GorillaTestServer: Sendable {
    package let mode: ServerMode
    private let listening: (any RunningServer)?
    private let inProcess: InProcessServer?

    fileprivate init(listening: any RunningServer, mode: ServerMode) {
        self.mode = mode
        self.listening = listening
        inProcess = nil
    }

    fileprivate init(inProcess server: InProcessServer) {
        mode = .inProcess
        listening = nil
        inProcess = server
    }

    /// The server listening on a port, for devices and the CLI; throws in ``ServerMode/inProcess``, which has none.
    package func requireListening() throws -> any RunningServer {
        guard let listening else { throw WrongServerMode(wanted: "a listening server", mode: mode) }
        return listening
    }

    /// The in-process TLS server; throws unless the mode is ``ServerMode/tls``.
    package func requireTLS() throws -> TestServer {
        guard let server = listening as? TestServer else { throw WrongServerMode(wanted: "TestServer", mode: mode) }
        return server
    }

    /// The server's process (to kill, freeze or measure it); throws unless the mode is ``ServerMode/process``.
    package func requireProcess() throws -> ServerProcess {
        guard let server = listening as? ServerProcess else {
            throw WrongServerMode(wanted: "ServerProcess", mode: mode)
        }
        return server
    }

    /// Opens one session with the server (a connection, or in process its equivalent), says `hello` in `language`,
    /// runs `body` with it and closes it.
    package func withSession<T: Sendable>(
        language: Language? = nil, _ body: @Sendable (any ServerSession) async throws -> T
    ) async throws -> T {
        if let inProcess {
            let session = InProcessServerSession(inProcess.session())
            _ = try await session.roundTrip(
                GorillaShared.Operation.hello,
                encodedBody: Array(try WireCoding.encoder.encode(HelloBody(language: language))))
            return try await body(session)
        }
        // Patient deadlines: this harness tests exchanges, not how long the CLI waits for a slow server.
        return try await ServerConnection.withConnection(
            to: try requireListening().endpoint(), language: language, deadlines: TestDeadlines.patient
        ) { try await body($0) }
    }
}

/// A test asked its server for something its mode does not have.
package struct WrongServerMode: Error, CustomStringConvertible {
    package let wanted: String
    package let mode: ServerMode
    package var description: String { "the test wants \(wanted), but its server runs \(mode)" }
}

/// One conversation with the server under test, the same in every ``ServerMode``.
package protocol ServerSession: Sendable {
    /// Sends `op` with `body` (JSON) and returns the reply line once its `result` is 0.
    /// - Throws: ``ClientError`` `.server` carrying the wire error when the server refused the request.
    func roundTrip(_ op: GorillaShared.Operation, encodedBody body: [UInt8]) async throws -> [UInt8]
}

extension ServerConnection: ServerSession {}

extension ServerSession {
    /// Sends `op` with `body` and returns the reply line once its `result` is 0 (throws ``ClientError`` otherwise).
    package func roundTrip<Body: Encodable & Sendable>(
        _ op: GorillaShared.Operation, _ body: Body
    ) async throws
        -> [UInt8]
    {
        try await roundTrip(op, encodedBody: Array(try WireCoding.encoder.encode(body)))
    }

    /// Sends `op` with `body` expecting a refusal: the server's error, or nil when it accepted the request.
    package func refusal<Body: Encodable & Sendable>(
        _ op: GorillaShared.Operation, _ body: Body
    ) async throws
        -> WireError?
    {
        do {
            _ = try await roundTrip(op, body)
            return nil
        } catch let error as ClientError where error.kind == .server {
            return error.wire
        }
    }

    /// Sends `op` with `body` and decodes the reply's `value` as `Reply`.
    package func request<Body: Encodable & Sendable, Reply: Decodable & Sendable>(
        _ op: GorillaShared.Operation, _ body: Body, as reply: Reply.Type
    ) async throws -> Reply {
        try WireCoding.decoder.decode(ReplyValue<Reply>.self, from: Data(try await roundTrip(op, body))).value
    }
}

/// A session answered by an ``InProcessSession`` of the test's ``InProcessServer`` (so sessions share its rate limits
/// as connections do): the request line is built as the client builds it, and a refused request throws as
/// ``ServerConnection`` does.
/// - Important: Use it from one task at a time, as ``InProcessSession``.
final class InProcessServerSession: ServerSession, @unchecked Sendable {
    private let session: InProcessSession
    private var nextID = 1

    init(_ session: InProcessSession) {
        self.session = session
    }

    func roundTrip(_ op: GorillaShared.Operation, encodedBody body: [UInt8]) async throws -> [UInt8] {
        let id = nextID
        nextID += 1
        var line = Array(#"{"body":"#.utf8) + body + Array(#","id":\#(id),"op":"#.utf8)
        FastJSON.writeString(op.rawValue, into: &line)
        line += "}".utf8
        let reply = await session.respond(to: line)
        guard let header = ReplyHeader.read(reply) else {
            throw ClientError(.protocolError, "not a reply: \(String(decoding: reply, as: UTF8.self))")
        }
        guard header.result == 0 else {
            throw ClientError.server(
                header.error
                    ?? WireError(code: WireErrorCode(rawValue: header.result), message: "error \(header.result)"))
        }
        return reply
    }
}

/// Runs `body` with a server started in `mode` on a fresh data folder and its store on ``TestEngine/current``, and
/// shuts it down afterwards whatever `body` does.
///
/// The server reads the time from `clock` when given, in every mode (a test moves it instead of sleeping).
/// `configure` adjusts the configuration of the in-process modes (cheap password hashing is already set);
/// ``ServerMode/process`` runs the binary with its defaults and its command line, and does not take it.
package func withGorillaServer(
    _ mode: ServerMode,
    clock: TestClock? = nil,
    configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    _ body: (GorillaTestServer) async throws -> Void
) async throws {
    let source = clock?.source
    let configure: @Sendable (inout ServerConfiguration) -> Void = {
        if let source { $0.clock = source }
        configure(&$0)
    }
    switch mode {
    case .inProcess:
        let folder = try TemporaryFolder("gorilla-test-in-process")
        var configuration = ServerConfiguration(dataDirectory: folder.child("data"))
        configuration.passwordHasher = .testing
        configure(&configuration)
        let store = try await TestEngine.current.makeStore()
        let outcome: Result<Void, any Error>
        do {
            var logger = Logger(label: "gorilla-in-process")
            logger.logLevel = .critical
            let server = InProcessServer(store: store, configuration: configuration, logger: logger)
            try await body(GorillaTestServer(inProcess: server))
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await store.close()
        try outcome.get()
        withExtendedLifetime(folder) {}
    case .tls:
        let folder = try TemporaryFolder("gorilla-test-server")
        let server = TestServer(dataDirectory: folder.child("data"), configure: configure)
        try await withStarted(server, keeping: folder) { try await body(GorillaTestServer(listening: $0, mode: .tls)) }
    case .process:
        let folder = try TemporaryFolder("gorilla-e2e-process")
        let server = ServerProcess(
            dataDirectory: folder.child("data"), logFile: folder.url.appendingPathComponent("server.log"),
            clockFile: clock?.file)
        try await withStarted(server, keeping: folder) {
            try await body(GorillaTestServer(listening: $0, mode: .process))
        }
    }
}
