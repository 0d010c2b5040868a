import Foundation
import GorillaTransport
import NIOCore
import NIOPosix
import NIOSSL

/// The physical limit of a request/response on loopback: a bare NIO TLS server with the product's TLS
/// configuration builders and line framing that answers every line at once, with no JSON, routing or database.
///
/// It answers each line with the same bytes, padded with spaces to `replyLength` (the size of the real reply),
/// so that both directions carry as many bytes as the real exchange.
final class EchoServer: Sendable {
    let port: Int
    private let listener: any Channel
    private let task: Task<Void, any Error>

    private init(port: Int, listener: any Channel, task: Task<Void, any Error>) {
        self.port = port
        self.listener = listener
        self.task = task
    }

    static func start(certificatePath: String, keyPath: String, replyLength: Int) async throws -> EchoServer {
        let sslContext = try TLSConfigurations.server(certificatePEMFile: certificatePath, keyPEMFile: keyPath)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(NIOSSLServerHandler(context: sslContext))
                    try sync.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                    return try NIOAsyncChannel<LineFrame, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let port = listener.channel.localAddress?.port ?? 0
        let channel = listener.channel
        let task = Task {
            try await withThrowingDiscardingTaskGroup { group in
                try await listener.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask {
                            try? await connection.executeThenClose { input, output in
                                for try await frame in input {
                                    guard case .line(var line) = frame else { return }
                                    var reply = ByteBuffer()
                                    reply.reserveCapacity(max(replyLength, line.readableBytes) + 1)
                                    reply.writeBuffer(&line)
                                    if reply.readableBytes < replyLength {
                                        reply.writeRepeatingByte(
                                            UInt8(ascii: " "), count: replyLength - reply.readableBytes)
                                    }
                                    reply.writeInteger(UInt8(ascii: "\n"))
                                    try await output.write(reply)
                                }
                            }
                        }
                    }
                }
            }
        }
        return EchoServer(port: port, listener: channel, task: task)
    }

    func stop() {
        listener.close(promise: nil)
        task.cancel()
    }

    /// Round trips of one `requestLength`-byte line on one TLS connection, in milliseconds (after `warmUp` unmeasured ones).
    static func roundTrips(
        port: Int, fingerprint: String, requestLength: Int, samples: Int, warmUp: Int
    ) async throws -> [Double] {
        var line = [UInt8](repeating: UInt8(ascii: "x"), count: max(requestLength - 1, 1))
        line.append(UInt8(ascii: "\n"))
        return try await RawLineClient.roundTrips(
            port: port, fingerprint: fingerprint, setup: [], request: line,
            samples: samples, warmUp: warmUp)
    }
}

/// A bare TLS line client (the product's TLS builders and framing, nothing else): sends `setup` lines, each answered
/// by one line, then times `samples` round trips of `request`. Used against the echo server and, for breakdowns,
/// against the real server (where it shows the server's share of a round trip without the client library).
enum RawLineClient {
    static func roundTrips(
        port: Int, fingerprint: String, setup: [[UInt8]], request: [UInt8], samples: Int,
        warmUp: Int
    ) async throws -> [Double] {
        let replies = try await exchange(
            port: port, fingerprint: fingerprint, setup: setup,
            requests: Array(repeating: request, count: warmUp + samples))
        return replies.dropFirst(warmUp).map { $0.duration.milliseconds }
    }

    /// Sends `setup`, then each of `requests` in turn; returns each reply line (without its newline) and its round trip.
    static func exchange(
        port: Int, fingerprint: String, setup: [[UInt8]], requests: [[UInt8]]
    ) async throws -> [(line: [UInt8], duration: Duration)] {
        let verifier = PinnedCertificateVerifier(pinned: fingerprint)
        let sslContext = try TLSConfigurations.pinnedClient()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(verifier.makeHandler(context: sslContext, serverHostname: nil))
                    try sync.addHandler(ByteToMessageHandler(LineFrameDecoder(maximumLength: 64 << 20)))
                    return try NIOAsyncChannel<LineFrame, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            for line in setup {
                try await outbound.write(ByteBuffer(bytes: line))
                guard case .line? = try await iterator.next() else {
                    throw BenchError("the peer closed the connection")
                }
            }
            var replies: [(line: [UInt8], duration: Duration)] = []
            replies.reserveCapacity(requests.count)
            for request in requests {
                let start = ContinuousClock.now
                try await outbound.write(ByteBuffer(bytes: request))
                guard case .line(let reply)? = try await iterator.next() else {
                    throw BenchError("the peer closed the connection")
                }
                let elapsed = ContinuousClock.now - start
                replies.append((Array(reply.readableBytesView), elapsed))
            }
            return replies
        }
    }
}
