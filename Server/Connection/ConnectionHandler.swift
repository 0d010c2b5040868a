import Foundation
import GorillaShared
import GorillaTransport
import Logging
import NIOCore

/// Serves one TLS connection: reads request lines in order and writes one response line for each;
/// once the connection subscribes, a second task writes live pushes between responses (from its ``LiveQueue``). A
/// request is read only once the earlier replies have (nearly) gone to the socket (``ReplyBacklog``).
struct ConnectionHandler: Sendable {
    let router: RequestRouter
    let context: ServerContext

    func run(_ connection: AcceptedConnection, address: String) async {
        var subscriber: (UUID, Int)?
        let backlog = connection.backlog
        let connectionID = UUID()
        do {
            try await connection.executeThenClose { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    var state = ConnectionState(
                        address: address, shortcut: connection.shortcut, id: connectionID, backlog: backlog)
                    let encoder = WireCoding.encoder
                    var helloMet = false
                    defer { group.cancelAll() }
                    for try await frame in inbound {
                        switch frame {
                        case .line(let buffer):
                            let bytes = Array(buffer.readableBytesView)
                            if Self.isBlank(bytes) {
                                // Ignored, without a response; but it keeps the connection from its idle timeout only
                                // while its session holds (docs/security.md, section 13).
                                if await state.sessionHolds(in: context.store, clock: context.configuration.clock) {
                                    continue
                                }
                                try await backlog.write(
                                    LiveRegistry.revokedLine(in: state.language), to: outbound)
                                return
                            }
                            // No new work while the peer leaves earlier replies unread; a shutdown ends the wait.
                            await backlog.waitUntilSent()
                            try Task.checkCancellation()
                            try await connection.work.during {
                                let response = await router.respond(to: bytes, state: &state)
                                if state.helloDone, !helloMet {
                                    helloMet = true
                                    connection.helloDeadline.met()
                                }
                                try await backlog.write(Self.encode(response, with: encoder), to: outbound)
                            }
                            if let subscription = state.subscription, !state.subscriptionStarted {
                                state.subscriptionStarted = true
                                subscriber = (subscription.user, subscription.token)
                                let queue = subscription.queue
                                queue.attach(connection.channel)
                                group.addTask {
                                    // One batch (at most 16 KiB) at a time: while it waits for the peer, new pushes
                                    // wait in the bounded queue, not in the connection's buffers (``LiveQueue``).
                                    while let batch = await queue.next() {
                                        try await backlog.write(batch.lines, to: outbound)
                                        if batch.closes { return }
                                    }
                                }
                            }
                        case .tooLong:
                            let error = ServerError(
                                .lineTooLong, "at most \(context.configuration.maxLineLength) bytes")
                            let response = WireResponse(id: nil, payload: .error(error.wire(in: state.language)))
                            try await backlog.write(Self.encode(response, with: encoder), to: outbound)
                            return
                        }
                    }
                }
            }
        } catch {
            context.logger.debug("connection ended", metadata: ["peer": "\(address)", "reason": "\(error)"])
        }
        if let (user, token) = subscriber {
            await context.live.unsubscribe(user: user, token: token)
        }
        await context.uploads.discard(connection: connectionID)
    }

    /// Whether a line is blank (spaces and tabs only): such a line is ignored, without a response. ``PollResponder``
    /// must agree, since it counts the responses the task owes.
    static func isBlank(_ line: some Sequence<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Encodes a response as one line.
    static func encode(_ response: WireResponse, with encoder: JSONEncoder) -> ByteBuffer {
        if response.event == nil, case .value(let value) = response.payload, let raw = value as? RawJSONValue {
            return valueLine(id: response.id, value: raw.bytes, time: response.time)
        }
        var data = (try? encoder.encode(response)) ?? Data(#"{"result":500}"#.utf8)
        data.append(UInt8(ascii: "\n"))
        return ByteBuffer(bytes: data)
    }

    /// A success whose value is JSON already written, as the encoder would write it (keys in order):
    /// `{"id":N,"result":0,"time":"…","value":…}` and a newline.
    static func valueLine(
        id: Int?, value: [UInt8], time: Date,
        allocator: ByteBufferAllocator = ByteBufferAllocator()
    ) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: value.count + 96)
        buffer.writeString(#"{"id":"#)
        buffer.writeString(id.map(String.init) ?? "null")
        buffer.writeString(#","result":0,"time":""#)
        buffer.writeString(ISOTime.format(time))
        buffer.writeString(#"","value":"#)
        buffer.writeBytes(value)
        buffer.writeString("}\n")
        return buffer
    }
}
