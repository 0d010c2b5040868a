import NIOConcurrencyHelpers
import NIOCore

/// Closes a connection that has not completed its TLS handshake and its `hello` within `timeout` of being accepted.
///
/// Nothing else the peer sends in the meantime (blank lines, requests refused for want of `hello`) moves the deadline, so
/// a connection cannot hold a slot without saying who it is. The connection's task calls ``HelloDeadline/met()``.
final class HelloTimeoutHandler: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    private let timeout: TimeAmount
    private let deadline: HelloDeadline

    init(timeout: TimeAmount, deadline: HelloDeadline) {
        self.timeout = timeout
        self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        schedule(context)
        context.fireChannelActive()
    }

    private func schedule(_ context: ChannelHandlerContext) {
        let channel = context.channel
        deadline.arm { channel.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) } }
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline.met()
        context.fireChannelInactive()
    }
}

/// The pending close of a connection that has not said `hello` yet.
///
/// - Important: Armed on the connection's event loop, met from its task; the state is behind a lock.
final class HelloDeadline: Sendable {
    private struct State {
        var close: Scheduled<Void>?
        var met = false
    }

    private let state = NIOLockedValueBox(State())

    /// Schedules the close with `schedule`, once, unless the deadline was met already.
    func arm(_ schedule: () -> Scheduled<Void>) {
        state.withLockedValue { state in
            guard state.close == nil, !state.met else { return }
            state.close = schedule()
        }
    }

    /// `hello` succeeded (or the connection closed): the close is called off.
    func met() {
        let close = state.withLockedValue { state -> Scheduled<Void>? in
            let close = state.close
            state.met = true
            state.close = nil
            return close
        }
        close?.cancel()
    }
}

/// Closes a connection when an `IdleStateHandler` before it reports that the peer went quiet, unless the server is
/// still working on one of its requests: a slow answer (a password hashed on a loaded machine) is not the peer's idle
/// time. The handler reports again a timeout later, so a connection left quiet after its answer still closes.
final class IdleCloseHandler: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    private let work: RequestInProgress

    init(work: RequestInProgress) { self.work = work }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if !work.isActive { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}

/// Whether the connection's task is working on a request (from reading it to writing its answer), which its idle timeout
/// does not count.
///
/// - Important: Set by the connection's task, read on its event loop; the flag is behind a lock.
final class RequestInProgress: Sendable {
    private let active = NIOLockedValueBox(false)

    var isActive: Bool { active.withLockedValue { $0 } }

    /// Runs `body` as work on a request.
    func during<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        active.withLockedValue { $0 = true }
        defer { active.withLockedValue { $0 = false } }
        return try await body()
    }
}
