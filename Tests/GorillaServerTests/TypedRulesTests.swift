import Foundation
@testable import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// A document its type refuses (``GorillaShared/DocumentProblem``) is refused over the wire with the same code and
/// detail, for every kind a coach writes, and what the type accepts is stored as the type normalises it.
@Suite(.hangLimit)
struct TypedRulesTests {
    /// What the type makes of `fields`: nil when it accepts them, else its refusal.
    static func refusal<Document: EntityDocument>(
        _ type: Document.Type, _ fields: JSONObject, normalise: (Document) throws -> Void
    ) throws -> DocumentProblem? {
        let data = try JSONSerialization.data(withJSONObject: fields)
        let document = try #require(try WireCoding.decoder.decode(JSONValue.self, from: data).objectValue)
        do {
            try normalise(try Document(checking: document))
            return nil
        } catch let problem as DocumentProblem {
            return problem
        }
    }

    /// The wire code of a refusal.
    static func code(_ problem: DocumentProblem) -> WireErrorCode {
        switch problem.reason {
        case .missing: .missingFields
        case .invalid: .invalidField
        case .tooLarge: .tooLarge
        }
    }

    @Test func whatATypeRefusesIsRefusedOverTheWireWithItsCodeAndDetail() async throws {
        try await withTestServer { server in
            try await withClient(port: server.port) { coach in
                let tenant = try await StrictInputTests.tenant(coach)
                let client = tenant.client.key
                let start = "2026-03-02T18:30:00Z"
                let cases: [(kind: String, fields: JSONObject, problem: DocumentProblem?)] = [
                    ("machine", ["name": " \t "], try Self.refusal(Machine.self, ["name": " \t "]) { _ = try $0.normalised() }),
                    ("machine", ["name": "Rack", "colour": "red"], try Self.refusal(Machine.self, ["name": "Rack", "colour": "red"]) { _ = try $0.normalised() }),
                    ("exercise", ["description": "no name"], try Self.refusal(Exercise.self, ["description": "no name"]) { _ = try $0.normalised() }),
                    (
                        "training", ["name": "Pierna", "exercises": [["exercise": tenant.exercise.key, "sets": 2, "reps": [12, 10, 8]]]],
                        try Self.refusal(Training.self, ["name": "Pierna", "exercises": [["exercise": tenant.exercise.key, "sets": 2, "reps": [12, 10, 8]]]]) { _ = try $0.normalised() }
                    ),
                    ("client", ["name": "Ana", "perWeek": 15], try Self.refusal(Client.self, ["name": "Ana", "perWeek": 15]) { _ = try $0.normalised() }),
                    (
                        "event", ["client": client, "start": start, "zone": "Mars/Olympus"],
                        try Self.refusal(Event.self, ["client": client, "start": start, "zone": "Mars/Olympus"]) { _ = try $0.normalised() }
                    ),
                    (
                        "measurement", ["client": client, "date": "2026-03-02", "weight": 701],
                        try Self.refusal(Measurement.self, ["client": client, "date": "2026-03-02", "weight": 701]) { _ = try $0.normalised() }
                    ),
                    (
                        "measurement", ["client": client, "date": "2026-03-02"],
                        try Self.refusal(Measurement.self, ["client": client, "date": "2026-03-02"]) { _ = try $0.normalised() }
                    ),
                    (
                        "session", ["client": client, "start": start, "exercises": [["name": "Press", "sets": [["reps": 5000]]]]],
                        try Self.refusal(TrainingSession.self, ["client": client, "start": start, "exercises": [["name": "Press", "sets": [["reps": 5000]]]]]) { _ = try $0.normalised() }
                    ),
                    (
                        "session", ["client": client, "start": start, "exercises": [["name": "Press", "sets": [["reps": 5, "tempo": "3-1-1"]]]]],
                        try Self.refusal(TrainingSession.self, ["client": client, "start": start, "exercises": [["name": "Press", "sets": [["reps": 5, "tempo": "3-1-1"]]]]]) { _ = try $0.normalised() }
                    ),
                    (
                        "session", ["client": client, "start": start, "exercises": [["name": "Press", "sets": [["weight": 80]]]]],
                        try Self.refusal(TrainingSession.self, ["client": client, "start": start, "exercises": [["name": "Press", "sets": [["weight": 80]]]]]) { _ = try $0.normalised() }
                    ),
                ]
                let results = try await coach.pushRequiringReply(
                    cases.map { mutation($0.kind, UUID(), fields: $0.fields) })
                for ((kind, fields, problem), result) in zip(cases, results) {
                    let problem = try #require(problem, "the type accepts \(kind) \(fields)")
                    let error = result["error"] as? JSONObject
                    #expect(result["status"] as? String == "rejected", "\(kind) \(fields): \(result)")
                    #expect(error?["code"] as? Int == Self.code(problem).rawValue, "\(kind) \(problem): \(result)")
                    #expect((error?["message"] as? String ?? "").hasSuffix(problem.detail), "\(kind) \(problem): \(result)")
                }
            }
        }
    }

    @Test func whatATypeAcceptsIsStoredAsTheTypeNormalisesIt() async throws {
        try await withTestServer { server in
            try await withClient(port: server.port) { coach in
                let tenant = try await StrictInputTests.tenant(coach)
                let (exercise, measurement, session) = (UUID(), UUID(), UUID())
                let results = try await coach.pushRequiringReply([
                    mutation("exercise", exercise, fields: ["name": "  Sentadilla ", "muscles": ["Quads", "quads", " Glutes"]]),
                    mutation(
                        "measurement", measurement,
                        fields: ["client": tenant.client.key, "date": "2026-03-02", "weight": 70, "note": "  "]),
                    mutation(
                        "session", session,
                        fields: [
                            "client": tenant.client.key, "start": "2026-03-02T18:30:00Z",
                            "exercises": [["name": " Press ", "sets": [["reps": 10], ["reps": 8, "weight": 60]]]],
                        ]),
                ])
                #expect(results.allSatisfy { $0["status"] as? String == "applied" }, "\(results)")
                let documents = try await StrictInputTests.documents(coach)
                let stored = try #require(documents[exercise.key])
                #expect(stored["name"] as? String == "Sentadilla" && stored["muscles"] as? [String] == ["Quads", "Glutes"])
                #expect(stored["count"] as? String == CountMode.default.rawValue, "\(stored)")
                let measured = try #require(documents[measurement.key])
                #expect(measured["note"] == nil && measured["recordedBy"] as? String == "coach", "\(measured)")
                // A set is stored as `PerformedSet` reads it (no load is a load of 0), numbered by its place.
                let recorded = try #require(documents[session.key]?["exercises"] as? [JSONObject])
                let sets = try #require(recorded.first?["sets"] as? [JSONObject])
                #expect(recorded.first?["name"] as? String == "Press", "\(recorded)")
                #expect(sets.map { $0["weight"] as? Double } == [0, 60], "\(sets)")
                #expect(sets.map { $0["position"] as? Int } == [1, 2], "\(sets)")
            }
        }
    }
}
