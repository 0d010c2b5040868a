import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla gym overview`: a gym of three coaches records sessions and keeps and misses appointments; a week later
/// (the server's clock moved ahead) the owner's figures match what was recorded, and a coach is refused.
@Suite(.hangLimit)
struct GymOverviewTests {
    /// The day `days` from today, as typed.
    static func day(_ days: Int) -> String { CalendarDate.today().adding(days: days).description }

    @Test func theOwnersOverviewCountsTheSessionsAndAppointmentsEachCoachRecorded() async throws {
        let clock = try TestClock()
        try await withGorillaServer(.tls, clock: clock) { gorilla in
            let server = try gorilla.requireListening()
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.gymCreate("Gorilla Gym")
            let bob = try await Device.coach("bob", on: server)
            let carl = try await Device.coach("carl", on: server)
            for (coach, role) in [(bob, GymRole.coach), (carl, .admin)] {
                let code = try #require(try await ada.app.gymInvite(role: role).json["code"]?.stringValue)
                _ = try await coach.app.gymJoin(code)
            }
            let (_, anaCode) = try await ada.invite(name: "Ana", surname: "Serra")
            _ = try await ada.invite(name: "Al", surname: "Invited")  // never registers: not active
            let (_, boCode) = try await bob.invite(name: "Bo", surname: "Puig")
            _ = try await Device.registered("ana", code: anaCode, on: server)
            _ = try await Device.registered("bopuig", code: boCode, on: server)
            try await ada.sync()
            try await bob.sync()

            // Ana: one appointment kept (a session fulfils it), one missed, and a session of her own.
            func event(_ device: Device, _ client: String, _ days: Int) async throws -> String {
                let added = try await device.app.addEvent(
                    client: client, EventFields(at: "\(Self.day(days)) 10:00", duration: 60, gym: "Gorilla Gym"))
                return try #require(added.json["id"]?.stringValue)
            }
            let kept = try await event(ada, "Ana", 1)
            _ = try await event(ada, "Ana", 2)
            for (device, client, eventID, days) in [
                (ada, "Ana", kept as String?, 1), (ada, "Ana", nil, 3), (bob, "Bo", nil, 2),
            ] {
                _ = try await device.app.logSession(
                    SessionLogRequest(
                        client: client, event: eventID, date: "\(Self.day(days)) 11:00", sets: ["Squat: 5x100kg"],
                        allowNew: true))
            }
            // Bo: one appointment marked done.
            _ = try await bob.app.setEventStatus(try await event(bob, "Bo", 1), status: "done")

            // A week later every appointment has ended.
            try clock.advance(by: 7 * 86_400)
            let overview = try await ada.app.gymOverview(from: Self.day(0), to: Self.day(7)).json
            func figures(_ username: String) -> [String: JSONValue] {
                let line = overview["coaches"]?.arrayValue?.first { $0.objectValue?["username"] == .string(username) }
                return line?.objectValue?["figures"]?.objectValue ?? [:]
            }
            func counts(_ figures: [String: JSONValue]) -> [Int] {
                ["activeClients", "sessions", "appointments", "kept", "missed"].map { figures[$0]?.intValue ?? -1 }
            }
            #expect(counts(figures("ada")) == [1, 2, 2, 1, 1], "\(overview)")
            #expect(figures("ada")["appointmentRate"] == 0.5, "\(overview)")
            #expect(counts(figures("bob")) == [1, 1, 1, 1, 0], "\(overview)")
            #expect(counts(figures("carl")) == [0, 0, 0, 0, 0], "\(overview)")
            #expect(figures("carl")["appointmentRate"] == nil, "\(overview)")
            let totals = overview["totals"]?.objectValue ?? [:]
            #expect(counts(totals) == [2, 3, 3, 2, 1], "\(overview)")
            #expect(totals["appointmentRate"] == 0.667, "\(overview)")
            #expect(overview["busiestHours"]?.arrayValue?.first == ["hour": 10, "appointments": 3], "\(overview)")
            // The counts match the sessions each coach's account holds on the server.
            for (username, device) in [("ada", ada), ("bob", bob)] {
                let recorded = try await device.pullEverything().filter { $0.kind == "session" && $0.deleted == false }
                #expect(figures(username)["sessions"]?.intValue == recorded.count, "\(username)")
            }
            // Figures only: no client's name.
            let text = try await ada.app.gymOverview(from: Self.day(0), to: Self.day(7)).text
            #expect(!text.contains("Ana") && !text.contains("Bo Puig"), "\(text)")
            #expect(text.contains("10:00"), "\(text)")

            // Owners and admins only.
            #expect(try await carl.app.gymOverview().json["gym"] == "Gorilla Gym")
            #expect(await GymTests.refusal { _ = try await bob.app.gymOverview() } == .forbidden)
        }
    }
}

extension JSONValue {
    /// The member `key` of an object.
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
}
