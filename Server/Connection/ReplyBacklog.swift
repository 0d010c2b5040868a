import NIOConcurrencyHelpers
import NIOCore

/// The bytes of a connection's replies that its task has written and the socket has not yet taken.
///
/// The task waits for them to drain (``waitUntilSent()``) before it serves the next request, so that a peer that sends
/// requests without reading the replies stops the work itself, not only the writes: the server holds at most one
/// unsent reply per connection (a pull page, a media chunk), whatever the peer pipelines.
///
/// - Important: Counted up by the connection's task, down on its event loop (``ReplyBacklogHandler``); behind a lock.
final class ReplyBacklog: Sendable {
    /// The task goes on while at most this many bytes wait: small replies never stop it.
    static let resumeAtOrBelow = 64 * 1024

    private struct State {
        var bytes = 0
        var closed = false
        /// Tasks waiting for the replies to drain, by ticket.
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextTicket = 0
    }

    private let state = NIOLockedValueBox(State())

    /// Bytes written by the task that the socket has not taken yet.
    var unsentBytes: Int { state.withLockedValue { $0.bytes } }

    /// Whether a reply written now would be read: the connection is open and its earlier replies (nearly) went.
    var isReadable: Bool { state.withLockedValue { !$0.closed && $0.bytes <= Self.resumeAtOrBelow } }

    /// Writes `buffer` through `outbound`, counting it until the socket has it.
    func write(_ buffer: ByteBuffer, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws {
        state.withLockedValue { $0.bytes += buffer.readableBytes }
        try await outbound.write(buffer)
    }

    /// Writes `buffers` through `outbound` in one go, counting them until the socket has them.
    func write(_ buffers: [ByteBuffer], to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws {
        state.withLockedValue { $0.bytes += buffers.reduce(0) { $0 + $1.readableBytes } }
        try await outbound.write(contentsOf: buffers)
    }

    /// Returns once at most ``resumeAtOrBelow`` bytes are unsent, the connection closed, or the task is cancelled
    /// (a graceful shutdown must not wait for a peer that stopped reading).
    func waitUntilSent() async {
        if state.withLockedValue({ $0.closed || $0.bytes <= Self.resumeAtOrBelow }) { return }
        let ticket = state.withLockedValue { state -> Int in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ready = state.withLockedValue { state -> Bool in
                    if state.closed || state.bytes <= Self.resumeAtOrBelow || Task.isCancelled { return true }
                    state.waiters[ticket] = waiter
                    return false
                }
                if ready { waiter.resume() }
            }
        } onCancel: {
            state.withLockedValue { $0.waiters.removeValue(forKey: ticket) }?.resume()
        }
    }

    /// The socket took `count` bytes (or the write failed).
    fileprivate func sent(_ count: Int) {
        let ready = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.bytes -= count
            guard state.bytes <= Self.resumeAtOrBelow else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in ready { waiter.resume() }
    }

    fileprivate func close() {
        let waiting = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.closed = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.resume() }
    }
}

/// Tells a ``ReplyBacklog`` when the socket took each reply the connection's task wrote. It sits just before the task's
/// end of the pipeline, so the answers ``PollResponder`` writes on the loop (small, and never counted up) pass it by.
final class ReplyBacklogHandler: ChannelDuplexHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let backlog: ReplyBacklog

    init(backlog: ReplyBacklog) { self.backlog = backlog }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let count = unwrapOutboundIn(data).readableBytes
        let promise = promise ?? context.eventLoop.makePromise()
        let backlog = self.backlog
        promise.futureResult.whenComplete { _ in backlog.sent(count) }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        backlog.close()
        context.fireChannelInactive()
    }
}
