import Foundation
import GorillaTransport
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

/// An abuser's connection for the abuse scenario: it binds its own loopback source address (the server sees another
/// peer), sends a line and takes the reply's bytes without framing or parsing them, so that the abuse costs the
/// benchmark little besides the server's work.
final class AbuseConnection {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    private init(
        inbound: NIOAsyncChannelInboundStream<ByteBuffer>, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
    }

    /// One reply: how many bytes it had, and its first ``Reply/headLength`` bytes as text.
    struct Reply {
        static let headLength = 512
        var count: Int
        var head: String
    }

    /// Sends `line` (ending in a newline) and reads until the end of its one reply.
    func exchange(_ line: [UInt8]) async throws -> Reply {
        try await outbound.write(ByteBuffer(bytes: line))
        var count = 0
        var head: [UInt8] = []
        while let chunk = try await inbound.next() {
            count += chunk.readableBytes
            if head.count < Reply.headLength { head += chunk.readableBytesView.prefix(Reply.headLength - head.count) }
            let ended = chunk.withUnsafeReadableBytes { bytes in
                bytes.baseAddress.map { memchr($0, 0x0A, bytes.count) != nil } ?? false
            }
            if ended { return Reply(count: count, head: String(decoding: head, as: UTF8.self)) }
        }
        throw BenchError("the server closed an abuser's connection")
    }

    /// Sends `line` without reading anything (a subscriber that stopped reading).
    func send(_ line: [UInt8]) async throws {
        try await outbound.write(ByteBuffer(bytes: line))
    }

    /// Opens a TLS connection (pinned to `fingerprint`) from `source` to `127.0.0.1:port` on `group`, and runs `body`.
    static func with(
        port: Int, fingerprint: String, from source: String, on group: any EventLoopGroup,
        _ body: (AbuseConnection) async throws -> Void
    ) async throws {
        let verifier = PinnedCertificateVerifier(pinned: fingerprint)
        let context = try TLSConfigurations.pinnedClient()
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(10))
            .bind(to: try SocketAddress(ipAddress: source, port: 0))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        verifier.makeHandler(context: context, serverHostname: nil))
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            try await body(AbuseConnection(inbound: inbound, outbound: outbound))
        }
    }

    /// One event-loop thread at a low priority (nice 10), where the abusers' own reading runs, as another program's
    /// would: the benchmark's abusers must not take the processors the normal clients and the server need.
    static func nicedGroup() async throws -> MultiThreadedEventLoopGroup {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        try await group.next().submit { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }.get()
        return group
    }
}

/// Runs tasks on one event loop (the abusers' niced thread): with it as their task executor preference, the abusers'
/// own work (building corrections, reading megabytes of replies) stays off the cooperative pool where the normal
/// clients' tasks run, as another program's would.
final class EventLoopTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
