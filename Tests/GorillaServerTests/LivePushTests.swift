import Foundation
import GorillaTesting
import NIOConcurrencyHelpers
import Testing

/// Live pushes are bounded per subscriber in count and bytes: subscribers that never read cost the server little, a
/// subscriber that fell behind is told to resynchronise, and the fan-out holds up neither the sender nor other tenants.
@Suite(.hangLimit)
struct LivePushTests {
    /// A long chat message: 1,500 characters.
    static let text = String(String(repeating: "Gorilla! ", count: 170).prefix(1500))

    /// How many subscribed connections never read: all but a few of the 64 one address may open.
    static let listeners = 56

    /// The sender's messages: `pushes` pushes of `perPush` messages of 1,500 characters (12 MB in all).
    static let pushes = 20
    static let perPush = 400

    /// 56 connections of a coach subscribe and stop reading while the coach sends 8,000 long messages (about 12 MB for
    /// each of them, 670 MB in all). The server (a process of its own, its memory read from `/proc`) grows by less
    /// than 64 MiB and gives it back once they close; the coach's pushes and another tenant's pulls stay quick; a
    /// subscriber that reads again is told to resynchronise.
    @Test func subscribersThatNeverReadHoldLittleAndSlowNobody() async throws {
        let folder = try TemporaryFolder("gorilla-live-push")
        let server = ServerProcess(
            dataDirectory: folder.child("data"), logFile: folder.url.appendingPathComponent("server.log"))
        try await withStarted(server, keeping: folder) { server in
            let port = server.port
            let client = UUID()
            let adaToken = try await withClient(port: port) { ada in
                try await ada.hello()
                let token = try await ada.signUpCoach("ada")
                _ = try await ada.pushRequiringReply([
                    mutation("client", client, fields: ["name": "Ana", "surname": "Serra"])
                ])
                return token
            }
            let bobToken = try await withClient(port: port) { bob in
                try await bob.hello()
                let token = try await bob.signUpCoach("bob")
                _ = try await bob.pushRequiringReply(
                    (0..<40).map { mutation("machine", UUID(), fields: ["name": "Machine \($0)"]) })
                return token
            }
            let subscribed = NIOLockedValueBox(0)
            let figures = try await withThrowingTaskGroup(of: Void.self) { group -> Figures in
                for _ in 0..<Self.listeners {
                    group.addTask {
                        try? await withClient(port: port) { listener in
                            try await listener.hello()
                            try await listener.resume(adaToken).expectSuccess()
                            try await listener.request("events.subscribe").expectSuccess()
                            try await listener.stopReading()
                            subscribed.withLockedValue { $0 += 1 }
                            try await Task.sleep(for: .seconds(3600))  // until the test is done with it
                        }
                    }
                }
                #expect(try await eventually { subscribed.withLockedValue { $0 } == Self.listeners })
                let figures = try await Self.flood(server, adaToken: adaToken, bobToken: bobToken, client: client)
                group.cancelAll()
                return figures
            }
            #expect(figures.grown < 64 << 20, "\(figures)")
            // A push of 400 long messages costs about 3 s on SQLite and 5 s on PostgreSQL alone (a round trip per
            // row), and up to 15 s on PostgreSQL beside the rest of the suite: the bound is for a sender held up by
            // its subscribers, not for the engine.
            let pushBound: Duration = TestEngine.current == .postgres ? .seconds(30) : .seconds(15)
            #expect(figures.slowestPush < pushBound, "\(figures)")
            // Another tenant's pull stalled 11.9 s before the bound; beside the rest of the suite on two cores it takes
            // up to 3 s (3.0008 s seen once in CI), so the bound leaves room for the machine, not for a stall.
            #expect(figures.slowestPull < .seconds(5), "\(figures)")
            // Closed: what they held goes back to the system, not only to the allocator (the database's own caches,
            // grown by 12 MB of messages, stay).
            let settled = try await eventually(timeout: .seconds(30), every: .milliseconds(200)) {
                (server.residentBytes ?? .max) < figures.before + 16 << 20
            }
            print("server RSS \((server.residentBytes ?? 0) >> 20) MiB after they closed")
            #expect(settled, "\(server.residentBytes ?? 0) bytes after they closed; \(figures)")
        }
    }

