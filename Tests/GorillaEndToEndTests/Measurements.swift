import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Figures printed for the record, not asserted: run alone with `swift test --filter Measurements`.
@Suite(.hangLimit)
struct Measurements {
    @Test func coldPullOfTenThousandRowsAndIdleUpdatedRoundTrip() async throws {
        try await withTestServer(configure: { $0.requestsPerSecond = 1_000_000 }) { server in
            let seeder = try await Device.coach("ada", on: server)
            let fresh = try await Device.loggedIn("ada", on: server)

            let seeding = ContinuousClock.now
            try await seeder.withConnection { connection in
                for batch in 0..<20 {
                    let mutations = (0..<500).map {
                        Mutation.createMachine(String(format: "Machine %05d", batch * 500 + $0))
                    }
                    let reply = try await connection.request(
                        Operation.syncPush, PushBody(mutations: mutations), as: PushReply.self)
                    #expect(reply.results.allSatisfy { $0.status == .applied })
                }
            }
            print(
                "Measurements: seeded 10,000 machines in 20 pushes of 500 in \(Self.format(ContinuousClock.now - seeding))"
            )

            let pulling = ContinuousClock.now
            let summary = try await fresh.sync()
            let coldPull = ContinuousClock.now - pulling
            #expect(summary.pulled == 10_000)
            #expect(try fresh.entities("machine").count == 10_000)
            print(
                "Measurements: cold pull of \(summary.pulled) rows into an empty cache (gorilla sync): \(Self.format(coldPull))"
            )

            let wire = ContinuousClock.now
            let raw = try await fresh.pullEverything()
            #expect(raw.count == 10_000)
            print(
                "Measurements: the same 10,000 rows pulled without a cache (pages of \(SyncLimits.maxPullLimit)): \(Self.format(ContinuousClock.now - wire))"
            )

            let samples = 500
            let cursor = try fresh.cache().cursor()
            let elapsed = try await fresh.withConnection { connection in
                _ = try await connection.request(
                    Operation.syncUpdated, UpdatedBody(since: cursor), as: UpdatedReply.self)
                let start = ContinuousClock.now
                for _ in 0..<samples {
                    let reply = try await connection.request(
                        Operation.syncUpdated, UpdatedBody(since: cursor), as: UpdatedReply.self)
                    #expect(reply.sections.isEmpty)
                }
                return ContinuousClock.now - start
            }
            print(
                "Measurements: idle sync.updated round trip, mean of \(samples) on one connection: \(Self.format(elapsed / samples))"
            )
        }
    }

    static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.3f ms", seconds * 1000)
    }
}
