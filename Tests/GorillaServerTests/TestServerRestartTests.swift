import Foundation
import GorillaTesting
import NIOConcurrencyHelpers
import Testing

/// A test server restarting on its port while something else holds it (``PortHolders/restarting(on:whileTaken:_:)``).
@Suite(.hangLimit)
struct TestServerRestartTests {
    /// Another socket listens on the stopped server's port for a second: the restart waits for it and then starts on
    /// that same port, where a client is served.
    @Test func aRestartWaitsUntilItsPortIsFreeAndStartsOnIt() async throws {
        try await withTestServer { server in
            let port = server.port
            await server.stop()
            let holder = NIOLockedValueBox<SilentListener?>(try SilentListener(port: port))
            let clock = ContinuousClock()
            let started = clock.now
            let release = Task {
                try await Task.sleep(for: .seconds(1))
                holder.withLockedValue { $0 = nil }
            }
            try await server.start()
            try await release.value
            #expect(clock.now - started >= .seconds(1), "the server started while its port was taken")
            #expect(server.port == port)
            try await withClient(port: port) { client in try await client.hello() }
        }
    }
}
