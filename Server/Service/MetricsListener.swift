import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// The operator's plain-HTTP listener (`--metrics HOST:PORT`): one request per connection, answered by
/// ``OperatorEndpoints`` and closed.
///
/// Bounded so that a slow or hostile scraper can neither hold memory nor slow the TLS server: at most
/// ``maxConnections`` at once (more are closed unanswered), each closed ``deadline`` after it was accepted whatever it is
/// doing, request heads of at most 80 KiB (NIO's decoder), bodies read and dropped, and the work done off the event
/// loops.
struct MetricsListener: Sendable {
    /// Connections served at once.
    static let maxConnections = 8
    /// Longest one connection stays open.
    static let deadline: TimeAmount = .seconds(10)

    let channel: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>

    /// The port it listens on.
    var port: Int? { channel.channel.localAddress?.port }

    /// Binds `address`; nothing is served until ``serve(_:logger:)``.
    static func bind(_ address: ListenAddress) async throws -> MetricsListener {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 32)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: address.host, port: address.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    let deadline = channel.eventLoop.scheduleTask(in: Self.deadline) { channel.close(promise: nil) }
                    // A connection closed early is forgotten at once, not held until its deadline.
                    channel.closeFuture.whenComplete { _ in deadline.cancel() }
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return MetricsListener(channel: channel)
    }

    /// Answers requests with `endpoints` until cancelled.
    func serve(_ endpoints: OperatorEndpoints, logger: Logger) async {
        let open = NIOLockedValueBox(0)
        do {
            try await withThrowingDiscardingTaskGroup { group in
                try await channel.executeThenClose { inbound in
                    for try await connection in inbound {
                        let admitted = open.withLockedValue { count in
                            guard count < Self.maxConnections else { return false }
                            count += 1
                            return true
                        }
                        guard admitted else {
                            group.addTask { try? await connection.executeThenClose { _, _ in } }
                            continue
                        }
                        group.addTask {
                            defer { open.withLockedValue { $0 -= 1 } }
                            do {
                                try await Self.answer(connection, endpoints)
                            } catch {
                                logger.debug("metrics connection ended", metadata: ["reason": "\(error)"])
                            }
                        }
                    }
                }
            }
        } catch {
            if !(error is CancellationError) {
                logger.warning("the metrics listener stopped", metadata: ["reason": "\(error)"])
            }
        }
    }

    /// Reads one request (its body dropped) and writes its answer.
    private static func answer(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, _ endpoints: OperatorEndpoints
    ) async throws {
        try await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            for try await part in inbound {
                switch part {
                case .head(let received): head = received
                case .body: continue
                case .end:
                    guard let head else { return }
                    let reply = await endpoints.reply(method: head.method, uri: head.uri)
                    var headers = HTTPHeaders()
                    headers.add(name: "Content-Type", value: reply.contentType)
                    headers.add(name: "Content-Length", value: String(reply.body.count))
                    headers.add(name: "Connection", value: "close")
                    try await outbound.write(
                        .head(HTTPResponseHead(version: head.version, status: reply.status, headers: headers)))
                    if head.method != .HEAD {
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: reply.body))))
                    }
                    try await outbound.write(.end(nil))
                    return
                }
            }
        }
    }
}