    /// What ``flood(_:adaToken:bobToken:client:)`` measured.
    struct Figures: CustomStringConvertible {
        var before = 0
        var peak = 0
        var slowestPush = Duration.zero
        var slowestPull = Duration.zero
        var quietPull = Duration.zero
        var grown: Int { peak - before }

        var description: String {
            "server RSS \(before >> 20) MiB before, peak \(peak >> 20) MiB (+\(grown >> 20) MiB); slowest push "
                + "\(slowestPush), slowest pull \(slowestPull) (quiet \(quietPull))"
        }
    }

    /// Ada sends the messages while the server's memory is sampled, bob pulls in a loop and one more subscriber of
    /// ada's stops reading, then reads again until it is told to resynchronise.
    static func flood(_ server: ServerProcess, adaToken: String, bobToken: String, client: UUID) async throws -> Figures
    {
        let port = server.port
        let done = NIOLockedValueBox(false)
        let quietPull = NIOLockedValueBox(Duration.zero)
        let pulling = Task {
            try await withClient(port: port) { bob in
                try await bob.hello()
                try await bob.resume(bobToken).expectSuccess()
                quietPull.withLockedValue { $0 = .seconds(3600) }
                for _ in 0..<3 {
                    let took = try await timed { _ = try await bob.pullEverything() }
                    quietPull.withLockedValue { $0 = min($0, took) }
                }
                var slowest = Duration.zero
                var pulls = 0
                // A device's pace (twenty pulls a second at most), within the connection's request rate.
                while !done.withLockedValue({ $0 }) || pulls < 3 {
                    slowest = max(slowest, try await timed { _ = try await bob.pullEverything() })
                    pulls += 1
                    try await Task.sleep(for: .milliseconds(50))
                }
                return slowest
            }
        }
        defer { pulling.cancel() }
        return try await withClient(port: port) { ada in
            try await ada.hello()
            try await ada.resume(adaToken).expectSuccess()
            return try await withClient(port: port) { late in
                try await late.hello()
                try await late.resume(adaToken).expectSuccess()
                try await late.request("events.subscribe").expectSuccess()
                try await late.stopReading()
                var figures = Figures()
                #expect(try await eventually { quietPull.withLockedValue { $0 } < .seconds(3600) })
                figures.before = try #require(server.residentBytes)
                let peak = NIOLockedValueBox(figures.before)
                let sampling = Task {
                    while !Task.isCancelled {
                        if let now = server.residentBytes { peak.withLockedValue { $0 = max($0, now) } }
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                }
                defer { sampling.cancel() }
                for _ in 0..<pushes {
                    let batch = (0..<perPush).map { _ in
                        mutation("message", UUID(), fields: ["to": client.uuidString.lowercased(), "text": text])
                    }
                    figures.slowestPush = max(
                        figures.slowestPush, try await timed { _ = try await ada.pushRequiringReply(batch) })
                }
                done.withLockedValue { $0 = true }
                figures.slowestPull = try await pulling.value
                figures.quietPull = quietPull.withLockedValue { $0 }
                figures.peak = peak.withLockedValue { $0 }
                print(figures)
                try await late.resumeReading()
                // What the kernel's buffers took comes first; then, instead of what the server dropped, the resync.
                var toldToResync = false
                while !toldToResync, let line = try await late.readLine() {
                    toldToResync = line.contains(#""event":"resync""#)
                }
                #expect(toldToResync, "a subscriber that fell behind is told to resynchronise")
                return figures
            }
        }
    }

    /// How long `body` takes.
    static func timed(_ body: () async throws -> Void) async throws -> Duration {
        let start = ContinuousClock.now
        try await body()
        return ContinuousClock.now - start
    }
}
