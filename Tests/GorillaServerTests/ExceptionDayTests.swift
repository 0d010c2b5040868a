import Foundation
import GorillaShared
import GorillaTesting
import NIOConcurrencyHelpers
import Testing

/// An exception's day is checked against its series without expanding it, so a day however far away holds the
/// push's write transaction no longer than a near one, and other accounts' writes go on.
@Suite(.hangLimit)
struct ExceptionDayTests {
    /// What the attack push took, and the codes of its results.
    private struct Attack: Sendable {
        var duration: Duration
        var codes: [Int?]
    }

    @Test func fiveHundredFarExceptionsAreRejectedQuicklyAndAnotherTenantsPushGoesOn() async throws {
        try await withTestServer { server in
            let port = server.port
            let series = UUID()
            let farDay = CalendarDate("9999-12-01")!
            let adaToken = try await withClient(port: port) { ada in
                try await ada.hello()
                let token = try await ada.signUpCoach("ada")
                let joan = UUID()
                let made = try await ada.pushRequiringReply([
                    mutation("client", joan, fields: ["name": "Joan", "surname": "Puig"]),
                    mutation(
                        "event", series,
                        fields: [
                            "client": joan.uuidString.lowercased(), "start": "2026-11-25T09:00:00Z",
                            "zone": "Europe/Madrid", "recurrence": ["frequency": "daily"],
                        ]),
                ])
                #expect(made.map { $0["status"] as? String } == ["applied", "applied"])
                return token
            }
            let bobToken = try await withClient(port: port) { bob in
                try await bob.hello()
                return try await bob.signUpCoach("bob")
            }
            let attackDone = NIOLockedValueBox(false)
            async let attack: Attack = withClient(port: port) { ada in
                try await ada.hello()
                try await ada.resume(adaToken).expectSuccess()
                // Each names the far day with the id every device derives for it, so only the day can refuse it.
                let exception = Event.exceptionID(series: series, occurrence: farDay)
                let mutations = (0..<500).map { _ in
                    mutation(
                        "event", exception,
                        fields: [
                            "series": series.uuidString.lowercased(), "occurrence": farDay.description,
                            "status": "cancelled",
                        ])
                }
                let clock = ContinuousClock()
                let started = clock.now
                let results = try await ada.pushRequiringReply(mutations)
                let duration = clock.now - started
                attackDone.withLockedValue { $0 = true }
                return Attack(
                    duration: duration, codes: results.map { ($0["error"] as? JSONObject)?["code"] as? Int })
            }
            // Another tenant pushes one mutation at a time for as long as the attack runs, and once more after.
            let slowest = try await withClient(port: port) { bob in
                try await bob.hello()
                try await bob.resume(bobToken).expectSuccess()
                let clock = ContinuousClock()
                var slowest = Duration.zero
                var pushes = 0
                while pushes == 0 || !attackDone.withLockedValue({ $0 }) {
                    let started = clock.now
                    let result = try await bob.pushRequiringReply([
                        mutation("machine", UUID(), fields: ["name": "Rack \(pushes)"])
                    ])
                    slowest = max(slowest, clock.now - started)
                    #expect(result.first?["status"] as? String == "applied")
                    pushes += 1
                }
                return slowest
            }
            let done = try await attack
            #expect(
                done.codes.count { $0 == 127 } == 500, "codes: \(Set(done.codes.map { $0.map(String.init) ?? "none" }))")
            #expect(done.duration < .seconds(10), "the attack push took \(done.duration)")
            #expect(slowest < .seconds(4), "another tenant's push waited \(slowest) (\(server.engine))")
        }
    }
}
