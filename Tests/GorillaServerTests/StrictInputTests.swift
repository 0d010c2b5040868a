import Foundation
@testable import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// Input the types refuse is refused, or put in its one form, over the raw protocol (on the engine the suite runs on):
/// ids are stored lower case whatever case the wire carries, counts are whole numbers, a request's body is an object,
/// and a line whose structure does not parse is refused as a line.
@Suite(.hangLimit)
struct StrictInputTests {
    /// A coach's tenant over one connection: a client, a machine, an exercise on it and a training of it.
    struct Tenant {
        let client = UUID(), machine = UUID(), exercise = UUID(), training = UUID()
    }

    /// Signs a coach up on `coach` (speaking `language`) and creates the tenant's rows, ids written in lower case.
    static func tenant(_ coach: TestClient, language: String = "en") async throws -> Tenant {
        try await coach.hello(language: language)
        try await coach.signUpCoach("ada")
        let tenant = Tenant()
        let results = try await coach.pushRequiringReply([
            mutation("client", tenant.client, fields: ["name": "Ana", "surname": "Serra"]),
            mutation("machine", tenant.machine, fields: ["name": "Prensa"]),
            mutation("exercise", tenant.exercise, fields: ["name": "Press", "machine": tenant.machine.key]),
            mutation(
                "training", tenant.training,
                fields: ["name": "Pierna", "exercises": [["exercise": tenant.exercise.key]]]),
        ])
        #expect(results.map { $0["status"] as? String } == Array(repeating: "applied", count: 4), "\(results)")
        return tenant
    }

    /// The pushed documents, by entity id.
    static func documents(_ coach: TestClient) async throws -> [String: JSONObject] {
        var documents: [String: JSONObject] = [:]
        for change in try await coach.pullEverything() {
            if let id = change["id"] as? String, let data = change["data"] as? JSONObject {
                documents[id.lowercased()] = data
            }
        }
        return documents
    }

    @Test func idsAreStoredLowerCaseWhateverCaseTheWireCarries() async throws {
        try await withTestServer { server in
            try await withClient(port: server.port) { coach in
                let tenant = try await Self.tenant(coach)
                let (client, exercise, training) = (
                    tenant.client.uuidString, tenant.exercise.uuidString, tenant.training.uuidString
                )
                let (event, measurement, message, session, plan, tool) = (UUID(), UUID(), UUID(), UUID(), UUID(), UUID())
                let results = try await coach.pushRequiringReply([
                    mutation(
                        "event", event,
                        fields: ["client": client, "start": "2026-03-02T18:30:00Z", "training": training]),
                    mutation("measurement", measurement, fields: ["client": client, "date": "2026-03-02", "weight": 70]),
                    mutation("message", message, fields: ["to": client, "text": "Hola"]),
                    mutation(
                        "session", session,
                        fields: [
                            "start": "2026-03-02T18:30:00Z", "client": client, "training": training,
                            "exercises": [["name": "Press", "exercise": exercise, "sets": [["reps": 10]]]],
                        ]),
                    mutation("training", plan, fields: ["name": "Brazo", "exercises": [["exercise": exercise]]]),
                    mutation("exercise", tool, fields: ["name": "Curl", "machine": tenant.machine.uuidString]),
                ])
                #expect(results.allSatisfy { $0["status"] as? String == "applied" }, "\(results)")
                let documents = try await Self.documents(coach)
                let stored: [(String, Any?, String)] = [
                    ("event client", documents[event.key]?["client"], tenant.client.key),
                    ("event training", documents[event.key]?["training"], tenant.training.key),
                    ("measurement client", documents[measurement.key]?["client"], tenant.client.key),
                    ("message to", documents[message.key]?["to"], tenant.client.key),
                    ("message client", documents[message.key]?["client"], tenant.client.key),
                    ("session client", documents[session.key]?["client"], tenant.client.key),
                    ("session training", documents[session.key]?["training"], tenant.training.key),
                    (
                        "session exercise",
                        ((documents[session.key]?["exercises"] as? [JSONObject])?.first)?["exercise"],
                        tenant.exercise.key
                    ),
                    (
                        "training exercise", ((documents[plan.key]?["exercises"] as? [JSONObject])?.first)?["exercise"],
                        tenant.exercise.key
                    ),
                    ("exercise machine", documents[tool.key]?["machine"], tenant.machine.key),
                ]
                for (name, value, expected) in stored {
                    #expect(value as? String == expected, "\(name): \(value ?? "missing")")
                }
                // An update that names the client in upper case is the same client, stored as such.
                let moved = try await coach.pushRequiringReply([
                    mutation("event", event, "update", fields: ["client": client, "duration": 30])
                ])
                #expect(moved.first?["status"] as? String == "applied", "\(moved)")
                #expect(try await Self.documents(coach)[event.key]?["client"] as? String == tenant.client.key)
            }
        }
    }

    /// Fractional counts, each pushed alone: (what, kind, fields, the field the refusal names).
    static func fractionalCounts(_ tenant: Tenant) -> [(String, String, JSONObject, String)] {
        let exercise = tenant.exercise.key
        let session: (Any) -> JSONObject = { reps in
            [
                "client": tenant.client.key, "start": "2026-03-02T18:30:00Z",
                "exercises": [["name": "Press", "sets": [["reps": 10], ["reps": reps]]]],
            ]
        }
        return [
            ("planned sets", "training", ["name": "A", "exercises": [["exercise": exercise, "sets": 2.5]]], "sets"),
            ("planned reps", "training", ["name": "B", "exercises": [["exercise": exercise, "reps": 10.5]]], "reps"),
            (
                "planned reps per set", "training",
                ["name": "C", "exercises": [["exercise": exercise, "reps": [10, 8.5]]]], "reps[1]"
            ),
            ("performed reps", "session", session(8.5), "exercises[0].sets[1].reps"),
            (
                "an appointment's minutes", "event",
                ["client": tenant.client.key, "start": "2026-03-02T18:30:00Z", "duration": 45.5], "duration"
            ),
            ("sessions a week", "client", ["name": "Bo", "perWeek": 2.5], "perWeek"),
        ]
    }

