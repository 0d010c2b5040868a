import GorillaShared
import NIOConcurrencyHelpers
import NIOCore

/// One subscribed connection's live pushes waiting for its writer, bounded in count and in bytes.
///
/// Fan-out only appends here and never waits (``offer(_:)``). When the writer falls behind, so that the queue would
/// pass ``maxCount`` pushes or ``maxBytes`` bytes, every queued push is dropped and the peer gets one `resync` push
/// instead, as soon as its writer is free: it pulls to catch up (docs/sync.md, "Live pushes"). Until the writer takes that push,
/// later ones are dropped as well, so a peer that never reads holds nothing here. The lines are encoded once and shared
/// by every subscriber they go to (a `ByteBuffer` is copied only on write).
///
/// - Important: Filled by ``LiveRegistry`` from any task and emptied by the connection's writer task; behind a lock.
final class LiveQueue: Sendable {
    /// Most pushes that wait for one connection.
    static let maxCount = 256
    /// Most bytes of pushes that wait for one connection.
    static let maxBytes = 256 * 1024
    /// Most bytes handed to the connection at once: the rest wait here, shared with the other subscribers, rather than
    /// in the connection's own encrypted buffers.
    static let maxBatchBytes = 16 * 1024

    /// What the writer writes next, and whether the connection closes after it.
    struct Batch {
        var lines: [ByteBuffer]
        var closes = false
    }

    private struct State {
        var lines = CircularBuffer<ByteBuffer>()
        var bytes = 0
        /// Pushes were dropped since the writer last took the queue: the next thing it writes is a `resync` push.
        var behind = false
        /// The last line before the connection closes (its token was revoked); taken once.
        var last: ByteBuffer?
        var ended = false
        var waiter: CheckedContinuation<Void, Never>?
        /// The connection, once its writer runs, so that an ending can close it.
        var channel: (any Channel)?

        var ready: Bool { ended || last != nil || behind || !lines.isEmpty }

        mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
            defer { waiter = nil }
            return waiter
        }
    }

    private let state = NIOLockedValueBox(State())

    /// Queues `line` unless the connection is behind; never waits.
    func offer(_ line: ByteBuffer) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard !state.ended, state.last == nil, !state.behind else { return nil }
            if state.lines.count >= Self.maxCount || state.bytes + line.readableBytes > Self.maxBytes {
                state.lines = CircularBuffer()
                state.bytes = 0
                state.behind = true
            } else {
                state.lines.append(line)
                state.bytes += line.readableBytes
            }
            return state.takeWaiter()
        }
        waiter?.resume()
    }

    /// Whether pushes were dropped and the `resync` push is not yet taken (for tests).
    var isBehind: Bool { state.withLockedValue { $0.behind } }

    /// Bytes of pushes waiting (for tests).
    var queuedBytes: Int { state.withLockedValue { $0.bytes } }

    /// The connection the queue's pushes go to; an ending closes it (``end(with:)``).
    func attach(_ channel: any Channel) {
        let ending = state.withLockedValue { state -> Bool in
            state.channel = channel
            return state.last != nil
        }
        if ending { Self.close(channel) }
    }

    private static func close(_ channel: any Channel) {
        channel.eventLoop.scheduleTask(in: closeGrace) { channel.close(promise: nil) }
    }

    /// Drops what waits and ends the queue. With `last`, the writer writes that line, and the connection closes a
    /// moment later, whether or not the peer read it.
    func end(with last: ByteBuffer? = nil) {
        let (waiter, channel) = state.withLockedValue { state -> (CheckedContinuation<Void, Never>?, (any Channel)?) in
            guard !state.ended, state.last == nil else { return (nil, nil) }
            state.lines = CircularBuffer()
            state.bytes = 0
            if let last { state.last = last } else { state.ended = true }
            return (state.takeWaiter(), last == nil ? nil : state.channel)
        }
        waiter?.resume()
        if let channel { Self.close(channel) }
    }

    /// How long a connection whose token was revoked has to take its last line before it is closed.
    static let closeGrace = TimeAmount.milliseconds(500)

    /// What to write next, once there is something; nil once the queue ended or the task is cancelled.
    func next() async -> Batch? {
        while true {
            let batch = state.withLockedValue { state -> Batch?? in
                if let last = state.last {
                    state.last = nil
                    state.ended = true
                    return Batch(lines: [last], closes: true)
                }
                if state.ended { return .some(nil) }
                if state.behind {
                    state.behind = false
                    return Batch(lines: [Self.resyncLine()])
                }
                guard !state.lines.isEmpty else { return nil }
                var batch = Batch(lines: [])
                var bytes = 0
                while let line = state.lines.first,
                    batch.lines.isEmpty || bytes + line.readableBytes <= Self.maxBatchBytes
                {
                    batch.lines.append(state.lines.removeFirst())
                    bytes += line.readableBytes
                }
                state.bytes -= bytes
                if state.lines.isEmpty { state.lines = CircularBuffer() }
                return batch
            }
            if let batch { return batch }
            if Task.isCancelled { return nil }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                    let ready = state.withLockedValue { state -> Bool in
                        if state.ready || Task.isCancelled { return true }
                        state.waiter = waiter
                        return false
                    }
                    if ready { waiter.resume() }
                }
            } onCancel: {
                state.withLockedValue { $0.takeWaiter() }?.resume()
            }
        }
    }

    /// The push that tells a connection it missed some: `{"event":"resync","result":0,"time":…,"value":{}}`.
    static func resyncLine() -> ByteBuffer {
        ConnectionHandler.encode(
            WireResponse(event: LiveEvents.resync, value: [String: Int]()), with: WireCoding.encoder)
    }
}

/// The names of the live pushes (docs/protocol.md, section 5).
enum LiveEvents {
    static let message = "message"
    static let event = "event"
    /// Pushes were dropped because the connection did not read them in time: pull to catch up.
    static let resync = "resync"
}
