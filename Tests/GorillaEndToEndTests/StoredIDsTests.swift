import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
@testable import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Ids have one form, lower case: an appointment a coach's device pushed naming its client in upper case, or stored so
/// by an earlier server, is found by the coach's CLI.
@Suite(.hangLimit)
struct StoredIDsTests {
    /// `gorilla events list --client Ana` in UTC on `device`.
    static func anasEvents(_ device: Device) async throws -> CommandRun {
        try await runGorilla(["events", "list", "--client", "Ana"], home: device.home, environment: ["TZ": "UTC"])
    }

    @Test func anAppointmentPushedNamingItsClientInUpperCaseIsListedByTheCoachsCLI() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (ana, _) = try await coach.invite(name: "Ana", surname: "Serra")
            let results = try await coach.push([
                Mutation(
                    kind: "event", entity: UUID.v7(), action: .create,
                    fields: ["client": .string(ana.uuidString), "start": "2026-11-10T10:00:00.000Z"])
            ])
            #expect(results.map(\.status) == [.applied])
            _ = try await coach.sync()
            let listed = try await Self.anasEvents(coach)
            #expect(listed.status == 0 && listed.stdout.contains("2026-11-10 10:00"), "\(listed)")
        }
    }

    @Test func idsStoredInMixedCaseAreMigratedAndFoundByTheCoachsCLI() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (ana, _) = try await coach.invite(name: "Ana", surname: "Serra")
            let added = try await runGorilla(
                ["--json", "events", "add", "--client", "Ana", "--at", "2026-11-10 10:00"], home: coach.home,
                environment: ["TZ": "UTC"])
            #expect(added.status == 0, "\(added)")
            let measured = try await runGorilla(
                ["measurements", "add", "--client", "Ana", "--weight", "70", "--date", "2026-11-09"], home: coach.home,
                environment: ["TZ": "UTC"])
            #expect(measured.status == 0, "\(measured)")
            await server.stop()

            // The rows as an earlier server stored a coach's push: the client's id as sent, in upper case; and the
            // migration not applied yet.
            let store = try await server.openStore()
            let postgres = server.postgres != nil
            let before = try await store.write { db in
                let upper =
                    postgres
                    ? "jsonb_set(data::jsonb, '{client}', to_jsonb(upper(data::jsonb ->> 'client')))::text"
                    : "json_set(data, '$.client', upper(json_extract(data, '$.client')))"
                try db.execute(sql: "UPDATE entities SET data = \(upper) WHERE kind IN ('event', 'measurement')")
                try db.execute(
                    sql: postgres
                        ? "DELETE FROM gorilla_migrations WHERE name = 'v3-lower-case-ids'"
                        : "DELETE FROM grdb_migrations WHERE identifier = 'v10-lower-case-ids'")
                return try db.values(
                    String.self, sql: "SELECT data FROM entities WHERE kind IN ('event', 'measurement') ORDER BY kind")
            }
            await store.close()
            #expect(before.count == 2 && before.allSatisfy { $0.contains(ana.uuidString) }, "\(before)")

            try await server.start()
            let reopened = try await server.openStore()
            let after = try await reopened.read { db in
                try db.values(
                    String.self, sql: "SELECT data FROM entities WHERE kind IN ('event', 'measurement') ORDER BY kind")
            }
            await reopened.close()
            #expect(after.count == 2 && after.allSatisfy { $0.contains(#""client":"\#(ana.key)""#) }, "\(after)")

            // A device that pulls everything again, and the coach's own, which pulls the rewritten rows.
            let fresh = try await Device.loggedIn("ada", on: server)
            for device in [coach, fresh] {
                _ = try await device.sync()
                let listed = try await Self.anasEvents(device)
                #expect(listed.status == 0 && listed.stdout.contains("2026-11-10 10:00"), "\(listed)")
                let measurements = try device.entities("measurement")
                #expect(measurements.map { $0[string: "client"] } == [ana.key])
            }
        }
    }
}
