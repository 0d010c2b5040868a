import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// References between mutations of one push: the server remembers the look-ups of a push, and must still see
/// every row the same push created, deleted or failed to write.
@Suite(.hangLimit)
struct PushBatchTests {
    private static func mutation(
        _ kind: String, _ action: String, entity: String, _ fields: [String: Any]? = nil
    ) -> JSONObject {
        var mutation: JSONObject = ["id": UUID().uuidString, "kind": kind, "entity": entity, "action": action]
        if let fields { mutation["fields"] = fields }
        return mutation
    }

    private static func statuses(_ reply: JSONObject) throws -> [String] {
        let value = try #require((try reply.expectSuccess())["value"] as? [String: Any])
        return try #require(value["results"] as? [[String: Any]]).map {
            ($0["status"] as? String ?? "?") + (($0["error"] as? [String: Any])?["code"].map { " \($0)" } ?? "")
        }
    }

    @Test func referencesFollowWhatTheSameBatchWrote() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { coach in
                try await coach.hello()
                _ = try await coach.signUpCoach("ada")
                let rack = UUID().uuidString, press = UUID().uuidString, squat = UUID().uuidString
                let ghost = UUID().uuidString, lost = UUID().uuidString, joan = UUID().uuidString
                let event: [String: Any] = [
                    "client": joan, "start": "2026-11-25T09:00:00Z", "zone": "Europe/Madrid", "duration": 60,
                ]
                let reply = try await coach.request(
                    "sync.push",
                    [
                        "mutations": [
                            // Looked up while missing, then created: the next reference must find it.
                            Self.mutation("exercise", "create", entity: press, ["name": "Press", "machine": rack]),
                            Self.mutation("machine", "create", entity: rack, ["name": "Rack"]),
                            Self.mutation("exercise", "create", entity: squat, ["name": "Squat", "machine": rack]),
                            // Looked up while live, then removed in the batch: a later reference must see it gone.
                            Self.mutation("client", "create", entity: joan, ["name": "Joan", "surname": "Puig"]),
                            Self.mutation("event", "create", entity: UUID().uuidString, event),
                            Self.mutation("client", "delete", entity: joan),
                            Self.mutation("event", "create", entity: UUID().uuidString, event),
                            // A create rolled back (the name is taken): the row never exists for what follows.
                            Self.mutation("machine", "create", entity: ghost, ["name": "Bench"]),
                            Self.mutation("machine", "create", entity: lost, ["name": "bench"]),
                            Self.mutation(
                                "exercise", "create", entity: UUID().uuidString, ["name": "Fly", "machine": lost]),
                        ]
                    ])
                let statuses = try Self.statuses(reply)
                #expect(
                    statuses == [
                        "rejected 124", "applied", "applied",
                        "applied", "applied", "applied", "rejected 124",
                        "applied", "rejected 120", "rejected 124",
                    ], "\(statuses)")
            }
        }
    }

    /// A document the push's first reading only skipped, and that turns out unreadable (a number out of range),
    /// refuses its own mutation only: the rest of the push is applied.
    @Test func anUnreadableDocumentRefusesOnlyItsMutation() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { coach in
                try await coach.hello()
                _ = try await coach.signUpCoach("ada")
                let joan = UUID().uuidString
                _ = try await coach.request(
                    "sync.push",
                    [
                        "mutations": [
                            Self.mutation("client", "create", entity: joan, ["name": "Joan", "surname": "Puig"])
                        ]
                    ]
                )
                .expectSuccess()
                let rowing =
                    #"{"id":"\#(UUID().uuidString)","kind":"machine","entity":"\#(UUID().uuidString)","action":"create","fields":{"name":"Rowing"}}"#
                let entity = UUID().uuidString
                for position in ["1e400", "1"] {
                    // The same session entity both times, under new mutation ids.
                    let session =
                        #"{"id":"\#(UUID().uuidString)","kind":"session","entity":"\#(entity)","action":"create","fields":"#
                        + #"{"client":"\#(joan)","exercises":[{"name":"Row","sets":[{"position":\#(position),"reps":10}]}],"start":"2026-03-02T18:30:00Z"}}"#
                    let reply = try await coach.send(
                        #"{"id":7,"op":"sync.push","body":{"mutations":[\#(rowing),\#(session)]}}"#)
                    if position == "1e400" {
                        #expect(try Self.statuses(reply) == ["applied", "rejected 9"], "\(reply)")
                    } else {
                        // The machine mutation again: already applied. The session was not created the first time.
                        #expect(try Self.statuses(reply) == ["duplicate", "applied"], "\(reply)")
                    }
                }
            }
        }
    }
}
