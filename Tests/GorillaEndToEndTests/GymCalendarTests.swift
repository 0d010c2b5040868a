import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// Appointments at the gym and `gorilla gym calendar`, with three coaches of one gym and one on their own, each on
/// their own device, driving the built `gorilla` over TLS.
@Suite(.hangLimit)
struct GymCalendarTests {
    /// `gorilla ARGS` on `device`, read in UTC.
    static func gorilla(_ arguments: [String], _ device: Device) async throws -> CommandRun {
        try await runGorilla(arguments, home: device.home, environment: ["TZ": "UTC"])
    }

    /// `gym calendar --json ARGS` on `device`: each appointment as "start coach client-or-booked".
    static func calendar(_ arguments: [String], _ device: Device) async throws -> [String] {
        let run = try await gorilla(["--json", "gym", "calendar"] + arguments, device)
        #expect(run.status == 0, "\(run)")
        return (try run.json()["appointments"]?.arrayValue ?? []).map { appointment in
            let coach = appointment["coach"]?["username"]?.stringValue ?? "?"
            let booked = appointment["booked"]?.boolValue == true ? "booked" : "?"
            let client = appointment["client"]?.stringValue ?? booked
            return "\(appointment["start"]?.stringValue ?? "?") \(coach) \(client)"
        }
    }

    /// The `gym` and `gymID` of the event rows `device`'s account sees on the server.
    static func places(_ device: Device) async throws -> [String] {
        try await device.pullEverything().filter { $0.kind == "event" }.map { change in
            let data = change.data?.objectValue
            return "\(data?["gym"]?.stringValue ?? "-") \(data?["gymID"]?.stringValue ?? "-")"
        }
    }

    @Test func theGymCalendarShowsEveryCoachsAppointmentsAndNamesOnlyOwnClients() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            let gym = try #require(try await ada.app.gymCreate("Gorilla Gym").json["id"]?.stringValue)
            let bob = try await Device.coach("bob", on: server)
            let carl = try await Device.coach("carl", on: server)
            for coach in [bob, carl] {
                let code = try #require(try await ada.app.gymInvite().json["code"]?.stringValue)
                _ = try await coach.app.gymJoin(code)
            }
            let dan = try await Device.coach("dan", on: server)
            for (coach, name, surname) in [
                (ada, "Ana", "Serra"), (bob, "Bo", "Puig"), (carl, "Cai", "Roca"),
                (dan, "Dara", "Vidal"),
            ] {
                _ = try await coach.invite(name: name, surname: surname)
            }

            // The gym's name matched like other names (a prefix, a typo); the appointment holds its name and id.
            let added = try await Self.gorilla(
                ["events", "add", "--client", "Ana", "--at", "2026-12-01 09:00", "--gym", "gorilla"], ada)
            #expect(added.status == 0, "\(added)")
            let series = try await Self.gorilla(
                [
                    "events", "add", "--client", "Bo", "--at", "2026-12-01 10:00", "--duration", "45", "--gym",
                    "Gorila Gym", "--every", "week", "--count", "2",
                ], bob)
            #expect(series.status == 0, "\(series)")
            #expect(try await Self.places(ada) == ["Gorilla Gym \(gym)"])
            #expect(try await Self.places(bob) == ["Gorilla Gym \(gym)"])
            // A coach of the gym cannot name another place as the gym; one on their own writes any place.
            let elsewhere = try await Self.gorilla(
                ["events", "add", "--client", "Cai", "--at", "2026-12-01 09:30", "--gym", "Park"], carl)
            #expect(elsewhere.status == 64, "\(elsewhere)")
            #expect(elsewhere.stderr.contains("is not your gym"), "\(elsewhere)")
            let own = try await Self.gorilla(
                ["events", "add", "--client", "Dara", "--at", "2026-12-01 09:00", "--gym", "Gorilla Gym"], dan)
            #expect(own.status == 0, "\(own)")
            #expect(try await Self.places(dan) == ["Gorilla Gym -"])
            // carl's appointment moves to the gym by `events edit --gym`.
            let cai = try await Self.gorilla(
                ["--json", "events", "add", "--client", "Cai", "--at", "2026-12-02 18:00"], carl)
            let caiID = try #require(try cai.json()["id"]?.stringValue)
            let moved = try await Self.gorilla(["events", "edit", caiID, "--gym", "Gorilla Gym"], carl)
            #expect(moved.status == 0, "\(moved)")

            // Each coach's own clients by name, the others' as booked; the week is Monday to Sunday.
            let week = [
                ("2026-12-01T09:00:00.000Z", "ada", "Ana Serra"), ("2026-12-01T10:00:00.000Z", "bob", "Bo Puig"),
                ("2026-12-02T18:00:00.000Z", "carl", "Cai Roca"),
            ]
            for (name, device) in [("ada", ada), ("bob", bob), ("carl", carl)] {
                let expected = week.map { "\($0.0) \($0.1) \($0.1 == name ? $0.2 : "booked")" }
                #expect(try await Self.calendar(["--week", "2026-12-03"], device) == expected, "\(name)")
            }
            // A day: the series' second occurrence.
            #expect(try await Self.calendar(["2026-12-08"], ada) == ["2026-12-08T10:00:00.000Z bob booked"])
            let text = try await Self.gorilla(["gym", "calendar", "--week", "2026-12-01"], carl)
            #expect(text.status == 0, "\(text)")
            #expect(text.stdout.contains("booked") && text.stdout.contains("Cai Roca"), "\(text)")
            #expect(!text.stdout.contains("Ana") && !text.stdout.contains("Bo Puig"), "\(text)")
            #expect(text.stdout.contains("2026-12-01 10:00–10:45"), "\(text)")

            // A coach on their own has no gym calendar.
            let alone = try await Self.gorilla(["gym", "calendar"], dan)
            #expect(alone.status != 0, "\(alone)")
        }
    }
}

extension JSONValue {
    /// The member `key` of an object.
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
}
