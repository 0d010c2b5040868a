import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// Appointments at the gym (`gymID`) and the gym's calendar, with raw protocol requests: only a member names their
/// gym, and a colleague's client is sent as `booked`, never by name or id.
@Suite(.hangLimit)
struct GymCalendarTests {
    /// An event document for `client` at `start`, at the gym `gym` when given.
    static func event(_ client: UUID, _ start: String, gym: String? = nil, extra: JSONObject = [:]) -> JSONObject {
        var fields: JSONObject = ["client": client.uuidString.lowercased(), "start": start, "duration": 45]
        if let gym { fields["gymID"] = gym }
        return fields.merging(extra) { $1 }
    }

    /// The codes of a push's results (nil for an applied one).
    static func codes(_ results: [JSONObject]) -> [Int?] {
        results.map { ($0["error"] as? JSONObject)?["code"] as? Int }
    }

    /// Signs a coach up on `client` and returns their token.
    static func coach(_ client: TestClient, _ username: String, _ name: String) async throws -> String {
        try await client.hello(language: "en")
        return try await client.signUpCoach(username, name: name, surname: "Gym")
    }

    @Test func membersNameTheirGymAndTheCalendarNamesOnlyOwnClients() async throws {
        try await withTestServer { server in
            let port = server.port
            let cleo = UUID()
            let dani = UUID()
            let series = UUID()
            let (olga, gym, code) = try await withClient(port: port) { client -> (String, String, String) in
                let token = try await Self.coach(client, "olga", "Olga")
                let gym = try await client.request("gym.create", ["name": "Gorilla Gym"]).expectSuccess()
                    .requireString("value", "id")
                let code = try await client.request("gym.invite", ["role": "coach"]).expectSuccess()
                    .requireString("value", "code")
                let made = try await client.pushRequiringReply([
                    mutation("client", cleo, fields: ["name": "Cleo", "surname": "Puig"]),
                    mutation("event", UUID(), fields: Self.event(cleo, "2026-12-01T09:00:00Z", gym: gym)),
                    // A daily series of three at the gym, its second occurrence cancelled.
                    mutation(
                        "event", series,
                        fields: Self.event(
                            cleo, "2026-12-02T10:00:00Z", gym: gym,
                            extra: ["recurrence": ["frequency": "daily", "count": 3]])),
                    mutation(
                        "event", Event.exceptionID(series: series, occurrence: CalendarDate("2026-12-03")!),
                        fields: [
                            "series": series.uuidString.lowercased(), "occurrence": "2026-12-03", "status": "cancelled",
                        ]),
                    // Free text: not the gym's.
                    mutation("event", UUID(), fields: Self.event(cleo, "2026-12-01T12:00:00Z", extra: ["gym": "Park"])),
                ])
                #expect(Self.codes(made) == [nil, nil, nil, nil, nil], "\(made)")
                return (token, gym, code)
            }
            let cora = try await withClient(port: port) { client in
                let token = try await Self.coach(client, "cora", "Cora")
                try await client.request("gym.join", ["code": code]).expectSuccess()
                let made = try await client.pushRequiringReply([
                    mutation("client", dani, fields: ["name": "Dani", "surname": "Roca"]),
                    mutation("event", UUID(), fields: Self.event(dani, "2026-12-01T11:00:00Z", gym: gym)),
                ])
                #expect(Self.codes(made) == [nil, nil], "\(made)")
                return token
            }
            // Another gym's owner and an independent coach cannot name olga's gym.
            for (username, ownGym) in [("hugo", true), ("ivan", false)] {
                try await withClient(port: port) { client in
                    _ = try await Self.coach(client, username, username.capitalized)
                    if ownGym { try await client.request("gym.create", ["name": "Other Gym"]).expectSuccess() }
                    let own = UUID()
                    let made = try await client.pushRequiringReply([
                        mutation("client", own, fields: ["name": "Own", "surname": "Client"]),
                        mutation("event", UUID(), fields: Self.event(own, "2026-12-01T08:00:00Z", gym: gym)),
                    ])
                    #expect(
                        Self.codes(made) == [nil, WireErrorCode.invalidReference.rawValue], "\(username): \(made)")
                }
            }

            /// Each appointment of the week as "start coach client-or-booked", and the reply's whole text.
            func calendar(_ token: String) async throws -> ([String], String) {
                try await withClient(port: port) { client in
                    try await client.hello(language: "en")
                    try await client.resume(token).expectSuccess()
                    let reply = try await client.request(
                        "gym.calendar", ["from": "2026-12-01T00:00:00Z", "to": "2026-12-08T00:00:00Z"]
                    ).expectSuccess()
                    let text = String(decoding: try JSONSerialization.data(withJSONObject: reply), as: UTF8.self)
                    let lines = (reply.value?["appointments"] as? [JSONObject] ?? []).map { appointment in
                        let coach = (appointment["coach"] as? JSONObject)?["username"] as? String ?? "?"
                        let booked = (appointment["booked"] as? Bool) == true ? "booked" : "?"
                        return
                            "\(appointment["start"] as? String ?? "?") \(coach) \(appointment["client"] as? String ?? booked)"
                    }
                    return (lines, text)
                }
            }
            let (olgaView, olgaText) = try await calendar(olga)
            #expect(
                olgaView == [
                    "2026-12-01T09:00:00.000Z olga Cleo Puig", "2026-12-01T11:00:00.000Z cora booked",
                    "2026-12-02T10:00:00.000Z olga Cleo Puig", "2026-12-04T10:00:00.000Z olga Cleo Puig",
                ], "\(olgaView)")
            #expect(!olgaText.contains("Dani") && !olgaText.contains(dani.uuidString.lowercased()), "\(olgaText)")
            let (coraView, coraText) = try await calendar(cora)
            #expect(
                coraView == [
                    "2026-12-01T09:00:00.000Z olga booked", "2026-12-01T11:00:00.000Z cora Dani Roca",
                    "2026-12-02T10:00:00.000Z olga booked", "2026-12-04T10:00:00.000Z olga booked",
                ], "\(coraView)")
            #expect(!coraText.contains("Cleo") && !coraText.contains(cleo.uuidString.lowercased()), "\(coraText)")
            #expect(!coraText.contains(series.uuidString.lowercased()), "\(coraText)")

            // A coach who leaves takes their appointments off the gym's calendar, and no longer reads it.
            let left = try await withClient(port: port) { client in
                try await client.hello(language: "en")
                try await client.resume(cora).expectSuccess()
                try await client.request("gym.leave").expectSuccess()
                return try await client.request(
                    "gym.calendar", ["from": "2026-12-01T00:00:00Z", "to": "2026-12-08T00:00:00Z"]
                ).errorCode
            }
            #expect(left == WireErrorCode.notInGym.rawValue)
            let (afterLeaving, _) = try await calendar(olga)
            #expect(!afterLeaving.contains { $0.contains(" cora ") }, "\(afterLeaving)")
            #expect(afterLeaving.count == 3, "\(afterLeaving)")

            // A range longer than the server answers is refused.
            try await withClient(port: port) { client in
                try await client.hello(language: "en")
                try await client.resume(olga).expectSuccess()
                let reply = try await client.request(
                    "gym.calendar", ["from": "2026-12-01T00:00:00Z", "to": "2027-06-01T00:00:00Z"])
                #expect(reply.errorCode == WireErrorCode.invalidField.rawValue, "\(reply)")
            }
        }
    }
}
