import Foundation
import GorillaShared
import GorillaTransport
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A server push: its event name and the whole line, to decode as the event's type.
package struct PushMessage: Sendable {
    package let event: String
    package let line: [UInt8]

    /// Decodes the push's `value`.
    package func value<T: Decodable & Sendable>(as type: T.Type) throws -> T {
        try WireCoding.decoder.decode(ReplyValue<T>.self, from: Data(line)).value
    }
}

/// One open TLS connection to the server: requests matched to responses by `id`, pushes as a stream.
///
/// - Important: An actor; responses are read by a child task of ``withConnection(to:language:connectTimeout:onFingerprint:_:)``.
package actor ServerConnection {
    /// A reply line with its header, read once by the reader.
    private typealias Reply = (line: [UInt8], header: ReplyHeader)

    private enum Slot {
        case waiting
        case arrived(Reply)
        case awaiting(CheckedContinuation<Reply, any Error>)
    }

    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let encoder = WireCoding.encoder
    private var slots: [Int: Slot] = [:]
    private var nextID = 1
    private var failure: ClientError?
    /// When the requests in flight time out (see ``ConnectionDeadlines``).
    private var deadline: ReplyDeadline
    /// Server pushes (`"event"` lines), newest kept when the reader falls behind.
    package nonisolated let pushes: AsyncStream<PushMessage>
    private let pushContinuation: AsyncStream<PushMessage>.Continuation

    private init(outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, deadline: ReplyDeadline) {
        self.outbound = outbound
        self.deadline = deadline
        (pushes, pushContinuation) = AsyncStream.makeStream(
            of: PushMessage.self, bufferingPolicy: .bufferingNewest(1000))
    }

    private static let sslContext: Result<NIOSSLContext, any Error> = Result { try TLSConfigurations.pinnedClient() }

    /// Connects, checks the certificate against `endpoint.fingerprint`, says `hello`, runs `body`, and closes.
    ///
    /// Every step has a deadline (``ConnectionDeadlines``): past it the connection is closed and the step, and every
    /// request still waiting, fails as `.unreachable`.
    ///
    /// - Parameters:
    ///   - connectTimeout: Replaces `deadlines.connect` when given.
    ///   - deadlines: How long to wait for the connection, the handshake and each reply.
    ///   - onFingerprint: Called with the fingerprint the server presented (for trust on first use).
    /// - Throws: ``ClientError`` `.unreachable`, `.certificateChanged`, `.server`, or what `body` throws.
    package static func withConnection<T: Sendable>(
        to endpoint: ServerEndpoint,
        language: Language? = nil,
        connectTimeout: TimeAmount? = nil,
        deadlines: ConnectionDeadlines = .fromEnvironment(),
        onFingerprint: (@Sendable (String) -> Void)? = nil,
        _ body: @Sendable (ServerConnection) async throws -> T
    ) async throws -> T {
        let observed = NIOLockedValueBox<String?>(nil)
        let verifier = PinnedCertificateVerifier(pinned: endpoint.fingerprint) { seen in
            observed.withLockedValue { $0 = seen }
            onFingerprint?(seen)
        }
        let sslContext = try sslContext.get()
        let serverHostname = endpoint.hostIsAddress ? nil : endpoint.host
        let started = NIODeadline.now()
        let lastRead = NIOLockedValueBox(started)
        let channel: NIOAsyncChannel<LineFrame, ByteBuffer>
        do {
            // Connecting and the handshake share one deadline, counted from here.
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(min(connectTimeout ?? deadlines.connect, deadlines.handshake))
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connect(host: endpoint.host, port: endpoint.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let sync = channel.pipeline.syncOperations
                        try sync.addHandler(ReadActivityHandler(lastRead: lastRead))
                        try sync.addHandler(verifier.makeHandler(context: sslContext, serverHostname: serverHostname))
                        try sync.addHandler(ByteToMessageHandler(LineFrameDecoder(maximumLength: 64 * 1024 * 1024)))
                        return try NIOAsyncChannel<LineFrame, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            var failure = ClientError(
                .unreachable,
                AccountPhrases.cannotReachServer.t([
                    "address": "\(endpoint.host):\(endpoint.port)", "reason": describe(error),
                ]))
            failure.serverWasSilent = isTimeout(error)
            throw failure
        }

        func mapped(_ error: any Error) -> any Error {
            if let pinned = endpoint.fingerprint, let seen = observed.withLockedValue({ $0 }), seen != pinned {
                return ClientError(
                    .certificateChanged,
                    AccountPhrases.certificateChanged.t([
                        "pinned": pinned, "address": "\(endpoint.host):\(endpoint.port)", "seen": seen,
                    ]))
            }
            return ClientError.lostConnection(error) ?? error
        }

        do {
            return try await channel.executeThenClose { inbound, outbound in
                let address = "\(endpoint.host):\(endpoint.port)"
                let deadline = ReplyDeadline(silence: deadlines.reply, handshakeEnds: started + deadlines.handshake)
                let connection = ServerConnection(outbound: outbound, deadline: deadline)
                return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
                    group.addTask { await connection.readLoop(inbound) }
                    group.addTask {
                        let handshake = ConnectionDeadlines.describe(deadlines.handshake)
                        await connection.watch(
                            lastRead: lastRead,
                            timeout: { phase in
                                switch phase {
                                case .handshake where observed.withLockedValue({ $0 }) == nil:
                                    AccountPhrases.handshakeNotCompleted.t(["address": address, "time": handshake])
                                case .handshake:
                                    AccountPhrases.serverDidNotAnswer.t(["address": address, "time": handshake])
                                case .reply(let op, let silence):
                                    AccountPhrases.serverStoppedAnswering.t([
                                        "address": address, "time": silence, "operation": op,
                                    ])
                                }
                            }, close: { ReadActivityHandler.closeAbruptly(channel.channel) })
                    }
                    defer {
                        channel.channel.close(promise: nil)
                        group.cancelAll()
                    }
                    _ = try await connection.request(
                        Operation.hello, HelloBody(language: language), as: HelloReply.self)
                    await connection.handshakeDone()
                    return try await body(connection)
                }
            }
        } catch {
            throw mapped(error)
        }
    }

    /// Sends a request and decodes the reply's `value` as `Reply`.
    package func request<Body: Codable & Sendable, Reply: Decodable & Sendable>(
        _ op: GorillaShared.Operation, _ body: Body, as reply: Reply.Type
    ) async throws -> Reply {
        try Self.value(of: try await roundTrip(op, body), op: op, as: Reply.self)
    }

    /// The `value` of a reply line, decoded as `Reply`.
    static func value<Reply: Decodable & Sendable>(
        of line: [UInt8], op: GorillaShared.Operation, as reply: Reply.Type
    ) throws -> Reply {
        do {
            return try WireCoding.decoder.decode(ReplyValue<Reply>.self, from: Data(line)).value
        } catch {
            throw ClientError(
                .protocolError, AccountPhrases.unexpectedReply.t(["operation": op.rawValue, "error": "\(error)"]))
        }
    }

    /// Sends a request whose reply carries no value.
    package func send<Body: Codable & Sendable>(_ op: GorillaShared.Operation, _ body: Body) async throws {
        _ = try await roundTrip(op, body)
    }

    /// Sends a request and returns the raw reply line once its `result` is 0.
    package func roundTrip<Body: Codable & Sendable>(
        _ op: GorillaShared.Operation, _ body: Body
    ) async throws -> [UInt8] {
        try await roundTrip(op, encodedBody: Array(try encoder.encode(body)))
    }

    /// Sends a request whose body is already JSON (e.g. a push written with `FastJSON`) and returns the raw reply
    /// line once its `result` is 0.
    package func roundTrip(_ op: GorillaShared.Operation, encodedBody body: [UInt8]) async throws -> [UInt8] {
        try await reply(to: post(op, encodedBody: body))
    }

    /// Writes a request whose body is already JSON, without waiting for its answer; returns its id, for
    /// ``reply(to:)``. Requests posted one after the other reach the server, and are answered, in that order: a
    /// caller may post the next before the last answer arrives.
    package func post(_ op: GorillaShared.Operation, encodedBody body: [UInt8]) async throws -> Int {
        if let failure { throw failure }
        let id = nextID
        nextID += 1
        var line: [UInt8] = []
        line.reserveCapacity(body.count + op.rawValue.utf8.count + 40)
        line += #"{"body":"#.utf8
        line += body
        line += #","id":"#.utf8
        line += String(id).utf8
        line += #","op":"#.utf8
        FastJSON.writeString(op.rawValue, into: &line)
        line += "}\n".utf8
        slots[id] = .waiting
        deadline.sent(id, op: op.rawValue, at: .now())
        do {
            try await outbound.write(ByteBuffer(bytes: line))
        } catch {
            slots[id] = nil
            deadline.answered(id)
            throw failure ?? ClientError(.unreachable, AccountPhrases.connectionLost.t())
        }
        return id
    }

    /// The reply line to the request `id` once its `result` is 0.
    package func reply(to id: Int) async throws -> [UInt8] {
        let reply = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Reply, any Error>) in
            switch slots[id] {
            case .arrived(let reply):
                slots[id] = nil
                continuation.resume(returning: reply)
            case .waiting:
                if let failure {
                    slots[id] = nil
                    continuation.resume(throwing: failure)
                } else {
                    slots[id] = .awaiting(continuation)
                }
            case .awaiting, .none:
                continuation.resume(
                    throwing: failure ?? ClientError(.protocolError, AccountPhrases.requestLost.t(["id": id])))
            }
        }
        let header = reply.header
        guard header.result == 0 else {
            throw ClientError.server(
                header.error
                    ?? WireError(
                        code: WireErrorCode(rawValue: header.result),
                        message: AccountPhrases.serverErrorNumber.t(["code": header.result])))
        }
        return reply.line
    }

    /// Whether the connection has failed or was closed (every later request fails at once, before sending).
    var hasFailed: Bool { failure != nil }

    private func readLoop(_ inbound: NIOAsyncChannelInboundStream<LineFrame>) async {
        do {
            for try await frame in inbound {
                guard case .line(let buffer) = frame else {
                    fail(ClientError(.protocolError, AccountPhrases.overLongLine.t()))
                    return
                }
                deliver(Array(buffer.readableBytesView))
            }
            fail(ClientError(.unreachable, AccountPhrases.serverClosedConnection.t()))
        } catch {
            fail(ClientError(.unreachable, AccountPhrases.connectionLostBecause.t(["reason": describe(error)])))
        }
    }

    private func deliver(_ line: [UInt8]) {
        guard let header = ReplyHeader.read(line) else { return }
        if let event = header.event {
            pushContinuation.yield(PushMessage(event: event, line: line))
            return
        }
        guard let id = header.id else {
            // An error with no id (e.g. line too long) ends the connection.
            if let error = header.error { fail(ClientError.server(error)) }
            return
        }
        deadline.answered(id)
        switch slots[id] {
        case .waiting: slots[id] = .arrived((line, header))
        case .awaiting(let continuation):
            slots[id] = nil
            continuation.resume(returning: (line, header))
        case .arrived, .none: break
        }
    }

    /// A step that timed out, for its message.
    enum TimedOut {
        case handshake
        case reply(op: String, silence: String)
    }

    /// `hello` was answered: from now on each reply has its own deadline.
    func handshakeDone() {
        deadline.handshakeDone()
    }

    /// Fails the connection with `timeout`'s message and closes it once ``deadline`` expires; returns then, when the
    /// connection fails otherwise, or when cancelled.
    func watch(
        lastRead: NIOLockedValueBox<NIODeadline>, timeout: @Sendable (TimedOut) -> String,
        close: @Sendable () -> Void
    ) async {
        while failure == nil, !Task.isCancelled {
            let now = NIODeadline.now()
            var wait = TimeAmount.milliseconds(250)
            if let expiry = deadline.expiry(lastRead: lastRead.withLockedValue { $0 }) {
                if expiry <= now {
                    let phase: TimedOut =
                        deadline.handshakeEnds != nil
                        ? .handshake
                        : .reply(
                            op: deadline.oldestOperation ?? AccountPhrases.aReply.t(),
                            silence: ConnectionDeadlines.describe(deadline.silence))
                    var silent = ClientError(.unreachable, timeout(phase))
                    silent.serverWasSilent = true
                    fail(silent)
                    close()
                    return
                }
                wait = min(wait, expiry - now)
            }
            do {
                try await Task.sleep(nanoseconds: UInt64(max(wait.nanoseconds, 1_000_000)))
            } catch {
                return
            }
        }
    }

    private func fail(_ error: ClientError) {
        if failure == nil { failure = error }
        for (id, slot) in slots {
            if case .awaiting(let continuation) = slot {
                continuation.resume(throwing: failure!)
                slots[id] = nil
            }
        }
        pushContinuation.finish()
    }
}

