import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// One rule for how long the CLI waits: a server that sends nothing costs at most one budget of silence
/// (`GORILLA_TIMEOUT`, 10 s by default), and the device then remembers it for 60 s, answering from its local copy at
/// once until `gorilla sync` reaches the server again.
@Suite(.hangLimit)
struct SilentServerTests {
    /// A short budget of silence, so that the test is quick; it must be the one applied.
    static let timeout = ["GORILLA_TIMEOUT": "2"]

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Runs `gorilla` with the short budget and measures how long it took.
    static func timed(_ arguments: [String], _ device: Device) async throws -> (run: CommandRun, seconds: Double) {
        let start = ContinuousClock.now
        let run = try await runGorilla(arguments, home: device.home, environment: timeout)
        return (run, seconds(since: start))
    }

    static func mark(_ device: Device) -> URL { device.home.appendingPathComponent("server-silent.json") }

    @Test func aServerFrozenAfterTheHandshakeCostsOneWaitAndTheLocalCopyAnswersUntilASyncSucceeds() async throws {
        try await withServerProcess { server in
            let device = try await Device.coach("ada", on: server)
            _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
            defer { server.resume() }

            // Enough to pull that the sync is still under way when the server freezes, even on a loaded machine.
            for batch in 0..<24 {
                let machines = (0..<500).map { Mutation.createMachine("Machine \(batch * 500 + $0)") }
                _ = try await device.push(machines)
            }

            // Frozen once the server has sent 32 KiB on the connection: past the handshake, `hello` and
            // `auth.resume` (a few KiB), inside the pull.
            #expect(server.bytesSentOnOpenConnections != nil, "ss cannot tell what the server sent")
            let start = ContinuousClock.now
            let syncing = try GorillaProcess(["sync"], home: device.home, environment: Self.timeout)
            #expect(
                try await eventually(every: .milliseconds(1)) {
                    (server.bytesSentOnOpenConnections ?? 0) > 32 * 1024 || !syncing.isRunning
                })
            server.suspend()
            let frozen = ContinuousClock.now
            let synced = await syncing.wait()
            let waited = Self.seconds(since: start)
            let waitedFrozen = Self.seconds(since: frozen)
            #expect(synced.status == 69, "\(synced)")
            #expect(
                synced.stderr.contains("stopped answering: nothing arrived for 2 s while waiting for sync.pull"),
                "\(synced)")
            // The 2 s given, not the 10 s default nor a longer wait for the reply: reading what had already arrived,
            // on a busy machine, is the rest.
            #expect(waitedFrozen >= 2 && waitedFrozen < 8, "took \(waitedFrozen) s frozen, \(waited) s in all")
            #expect(FileManager.default.fileExists(atPath: Self.mark(device).path))

            // Each command after it answers from the local copy at once, and says why.
            let (listed, listing) = try await Self.timed(["machines", "list"], device)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.contains("Leg press"), "\(listed)")
            #expect(listed.stderr.contains("offline — showing the local copy"), "\(listed)")
            #expect(listed.stderr.contains("did not answer"), "\(listed)")
            #expect(listed.stderr.contains("s ago; it is tried again in"), "\(listed)")
            // Less than the 2 s a try would cost, whatever a loaded machine adds to starting the command.
            #expect(listing < 1.9, "took \(listing) s")

            let (clients, clientsTime) = try await Self.timed(["clients", "list"], device)
            #expect(clients.status == 0, "\(clients)")
            #expect(clients.stderr.contains("s ago; it is tried again in"), "\(clients)")
            #expect(clientsTime < 1.9, "took \(clientsTime) s")

            let (added, adding) = try await Self.timed(["machines", "add", "Bench"], device)
            #expect(added.status == 0, "\(added)")
            #expect(added.stderr.contains("offline — 1 change queued"), "\(added)")
            #expect(added.stderr.contains("s ago; it is tried again in"), "\(added)")
            #expect(adding < 1.9, "took \(adding) s")

            // In the user's language.
            let (catalan, _) = try await Self.timed(["machines", "list", "--language", "ca"], device)
            #expect(catalan.stderr.contains("no ha respost fa"), "\(catalan)")

            // `gorilla sync` still tries; its success clears the mark and the queued machine arrives once.
            server.resume()
            let resynced = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(resynced.status == 0, "\(resynced)")
            #expect(try resynced.json().decode(SyncSummary.self).pushed == 1)
            #expect(!FileManager.default.fileExists(atPath: Self.mark(device).path))
            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            #expect(try database.count("machine") == 12_002)
            #expect(try device.names("machine").filter { !$0.hasPrefix("Machine ") } == ["Bench", "Leg press"])

            let after = try await runGorilla(["machines", "list"], home: device.home)
            #expect(after.status == 0, "\(after)")
            #expect(!after.stderr.contains("offline"), "\(after)")
        }
    }

    @Test func withoutTheVariableTheBudgetIsTenSecondsForConnectingAndTheHandshakeTogether() async throws {
        let home = try TemporaryFolder("gorilla-e2e-silent")
        let listener = try SilentListener()
        defer { withExtendedLifetime(listener) {} }
        let start = ContinuousClock.now
        let connected = try await runGorilla(
            ["connect", "127.0.0.1:\(listener.port)", "--trust"], home: home.url, environment: ["GORILLA_TIMEOUT": ""])
        let waited = Self.seconds(since: start)
        #expect(connected.status == 69, "\(connected)")
        #expect(connected.stderr.contains("did not complete the TLS handshake within 10 s"), "\(connected)")
        #expect(waited >= 10 && waited < 20, "took \(waited) s")
    }
}
