import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// `gym.share` and `gym.unshare` over a real server (``GymWorld``): olga shares her client cleo with cora, a coach of
/// her gym. Cora then pulls cleo's row (without olga's private notes) and measurements, never her messages, and
/// changes none of them; nobody else reads them; unsharing, an end already past and a coach leaving the gym end it.
@Suite(.hangLimit)
struct SharedClientTests {
    let measurement = UUID()
    let message = UUID()

    /// Runs `op` with `body` as `principal`, answering the reply.
    func ask(
        _ principal: GymPrincipal, _ world: GymWorld, port: Int, _ op: String, _ body: JSONObject = [:],
        push: [JSONObject] = []
    ) async throws -> JSONObject {
        try await withClient(port: port) { client in
            try await client.hello(language: "en")
            try await client.resume(world.tokens[principal]!).expectSuccess()
            if !push.isEmpty { return Unchecked(["results": try await client.pushRequiringReply(push)] as JSONObject) }
            return Unchecked(try await client.request(op, body))
        }.value
    }

    @Test func aSharedClientIsReadByTheColleagueAloneUntilTheShareEnds() async throws {
        try await withTestServer(configure: GymPermissionMatrixTests.configure) { server in
            let port = server.port
            let world = try await GymWorld.build(port: port)
            let cleo = world.client.key
            _ = try await ask(
                .owner, world, port: port, "",
                push: [
                    mutation("client", world.client, "update", fields: ["notes": "private to olga"]),
                    mutation(
                        "measurement", measurement,
                        fields: ["client": cleo, "date": "2026-11-23T08:00:00Z", "weight": 71]),
                    mutation("message", message, fields: ["to": cleo, "text": "Only for cleo"]),
                ])
            let shared = try await ask(.owner, world, port: port, "gym.share", ["client": cleo, "with": "cora"])
            #expect(try shared.expectSuccess().value?["with"] as? [String] == ["cora"])

            for principal in [
                GymPrincipal.client, .colleagueClient, .sharedClient, .otherGymClient, .independent, .otherGym, .coach,
                .admin,
            ] {
                let rows = try await world.pulled(principal, port: port)
                let reads = principal == .coach || principal == .client
                #expect((rows[measurement.key] != nil) == reads, "\(principal) reads cleo's measurement")
                #expect(
                    (rows[cleo] != nil) == reads, "\(principal) reads cleo's row")
                if principal == .coach {
                    #expect(rows[message.key] == nil, "a colleague never reads a message")
                    let row = try #require(rows[cleo])
                    #expect(row["shared"] as? Bool == true)
                    #expect((row["data"] as? JSONObject)?["notes"] == nil, "the private notes stay olga's")
                    #expect((row["data"] as? JSONObject)?["name"] as? String == "Cleo")
                }
                // Reading is all a colleague does; to anyone else the row does not exist.
                let results = try await ask(
                    principal, world, port: port, "",
                    push: [mutation("measurement", measurement, "update", fields: ["weight": 60])])
                let code = ((results["results"] as? [JSONObject])?.first?["error"] as? JSONObject)?["code"] as? Int
                #expect(code == (principal == .coach ? 111 : principal == .client ? nil : 112), "\(principal)")
            }

            let ended = try await ask(.owner, world, port: port, "gym.unshare", ["client": cleo])
            #expect(try ended.expectSuccess().value?["ended"] as? Int == 1)
            #expect(try await world.pulled(.coach, port: port)[measurement.key] == nil, "unshared")

            let past = try await ask(
                .owner, world, port: port, "gym.share",
                ["client": cleo, "with": "cora", "until": "2020-01-01T00:00:00Z"])
            #expect(past.errorCode == 9, "\(past)")

            _ = try await ask(
                .owner, world, port: port, "gym.share",
                ["client": cleo, "with": "cora", "until": "2100-01-01T00:00:00Z"]
            ).expectSuccess()
            #expect(try await world.pulled(.coach, port: port)[measurement.key] != nil, "shared until 2100")
            _ = try await ask(.coach, world, port: port, "gym.leave").expectSuccess()
            #expect(try await world.pulled(.coach, port: port)[measurement.key] == nil, "cora left the gym")
        }
    }
}