extension ClientError {
    /// A failure of the network under an open connection (a reset, a broken pipe, a TLS record cut short) in plain
    /// words, `the connection to the server was lost (the server closed the connection)`, never a system call's name
    /// or an errno; nil for any other error.
    package static func lostConnection(_ error: any Error) -> ClientError? {
        switch error {
        case is IOError, is ChannelError, is NIOSSLError, is BoringSSLError, is NIOConnectionError:
            ClientError(.unreachable, AccountPhrases.connectionLostBecause.t(["reason": describe(error)]))
        default:
            nil
        }
    }
}

/// A short description of a network error for a one-line message, in plain words (matched by type, never by text).
package func describe(_ error: any Error) -> String {
    switch error {
    case let error as ClientError:
        return error.message
    case let error as IOError:
        return describe(errno: error.errnoCode)
    case let error as NIOConnectionError:
        // Every address tried failed; the first failure says why.
        if let first = error.connectionErrors.first { return describe(first.error) }
        return error.dnsAAAAError.map(describe) ?? error.dnsAError.map(describe)
            ?? AccountPhrases.noAddressToConnectTo.t()
    case let error as ChannelError:
        switch error {
        case .connectTimeout: return AccountPhrases.timedOut.t()
        case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed:
            return AccountPhrases.serverClosedConnection.t()
        default: return AccountPhrases.networkError.t(["error": "\(error)"])
        }
    case let error as NIOSSLError:
        // An unclean shutdown is the TCP connection ending without TLS's goodbye: a lost connection.
        return error == .uncleanShutdown
            ? AccountPhrases.serverClosedConnection.t() : AccountPhrases.tlsHandshakeFailed.t()
    case let error as BoringSSLError:
        return AccountPhrases.tlsFailed.t(["error": "\(error)"])
    default:
        let text = String(describing: error)
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}

/// Whether a connection failed because nothing answered in time (a deadline passed), not because it was refused.
private func isTimeout(_ error: any Error) -> Bool {
    switch error {
    case ChannelError.connectTimeout: true
    case let error as NIOConnectionError: error.connectionErrors.contains { isTimeout($0.error) }
    case let error as IOError: error.errnoCode == ETIMEDOUT
    default: false
    }
}

/// What an `errno` of a network call means for the user.
private func describe(errno code: CInt) -> String {
    switch code {
    case ECONNREFUSED: AccountPhrases.connectionRefused.t()
    case ECONNRESET, EPIPE: AccountPhrases.serverClosedConnection.t()
    case ETIMEDOUT: AccountPhrases.timedOut.t()
    case EHOSTUNREACH, ENETUNREACH, ENETDOWN: AccountPhrases.noRouteToServer.t()
    case EADDRNOTAVAIL: AccountPhrases.addressNotAvailable.t()
    default: String(cString: strerror(code)).lowercased()
    }
}
