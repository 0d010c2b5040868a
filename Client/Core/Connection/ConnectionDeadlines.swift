import Foundation
import GorillaShared
import NIOConcurrencyHelpers
import NIOCore

/// How long a connection waits for a server that sends nothing before it gives up as unreachable.
///
/// A server that accepts connections but never answers (a stopped process, a listener that is not a GorillaCoach
/// server) would otherwise hold a command forever: the kernel completes the TCP handshake on its behalf. One rule
/// bounds every wait: 10 s of silence (`GORILLA_TIMEOUT`), the connection and the handshake counted together from
/// the first attempt, and each reply from the later of its request and the last byte that arrived, so a reply that
/// keeps arriving is never cut off.
package struct ConnectionDeadlines: Sendable, Equatable {
    /// Establishing the TCP connection (never longer than ``handshake``, which counts from the same moment).
    package var connect: TimeAmount
    /// From the first connection attempt to the answer to `hello`: TCP, the TLS handshake and the first reply.
    package var handshake: TimeAmount
    /// Silence allowed while a reply is awaited: any byte from the server starts it again, so a long reply that keeps
    /// arriving (a big `sync.pull` page) is never cut off, however long it takes in all.
    package var reply: TimeAmount

    package init(connect: TimeAmount, handshake: TimeAmount, reply: TimeAmount) {
        self.connect = connect
        self.handshake = handshake
        self.reply = reply
    }

    /// The one budget of silence: 10 s for the connection and handshake together, and 10 s per reply.
    package static let standard = ConnectionDeadlines(silence: .seconds(10))

    /// The same `silence` at every step.
    package init(silence: TimeAmount) {
        self.init(connect: silence, handshake: silence, reply: silence)
    }

    /// The deadlines of `base`, every one replaced by `GORILLA_TIMEOUT` (seconds, decimals allowed) from
    /// `environment` when it is set.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        base: ConnectionDeadlines = .standard
    ) -> ConnectionDeadlines {
        environment["GORILLA_TIMEOUT"].flatMap(amount).map(ConnectionDeadlines.init(silence:)) ?? base
    }

    /// `text` as a positive number of seconds (decimals allowed), or nil.
    static func amount(_ text: String) -> TimeAmount? {
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds > 0, seconds < 86_400 else {
            return nil
        }
        return .nanoseconds(Int64(seconds * 1_000_000_000))
    }

    /// `5 s`, `0.5 s` (`0,5 s` in Catalan and Spanish): a deadline as a person reads it.
    static func describe(_ amount: TimeAmount) -> String {
        let seconds = Double(amount.nanoseconds) / 1_000_000_000
        return Language.current.number(seconds, decimals: 1) + " s"
    }
}

/// When the requests of one connection time out: a pure value, moved by the connection and read by its watchdog.
///
/// Until `hello` is answered the handshake deadline holds, counted from the connection whatever arrives. After it,
/// a connection with requests in flight expires once nothing was received for `silence` since the later of the
/// oldest unanswered request and the last byte read; one with nothing in flight (a live view waiting for pushes)
/// never does.
struct ReplyDeadline: Sendable {
    let silence: TimeAmount
    /// The end of the handshake deadline, until `hello` is answered.
    private(set) var handshakeEnds: NIODeadline?
    /// The unanswered requests: when each was sent, and its operation (for the message).
    private var inFlight: [Int: (op: String, sent: NIODeadline)] = [:]

    init(silence: TimeAmount, handshakeEnds: NIODeadline?) {
        self.silence = silence
        self.handshakeEnds = handshakeEnds
    }

    mutating func sent(_ id: Int, op: String, at time: NIODeadline) {
        inFlight[id] = (op, time)
    }

    mutating func answered(_ id: Int) {
        inFlight[id] = nil
    }

    mutating func handshakeDone() {
        handshakeEnds = nil
    }

    /// The oldest unanswered request's operation.
    var oldestOperation: String? {
        inFlight.values.min { $0.sent < $1.sent }?.op
    }

    /// When the connection expires if nothing more arrives after `lastRead`; nil while nothing is awaited.
    func expiry(lastRead: NIODeadline) -> NIODeadline? {
        if let handshakeEnds { return handshakeEnds }
        guard let oldest = inFlight.values.map(\.sent).min() else { return nil }
        return max(oldest, lastRead) + silence
    }
}

/// Records when the last bytes arrived from the server, before TLS and framing, so that a long reply that is
/// still arriving counts as progress.
final class ReadActivityHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let lastRead: NIOLockedValueBox<NIODeadline>

    init(lastRead: NIOLockedValueBox<NIODeadline>) {
        self.lastRead = lastRead
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastRead.withLockedValue { $0 = .now() }
        context.fireChannelRead(data)
    }

    /// Closes `channel` below TLS, without the goodbye a silent server would never answer (NIOSSL waits 5 s for it):
    /// the close starts at this handler, next to the socket.
    static func closeAbruptly(_ channel: any Channel) {
        channel.eventLoop.execute {
            if let context = try? channel.pipeline.syncOperations.context(handlerType: ReadActivityHandler.self) {
                context.close(promise: nil)
            } else {
                channel.close(promise: nil)
            }
        }
    }
}
