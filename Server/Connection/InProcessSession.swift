import Foundation
import GorillaShared
import Logging
import NIOCore
import NIOPosix

/// One connection's request handling without a network: lines in, response lines out.
///
/// For fuzzing and benchmarks; the same router, store and limits as a TLS connection.
/// - Important: Not thread-safe; use it from one task.
public final class InProcessSession {
    private let router: RequestRouter
    private var state: ConnectionState
    private let encoder = WireCoding.encoder

    public init(
        store: ServerStore, configuration: ServerConfiguration, address: String = "in-process",
        logger: Logger = Logger(label: "gorilla-in-process")
    ) {
        let context = ServerContext(
            store: store, configuration: configuration, logger: logger, passwordPool: .singleton)
        self.router = RequestRouter(context: context)
        self.state = ConnectionState(
            address: address, requestsPerSecond: configuration.requestsPerSecond, clock: configuration.clock)
    }

    /// Answers one request line (without its newline) with one response line (without its newline).
    public func respond(to line: [UInt8]) async -> [UInt8] {
        let response = await router.respond(to: line, state: &state)
        return Array(ConnectionHandler.encode(response, with: encoder).readableBytesView.dropLast())
    }
}
