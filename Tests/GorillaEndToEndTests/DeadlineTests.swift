import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import NIOCore
import Testing

/// A server that accepts connections but never answers: every step has a deadline, and past it commands fall back
/// to the local copy (or fail with 69) and say why.
@Suite(.hangLimit)
struct DeadlineTests {
    /// One second of silence at every step.
    static let short = ["GORILLA_TIMEOUT": "1"]

    /// Points the device's pinned server at `port` (same fingerprint).
    static func repoint(_ device: Device, to port: Int) throws {
        var config = device.app.home.loadConfig()
        config.server?.port = port
        try device.app.home.saveConfig(config)
    }

    /// Runs `gorilla` and measures how long it took.
    static func timed(
        _ arguments: [String], _ device: Device, environment: [String: String] = short
    )
        async throws -> (run: CommandRun, seconds: Double)
    {
        let start = ContinuousClock.now
        let run = try await runGorilla(arguments, home: device.home, environment: environment)
        let elapsed = ContinuousClock.now - start
        return (run, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    @Test func commandsAgainstAListenerThatNeverAnswersFallBackToTheLocalCopyAndSayWhy() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
            let listener = try SilentListener()
            defer { withExtendedLifetime(listener) {} }
            try Self.repoint(device, to: listener.port)

            let (listed, listing) = try await Self.timed(["machines", "list"], device)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.contains("Leg press"), "\(listed)")
            #expect(listed.stderr.contains("offline — showing the local copy"), "\(listed)")
            #expect(listed.stderr.contains("did not complete the TLS handshake within 1 s"), "\(listed)")
            #expect(listing < 30, "took \(listing) s")

            let (added, _) = try await Self.timed(["machines", "add", "Bench"], device)
            #expect(added.status == 0, "\(added)")
            #expect(added.stderr.contains("offline — 1 change queued"), "\(added)")
            #expect(try device.cache().queuedCount() == 1)

            let (synced, syncing) = try await Self.timed(["sync"], device)
            #expect(synced.status == 69, "\(synced)")
            #expect(synced.stderr.contains("did not complete the TLS handshake within 1 s"), "\(synced)")
            #expect(syncing < 30, "took \(syncing) s")
            #expect(try device.cache().queuedCount() == 1)

            // Without GORILLA_TIMEOUT the default bounds it too: 10 s for connecting and the handshake together
            // (once the device forgets that the server did not answer).
            try FileManager.default.removeItem(at: device.home.appendingPathComponent("server-silent.json"))
            let defaults = ["GORILLA_TIMEOUT": ""]
            let (standard, standardTime) = try await Self.timed(["machines", "list"], device, environment: defaults)
            #expect(standard.status == 0, "\(standard)")
            #expect(standard.stderr.contains("within 10 s"), "\(standard)")
            #expect(standardTime < 25, "took \(standardTime) s")
            withExtendedLifetime(listener) {}
        }
    }

    @Test func connectingToAListenerThatNeverAnswersFailsWithinTheDeadline() async throws {
        let home = try TemporaryFolder("gorilla-e2e-deadline")
        let listener = try SilentListener()
        defer { withExtendedLifetime(listener) {} }
        let start = ContinuousClock.now
        let connected = try await runGorilla(
            ["connect", "127.0.0.1:\(listener.port)", "--trust"], home: home.url,
            environment: Self.short)
        // The deadline given (1 s) is the one applied, as the message says; the clock only bounds the whole run,
        // process start included, on a machine busy with every other test.
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(connected.status == 69, "\(connected)")
        #expect(
            connected.stderr.contains(
                "127.0.0.1:\(listener.port) accepted the connection but did not complete the TLS handshake within 1 s"),
            "\(connected)")
        #expect(ClientHome(environment: ["GORILLA_HOME": home.url.path]).loadConfig().server == nil)
        withExtendedLifetime(listener) {}
    }

    @Test func aStoppedServerProcessMakesCommandsFallBackInsteadOfHanging() async throws {
        try await withServerProcess { server in
            let device = try await Device.coach("ada", on: server)
            _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
            server.suspend()
            defer { server.resume() }

            let (listed, seconds) = try await Self.timed(["--json", "machines", "list"], device)
            #expect(listed.status == 0, "\(listed)")
            #expect(try listed.json().arrayValue?.count == 1, "\(listed)")
            #expect(listed.stderr.contains("offline — showing the local copy"), "\(listed)")
            #expect(seconds < 10, "took \(seconds) s")

            let (whoami, _) = try await Self.timed(["whoami"], device)
            #expect(whoami.status == 0, "\(whoami)")
            #expect(whoami.stderr.contains("offline"), "\(whoami)")

            server.resume()
            let (synced, _) = try await Self.timed(["sync"], device, environment: [:])
            #expect(synced.status == 0, "\(synced)")
        }
    }

    @Test func aServerThatStopsAnsweringAfterTheHandshakeFailsTheWaitingRequest() async throws {
        try await withServerProcess { server in
            let device = try await Device.coach("ada", on: server)
            let endpoint = try #require(device.app.home.loadConfig().server)
            let deadlines = ConnectionDeadlines(connect: .seconds(30), handshake: .seconds(60), reply: .seconds(1))
            defer { server.resume() }
            let error = await #expect(throws: ClientError.self) {
                try await ServerConnection.withConnection(to: endpoint, deadlines: deadlines) { connection in
                    server.suspend()
                    // Timed from the suspension: connecting to a freshly started server on a loaded machine is not
                    // what this test measures.
                    let suspended = ContinuousClock.now
                    do {
                        _ = try await connection.roundTrip(Operation.syncPull, PullBody(since: 0, limit: 10))
                    } catch {
                        #expect(ContinuousClock.now - suspended < .seconds(8))
                        throw error
                    }
                }
            }
            #expect(error?.kind == .unreachable)
            #expect(
                error?.message.contains("stopped answering: nothing arrived for 1 s while waiting for sync.pull")
                    == true,
                "\(String(describing: error))")
        }
    }

    @Test func eachReplyHasItsOwnDeadlineSoALongConnectionIsNotCutOff() async throws {
        try await withServerProcess { server in
            let device = try await Device.coach("ada", on: server)
            let endpoint = try #require(device.app.home.loadConfig().server)
            let token = try #require(device.app.home.loadSession()?.token)
            let deadlines = ConnectionDeadlines(connect: .seconds(30), handshake: .seconds(60), reply: .seconds(5))
            defer { server.resume() }
            let start = ContinuousClock.now
            // Three requests, each answered two seconds late (the server is frozen while it is sent): the connection
            // lasts longer than the deadline, no reply waits as long.
            try await ServerConnection.withConnection(to: endpoint, deadlines: deadlines) { connection in
                _ = try await connection.request(Operation.resume, ResumeBody(token: token), as: SessionReply.self)
                for _ in 0..<3 {
                    server.suspend()
                    async let page = connection.roundTrip(Operation.syncPull, PullBody(since: 0, limit: 10))
                    try await Task.sleep(for: .seconds(2))
                    server.resume()
                    _ = try await page
                }
            }
            #expect(ContinuousClock.now - start > .seconds(6))
        }
    }
}
