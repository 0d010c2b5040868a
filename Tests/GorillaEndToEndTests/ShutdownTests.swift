import Foundation
import GorillaTesting
import Testing

/// A server asked to stop (SIGTERM) while connections wait in its accept queue: each is closed, the process exits
/// cleanly, and the next start finds nothing to recover.
@Suite(.hangLimit)
struct ShutdownTests {
    @Test func aServerStoppedWithConnectionsWaitingToBeAcceptedExitsCleanly() async throws {
        try await withServerProcess { server in
            server.suspend()
            // The kernel completes these while the server is frozen; it accepts them as it stops.
            let waiting = try (0..<40).map { _ in try WaitingConnection(port: server.port) }
            let exit = try #require(await server.terminate())
            #expect(exit.status == 0 && !exit.signaled, "\(exit): \(server.log.suffix(3000))")
            #expect(!server.log.contains("Fatal error"), "\(server.log.suffix(3000))")
            withExtendedLifetime(waiting) {}

            try await server.start()
            #expect(!server.log.contains("did not stop cleanly"), "\(server.log.suffix(3000))")
        }
    }
}
