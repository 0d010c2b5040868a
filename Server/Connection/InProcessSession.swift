import Foundation
import GorillaShared
import Logging
import NIOCore
import NIOPosix

/// A server without a network: what its connections share (the store, the rate limiters, the live registry), from
/// which ``InProcessSession``s are opened as connections would be.
package final class InProcessServer: Sendable {
    private let router: RequestRouter
    private let configuration: ServerConfiguration

    package init(
        store: ServerStore, configuration: ServerConfiguration, logger: Logger = Logger(label: "gorilla-in-process")
    ) {
        let context = ServerContext(
            store: store, configuration: configuration, logger: logger, passwordPool: .singleton)
        router = RequestRouter(context: context)
        self.configuration = configuration
    }

    /// A new session, as a new connection from `address` would be.
    package func session(address: String = "in-process") -> InProcessSession {
        InProcessSession(router: router, configuration: configuration, address: address)
    }
}

/// One connection's request handling without a network: lines in, response lines out.
///
/// For fuzzing, benchmarks and tests; the same router, store and limits as a TLS connection.
/// - Important: Not thread-safe; use it from one task.
package final class InProcessSession {
    private let router: RequestRouter
    private var state: ConnectionState
    private let encoder = WireCoding.encoder

    /// A session of a server of its own (``InProcessServer``) on `store`.
    package convenience init(
        store: ServerStore, configuration: ServerConfiguration, address: String = "in-process",
        logger: Logger = Logger(label: "gorilla-in-process")
    ) {
        let context = ServerContext(
            store: store, configuration: configuration, logger: logger, passwordPool: .singleton)
        self.init(router: RequestRouter(context: context), configuration: configuration, address: address)
    }

    fileprivate init(router: RequestRouter, configuration: ServerConfiguration, address: String) {
        self.router = router
        self.state = ConnectionState(
            address: address, requestsPerSecond: configuration.requestsPerSecond, clock: configuration.clock)
    }

    /// Answers one request line (without its newline) with one response line (without its newline).
    package func respond(to line: [UInt8]) async -> [UInt8] {
        let response = await router.respond(to: line, state: &state)
        return Array(ConnectionHandler.encode(response, with: encoder).readableBytesView.dropLast())
    }
}
