import Foundation
import GorillaTransport
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A JSON object as `JSONSerialization` reads it.
package typealias JSONObject = [String: Any]

/// What a test client can report instead of a reply.
package enum TestClientError: Error, CustomStringConvertible {
    case closed
    case timedOut
    case notJSON(String)
    case wrongID(expected: Int, line: String)

    package var description: String {
        switch self {
        case .closed: "the server closed the connection"
        case .timedOut: "no reply in time"
        case .notJSON(let line): "not a JSON object: \(line.prefix(200))"
        case .wrongID(let expected, let line): "expected a reply to \(expected), got \(line.prefix(200))"
        }
    }
}

/// A bare TLS JSON-Lines connection to the server under test, independent of the client library.
///
/// Certificates are checked against `pinnedFingerprint` when one is given, else not at all.
/// - Important: Use it only inside the `withClient` closure that made it.
package final class TestClient {
    /// PostgreSQL answers a debug build's large pushes more slowly than SQLite (a round trip per statement): the
    /// tests that use it (every one with `GORILLA_TEST_ENGINE=postgres`, and the several-instance ones) wait longer.
    /// In the first minute of the PostgreSQL phase, while every test creates and migrates its database, a round trip
    /// took 40–50 ms and a push of 100 clients 34 s: two minutes leaves room on a slower machine.
    package static let replyTimeout: TimeAmount = TestPostgres.problem == nil ? .seconds(120) : .seconds(15)

    private let channel: any Channel
    private var inbound: NIOAsyncChannelInboundStream<LineFrame>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var nextID = 1

    init(
        channel: any Channel, inbound: NIOAsyncChannelInboundStream<LineFrame>,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.channel = channel
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
    }

    /// Writes raw bytes (normally one or more lines, each ending in `\n`).
    package func write(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// Writes raw bytes.
    package func write(_ buffer: ByteBuffer) async throws {
        try await outbound.write(buffer)
    }

    /// The next line from the server; nil once the server has closed the connection.
    package func readLine() async throws -> String? {
        let channel = self.channel
        let timedOut = NIOLockedValueBox(false)
        let deadline = channel.eventLoop.scheduleTask(in: Self.replyTimeout) {
            timedOut.withLockedValue { $0 = true }
            channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        let frame: LineFrame?
        do {
            frame = try await inbound.next()
        } catch {
            if timedOut.withLockedValue({ $0 }) { throw TestClientError.timedOut }
            return nil  // reset by the peer: closed as far as the test is concerned
        }
        if timedOut.withLockedValue({ $0 }) { throw TestClientError.timedOut }
        switch frame {
        case .line(let buffer): return String(buffer: buffer)
        case .tooLong: throw TestClientError.notJSON("<a line over the client's limit>")
        case nil: return nil
        }
    }

    /// The next line, parsed as a JSON object.
    package func readObject() async throws -> JSONObject {
        guard let line = try await readLine() else { throw TestClientError.closed }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? JSONObject else {
            throw TestClientError.notJSON(line)
        }
        return object
    }

    /// Sends one raw line (a newline is added) and returns the reply.
    package func send(_ json: String) async throws -> JSONObject {
        try await write(json + "\n")
        return try await readObject()
    }

    /// Sends `op` with `body` and a fresh id; returns the reply, which must carry that id.
    @discardableResult
    package func request(_ op: String, _ body: JSONObject = [:]) async throws -> JSONObject {
        let id = nextID
        nextID += 1
        let data = try JSONSerialization.data(withJSONObject: ["id": id, "op": op, "body": body] as JSONObject)
        let reply = try await send(String(decoding: data, as: UTF8.self))
        guard reply.id == id else {
            let line =
                (try? JSONSerialization.data(withJSONObject: reply)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
            throw TestClientError.wrongID(expected: id, line: line)
        }
        return reply
    }

    /// `hello` with protocol version 1 (and a language, if given); the reply must be a success.
    package func hello(language: String? = nil) async throws {
        var body: JSONObject = ["version": 1]
        if let language { body["language"] = language }
        try await request("hello", body).expectSuccess()
    }

    /// Signs a coach up and returns the session token.
    @discardableResult
    package func signUpCoach(
        _ username: String, email: String? = nil, password: String = "correct horse",
        name: String = "Ada", surname: String = "Lovelace"
    ) async throws -> String {
        let reply = try await request(
            "auth.signup",
            [
                "username": username, "email": email ?? "\(username.lowercased())@example.com",
                "password": password, "name": name, "surname": surname,
            ]
        ).expectSuccess()
        return try reply.requireString("value", "token")
    }

    /// Logs in and returns the reply (success or not).
    package func login(_ user: String, password: String = "correct horse") async throws -> JSONObject {
        try await request("auth.login", ["user": user, "password": password])
    }

    /// Binds this connection to a token and returns the reply.
    package func resume(_ token: String) async throws -> JSONObject {
        try await request("auth.resume", ["token": token])
    }

    /// Whether the connection is still open.
    package var isOpen: Bool { channel.isActive }

    /// Stops taking bytes from the socket (after the handshake), so that the server's replies pile up on its side.
    package func stopReading() async throws {
        try await channel.setOption(ChannelOptions.autoRead, value: false).get()
    }

    /// Takes bytes from the socket again.
    package func resumeReading() async throws {
        try await channel.setOption(ChannelOptions.autoRead, value: true).get()
    }

    /// Whether the server has closed the connection: reads until end of stream, ignoring lines.
    package func waitForClose() async throws -> [String] {
        var lines: [String] = []
        while let line = try await readLine() { lines.append(line) }
        return lines
    }
}

/// A test-side TLS context: certificate checks are left to the pinning callback, or skipped.
private let clientTLSContext: Result<NIOSSLContext, any Error> = Result {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.minimumTLSVersion = .tlsv12
    configuration.certificateVerification = .noHostnameVerification
    return try NIOSSLContext(configuration: configuration)
}

/// Opens a TLS connection to `127.0.0.1:port`, runs `body` with it and closes it.
///
/// - Parameter pinnedFingerprint: the SHA-256 (lowercase hex) the server's certificate must have;
///   nil accepts any certificate.
package func withClient<T: Sendable>(
    port: Int, pinnedFingerprint: String? = nil, _ body: (TestClient) async throws -> T
) async throws -> T {
    let context = try clientTLSContext.get()
    return try await withClient(
        port: port,
        tlsHandler: {
            try NIOSSLClientHandler(context: context, serverHostname: nil) { certificates, promise in
                guard let pinned = pinnedFingerprint else {
                    promise.succeed(.certificateVerified)
                    return
                }
                let seen = certificates.first.flatMap { try? Fingerprint.of($0) }
                promise.succeed(seen == pinned ? .certificateVerified : .failed)
            }
        }, body)
}

/// Opens a connection to `127.0.0.1:port` through the TLS handler `tlsHandler` makes, runs `body` with it and closes
/// it.
package func withClient<T: Sendable>(
    port: Int, tlsHandler: @escaping @Sendable () throws -> NIOSSLClientHandler, _ body: (TestClient) async throws -> T
) async throws -> T {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connectTimeout(.seconds(5))
        .connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(try tlsHandler())
                try channel.pipeline.syncOperations.addHandler(
                    ByteToMessageHandler(LineFrameDecoder(maximumLength: 8 << 20)))
                return try NIOAsyncChannel<LineFrame, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
    return try await channel.executeThenClose { inbound, outbound in
        try await body(TestClient(channel: channel.channel, inbound: inbound, outbound: outbound))
    }
}

/// Opens a TLS connection to `127.0.0.1:port` from the local address `source`, runs `body` with it and closes it.
package func withClient<T: Sendable>(
    port: Int, from source: String, on group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
    _ body: (TestClient) async throws -> T
) async throws -> T {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.certificateVerification = .none
    let context = try NIOSSLContext(configuration: configuration)
    let channel = try await ClientBootstrap(group: group)
        .connectTimeout(.seconds(5))
        .bind(to: try SocketAddress(ipAddress: source, port: 0))
        .connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(
                    NIOSSLClientHandler(context: context, serverHostname: nil))
                try channel.pipeline.syncOperations.addHandler(
                    ByteToMessageHandler(LineFrameDecoder(maximumLength: 8 << 20)))
                return try NIOAsyncChannel<LineFrame, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
    return try await channel.executeThenClose { inbound, outbound in
        try await body(TestClient(channel: channel.channel, inbound: inbound, outbound: outbound))
    }
}

/// Reading replies.
extension Dictionary where Key == String, Value == Any {
    package var id: Int? { self["id"] as? Int }
    package var result: Int? { self["result"] as? Int }
    package var value: JSONObject? { self["value"] as? JSONObject }
    package var error: JSONObject? { self["error"] as? JSONObject }
    package var errorCode: Int? { error?["code"] as? Int }
    package var errorMessage: String? { error?["message"] as? String }

    /// The string at a path of object keys.
    package func string(_ path: String...) -> String? { lookup(path) as? String }

    /// The string at a path of object keys, or an error naming the path.
    package func requireString(_ path: String...) throws -> String {
        guard let text = lookup(path) as? String else {
            throw TestClientError.notJSON("no string at \(path.joined(separator: "."))")
        }
        return text
    }

    /// Returns self if `result` is 0, else throws with the error.
    @discardableResult
    package func expectSuccess() throws -> JSONObject {
        guard result == 0 else {
            throw TestClientError.notJSON(
                "expected success, got result \(result.map(String.init) ?? "nil"): \(errorMessage ?? "")")
        }
        return self
    }

    private func lookup(_ path: [String]) -> Any? {
        var current: Any? = self
        for key in path { current = (current as? JSONObject)?[key] }
        return current
    }
}

/// One mutation as a device sends it.
package func mutation(
    _ kind: String, _ entity: UUID, _ action: String = "create", fields: JSONObject? = nil,
    id: UUID = UUID(), base: Int? = nil
) -> JSONObject {
    var object: JSONObject = [
        "id": id.uuidString.lowercased(), "kind": kind, "entity": entity.uuidString.lowercased(), "action": action,
    ]
    if let fields { object["fields"] = fields }
    if let base { object["base"] = base }
    return object
}

extension TestClient {
    /// `sync.push` that must be answered with results (one per mutation).
    package func pushRequiringReply(_ mutations: [JSONObject]) async throws -> [JSONObject] {
        let reply = try await request("sync.push", ["mutations": mutations]).expectSuccess()
        guard let results = reply.value?["results"] as? [JSONObject], results.count == mutations.count else {
            throw TestClientError.notJSON("push reply without one result per mutation")
        }
        return results
    }

    /// Pushes `count` clients named Joan Puig whose notes are `notes` characters long, 100 to a push.
    ///
    /// A client's create is eight statements on PostgreSQL, each a round trip: while the rest of the suite keeps both
    /// cores busy, a push of 400 took 55 s there, near a reply's time limit (``replyTimeout``).
    package func pushClients(_ count: Int, notes: Int) async throws {
        let text = String(repeating: "n", count: notes)
        var left = count
        while left > 0 {
            let batch = min(left, 100)
            let mutations = (0..<batch).map { _ in
                mutation("client", UUID(), fields: ["name": "Joan", "surname": "Puig", "notes": text])
            }
            try await request("sync.push", ["mutations": mutations]).expectSuccess()
            left -= batch
        }
    }

    /// Every change visible to the bound account, from version 0.
    package func pullEverything() async throws -> [JSONObject] {
        var since = 0
        var changes: [JSONObject] = []
        while true {
            let reply = try await request("sync.pull", ["since": since, "limit": 5000]).expectSuccess()
            changes += reply.value?["changes"] as? [JSONObject] ?? []
            since = reply.value?["cursor"] as? Int ?? since
            if (reply.value?["more"] as? Bool) != true { return changes }
        }
    }

    /// The id of the bound account.
    package func profileID() async throws -> UUID {
        let reply = try await request("profile.get").expectSuccess()
        guard let id = reply.string("value", "id").flatMap(UUID.init(uuidString:)) else {
            throw TestClientError.notJSON("profile without id")
        }
        return id
    }
}
