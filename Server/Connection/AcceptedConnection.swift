import GorillaTransport
import NIOConcurrencyHelpers
import NIOCore

/// An accepted connection: its channel, what its event loop may answer alone, the close that awaits it unless it says
/// `hello` in time, the count of its unsent replies, and whether a request of it is being worked on.
///
/// One dropped unserved (a shutdown drops those the listener had accepted but not handed over) is closed through its
/// async wrapper, which must be finished before it is released or the process stops.
final class AcceptedConnection: Sendable {
    private let wrapped: NIOAsyncChannel<LineFrame, ByteBuffer>
    let shortcut: PollShortcut
    let helloDeadline: HelloDeadline
    let backlog: ReplyBacklog
    let work: RequestInProgress
    private let served = NIOLockedValueBox(false)

    init(
        channel: NIOAsyncChannel<LineFrame, ByteBuffer>, shortcut: PollShortcut, helloDeadline: HelloDeadline,
        backlog: ReplyBacklog, work: RequestInProgress
    ) {
        wrapped = channel
        self.shortcut = shortcut
        self.helloDeadline = helloDeadline
        self.backlog = backlog
        self.work = work
    }

    /// The connection's channel (its address, its event loop).
    var channel: any Channel { wrapped.channel }

    /// Serves the connection: `body` with its lines in and its writer out; then it is closed.
    func executeThenClose<Result>(
        _ body: (NIOAsyncChannelInboundStream<LineFrame>, NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws
            -> Result
    ) async throws -> Result {
        served.withLockedValue { $0 = true }
        return try await wrapped.executeThenClose(body)
    }

    deinit {
        guard !served.withLockedValue({ $0 }) else { return }
        let wrapped = wrapped
        Task { try? await wrapped.executeThenClose { _, _ in } }
    }
}
