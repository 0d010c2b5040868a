import Foundation
import GorillaShared
import GorillaTransport
import NIOConcurrencyHelpers
import NIOCore

/// What a connection's event loop may answer without waking the connection's task: a repeated `sync.updated`.
///
/// Devices poll `sync.updated` with the same cursor while nothing changes, and that is most of what a server with many
/// idle devices does. The task leaves here the answer it gave (``RequestRouter/updated(_:state:)``) with the
/// conditions under which it stands; ``PollResponder`` answers a repeat of it on the loop while they hold. The
/// connection's request-rate bucket lives here too, so that both paths draw from the same one.
final class PollShortcut: Sendable {
    /// An answer and when it stands: the same cursor, no data written (``StoreEpochs/data``), no account or token
    /// changed (``StoreEpochs/accounts``), and not after `until` (the reuse interval, the token's next check, its expiry).
    struct Answer: Sendable {
        var since: Int64
        var dataEpoch: UInt64
        var accountsEpoch: UInt64
        var until: Date
        /// The reply's `value` as JSON.
        var value: [UInt8]
    }

    private struct State {
        var bucket: TokenBucket
        var answer: Answer?
        /// Set for good once the connection subscribes: live pushes then share the connection's writes.
        var disabled = false
    }

    private let state: NIOLockedValueBox<State>
    /// Where "now" is read when a caller does not say (the server's ``ServerConfiguration/clock``).
    private let clock: TimeSource

    init(requestsPerSecond: Double, clock: TimeSource = .system) {
        self.clock = clock
        state = NIOLockedValueBox(
            State(bucket: TokenBucket(rate: requestsPerSecond, burst: requestsPerSecond * 2, now: clock.now)))
    }

    /// Takes a token from the connection's request-rate bucket, if it has one.
    func takeToken(now: Date? = nil) -> Bool {
        let now = now ?? clock.now
        return state.withLockedValue { $0.bucket.take(now: now) }
    }

    func keep(_ answer: Answer) {
        state.withLockedValue { if !$0.disabled { $0.answer = answer } }
    }

    func forget() {
        state.withLockedValue { $0.answer = nil }
    }

    /// No more answers on the loop for this connection, for good: live pushes are written through ``PollResponder``
    /// too, so its count of responses no longer tells whether the task owes one.
    func disable() {
        state.withLockedValue {
            $0.disabled = true
            $0.answer = nil
        }
    }

    /// Whether there is an answer to repeat (a cheap look before a line is read).
    var hasAnswer: Bool {
        state.withLockedValue { $0.answer != nil }
    }

    /// The value to answer a poll from `since` with, taking a rate token; nil when the task must answer.
    func value(since: Int64, epochs: StoreEpochs, now: Date? = nil) -> [UInt8]? {
        let now = now ?? clock.now
        let data = epochs.data, accounts = epochs.accounts
        return state.withLockedValue { state -> [UInt8]? in
            guard let answer = state.answer, answer.since == since, answer.dataEpoch == data,
                answer.accountsEpoch == accounts,
                now < answer.until
            else { return nil }
            // An empty bucket goes to the task, which answers "rate limited" the usual way.
            guard state.bucket.take(now: now) else { return nil }
            return answer.value
        }
    }
}

/// Answers a repeated `sync.updated` on the event loop from the connection's ``PollShortcut``, in order: only when
/// every line passed on to the task has had its response written, so that no answer overtakes an earlier one.
/// Everything else goes on to the task unchanged.
package final class PollResponder: ChannelDuplexHandler {
    package typealias InboundIn = LineFrame
    package typealias InboundOut = LineFrame
    package typealias OutboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    /// A poll is about 60 bytes; longer lines are not read here, so that a hostile one costs the loop nothing.
    static let longestPoll = 256

    private let shortcut: PollShortcut
    private let epochs: StoreEpochs
    private let onAnswer: (@Sendable () -> Void)?
    /// Lines passed on to the task, and responses it wrote: equal when it has nothing left to answer.
    private var passedOn = 0
    private var written = 0
    private var unflushed = false

    init(shortcut: PollShortcut, epochs: StoreEpochs, onAnswer: (@Sendable () -> Void)? = nil) {
        self.shortcut = shortcut
        self.epochs = epochs
        self.onAnswer = onAnswer
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if case .line(let line) = frame {
            if ConnectionHandler.isBlank(line.readableBytesView) {
                // Blank: the task ignores it without a response.
                context.fireChannelRead(data)
                return
            }
            if passedOn == written, line.readableBytes <= Self.longestPoll, context.channel.isWritable,
                shortcut.hasAnswer,
                let poll = Self.poll(line), let value = shortcut.value(since: max(0, poll.since), epochs: epochs)
            {
                let response = ConnectionHandler.valueLine(
                    id: poll.id, value: value, time: Date(), allocator: context.channel.allocator)
                context.write(wrapOutboundOut(response), promise: nil)
                unflushed = true
                onAnswer?()
                return
            }
        }
        passedOn += 1
        context.fireChannelRead(data)
    }

    package func channelReadComplete(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        written += 1
        context.write(data, promise: promise)
    }

    /// `{"id": N, "op": "sync.updated", "body": {"since": N}}` in any order and spacing, with plain integers and nothing
    /// else; nil for any other line (the task then reads it and answers whatever it is).
    package static func poll(_ line: ByteBuffer) -> (id: Int, since: Int64)? {
        var id: Int?, since: Int64?, isPoll = false
        let read: Bool? = line.withUnsafeReadableBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return try? FastJSON.withParser(bytes, maxDepth: 3) { parser in
                try parser.members { key, parser in
                    switch key {
                    case "id" where id == nil:
                        id = Int(parser.text(try parser.skipValue()))
                        if id == nil { throw NotAPoll() }
                    case "op" where !isPoll:
                        guard case .string(Operation.syncUpdated.rawValue) = try parser.value() else {
                            throw NotAPoll()
                        }
                        isPoll = true
                    case "body" where since == nil:
                        try parser.members { key, parser in
                            guard key == "since", since == nil, let value = Int64(parser.text(try parser.skipValue()))
                            else {
                                throw NotAPoll()
                            }
                            since = value
                        }
                        if since == nil { throw NotAPoll() }
                    default: throw NotAPoll()
                    }
                }
                return true
            }
        }
        guard read == true, isPoll, let id, let since else { return nil }
        return (id, since)
    }

    private struct NotAPoll: Error {}
}