    @Test func fractionalCountsAreRefusedNamingTheFieldInTheUsersLanguage() async throws {
        try await withTestServer { server in
            try await withClient(port: server.port) { coach in
                let tenant = try await Self.tenant(coach, language: "es")
                for (what, kind, fields, field) in Self.fractionalCounts(tenant) {
                    let result = try #require(try await coach.pushRequiringReply([mutation(kind, UUID(), fields: fields)]).first)
                    let error = result["error"] as? JSONObject
                    #expect(result["status"] as? String == "rejected", "\(what): \(result)")
                    #expect(error?["code"] as? Int == WireErrorCode.invalidField.rawValue, "\(what): \(result)")
                    let message = error?["message"] as? String ?? ""
                    #expect(message.hasPrefix(WireErrorCode.invalidField.message(in: .es)), "\(what): \(message)")
                    #expect(message.contains(field), "\(what): \(message)")
                }
                // The same session written as devices write it (members sorted), which the one-pass reader takes.
                let line =
                    #"{"body":{"mutations":[{"action":"create","entity":"\#(UUID().key)","fields":{"client":"\#(tenant.client.key)","exercises":[{"name":"Press","sets":[{"reps":8.5}]}],"start":"2026-03-02T18:30:00Z"},"id":"\#(UUID().key)","kind":"session"}]},"id":90,"op":"sync.push"}"#
                let reply = try await coach.send(line)
                let result = try #require((reply.value?["results"] as? [JSONObject])?.first, "\(reply)")
                #expect((result["error"] as? JSONObject)?["code"] as? Int == 9, "\(result)")
                // Nothing fractional was stored.
                let documents = try await Self.documents(coach)
                #expect(documents.values.filter { $0["name"] as? String == "Bo" }.isEmpty)
                #expect(documents.count == 4, "\(documents.keys.sorted())")
            }
        }
    }

    @Test func aBodyThatIsNotAnObjectIsRefusedForEveryOperation() async throws {
        try await withTestServer { server in
            try await withClient(port: server.port) { coach in
                try await coach.hello()
                try await coach.signUpCoach("ada")
                var id = 100
                for (op, body) in [("auth.check", "[]"), ("profile.get", #""x""#), ("auth.logout", #""x""#)] {
                    id += 1
                    let reply = try await coach.send(#"{"id":\#(id),"op":"\#(op)","body":\#(body)}"#)
                    #expect(reply.id == id && reply.result == 100, "\(op) \(body): \(reply)")
                }
                for op in Operation.allCases {
                    for body in ["[]", #""x""#, "7", "true", "null", "[{}]"] {
                        id += 1
                        // The id after the body: still answered with it.
                        let reply = try await coach.send(#"{"op":"\#(op.rawValue)","body":\#(body),"id":\#(id)}"#)
                        #expect(reply.id == id && reply.result == 100, "\(op) \(body): \(reply)")
                    }
                }
                // None of them ran (the session was not logged out), and a request without a body reads as `{}`.
                for op in ["auth.check", "profile.get"] {
                    id += 1
                    let reply = try await coach.send(#"{"id":\#(id),"op":"\#(op)"}"#)
                    #expect(reply.id == id && reply.result == 0, "\(op) without a body: \(reply)")
                }
            }
        }
    }

    /// A push line whose machine document closes with `]`, read by the one-pass reader (`later` absent) or left to the
    /// general reader (`later` first).
    static func wrongBracketLine(id: Int, general: Bool) -> String {
        let mutation =
            #"{"action":"create","entity":"\#(UUID().key)","fields":{"name":"Broken"],"id":"\#(UUID().key)","kind":"machine"}"#
        return #"{"body":{\#(general ? #""later":1,"# : "")"mutations":[\#(mutation)]},"id":\#(id),"op":"sync.push"}"#
    }

    @Test func aPushWhoseDocumentClosesWithTheWrongBracketIsRefusedAsALine() async throws {
        for general in [false, true] {
            let line = Array(Self.wrongBracketLine(id: 7, general: general).utf8)
            // Both readers refuse the line, and so agree.
            #expect(PushedMutation.readRequest(line) == nil)
            #expect(throws: RequestLine.Refusal.self) { try RequestLine.read(line) }
            #expect(PushReadersProbe.disagreement(line) == nil)
        }
        #expect(throws: FastJSON.Malformed.self) {
            try FastJSON.withParser(Array(#"{"a":[1,2}]"#.utf8)) { try $0.skipBalanced() }
        }
        try await withTestServer { server in
            try await withClient(port: server.port) { coach in
                try await coach.hello()
                try await coach.signUpCoach("ada")
                for (index, general) in [false, true].enumerated() {
                    let reply = try await coach.send(Self.wrongBracketLine(id: 20 + index, general: general))
                    #expect(reply.result == 100 && reply.errorCode == 100, "general \(general): \(reply)")
                }
                // The connection goes on, and nothing was stored.
                #expect(try await coach.pullEverything().isEmpty)
            }
        }
    }
}
