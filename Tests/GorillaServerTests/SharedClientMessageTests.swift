import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// Requests of one ``GymWorld`` principal over a real server, each on a connection of its own.
extension GymWorld {
    /// The error code of each result of pushing `mutations` as `principal` (nil: applied).
    func push(_ principal: GymPrincipal, port: Int, _ mutations: [JSONObject]) async throws -> [Int?] {
        try await withClient(port: port) { client in
            try await client.hello(language: "en")
            try await client.resume(tokens[principal]!).expectSuccess()
            let results = try await client.pushRequiringReply(mutations)
            return results.map { ($0["error"] as? JSONObject)?["code"] as? Int }
        }
    }

    /// The rows `principal` pulls from 0, by id.
    func pulled(_ principal: GymPrincipal, port: Int) async throws -> [String: JSONObject] {
        try await withClient(port: port) { client in
            try await client.hello(language: "en")
            try await client.resume(tokens[principal]!).expectSuccess()
            let changes = try await client.pullEverything()
            return Unchecked(
                Dictionary(changes.compactMap { c in c.string("id").map { ($0.lowercased(), c) } }) { a, _ in a })
        }.value
    }

    /// The reply to `op` with `body` as `principal`, required to succeed.
    @discardableResult
    func run(_ principal: GymPrincipal, port: Int, _ op: String, _ body: JSONObject = [:]) async throws -> JSONObject {
        try await withClient(port: port) { client in
            try await client.hello(language: "en")
            try await client.resume(tokens[principal]!).expectSuccess()
            return Unchecked(try await client.request(op, body).expectSuccess())
        }.value
    }
}

/// A client's conversations with each of their coaches, over a real server (``GymWorld``): olga shares her client cleo
/// with cora. Cora and cleo write to each other; olga never reads that conversation, nor cora olga's, while cleo reads
/// both; each recipient, and only they, marks a message read. When the share ends, cora writes to cleo no more and
/// cleo no more to her (the access table's `party` condition, ``GorillaShared/Access/Condition/party``).
@Suite(.hangLimit)
struct SharedClientMessageTests {
    let olgasMessage = UUID()
    let corasMessage = UUID()
    let toCora = UUID()
    let toOlga = UUID()

    /// Cleo's coaches as `profile.get` names them: username, id and whether shared.
    func coaches(_ world: GymWorld, port: Int) async throws -> [String: (id: String, shared: Bool)] {
        let profile = try await world.run(.client, port: port, "profile.get")
        let coaches = try #require(profile.value?["coaches"] as? [JSONObject])
        return Dictionary(
            uniqueKeysWithValues: coaches.compactMap { coach in
                guard let name = coach["username"] as? String, let id = coach["id"] as? String else { return nil }
                return (name, (id.lowercased(), coach["shared"] as? Bool ?? false))
            })
    }

    func message(_ id: UUID, to: String, _ text: String) -> JSONObject {
        mutation("message", id, fields: ["to": to, "text": text])
    }

    func markRead(_ id: UUID) -> JSONObject {
        mutation("message", id, "update", fields: ["read": "2026-11-25T10:00:00Z"])
    }

    @Test func eachCoachOfASharedClientHasAConversationOfHerOwnWithThem() async throws {
        try await withTestServer(configure: GymPermissionMatrixTests.configure) { server in
            let port = server.port
            let world = try await GymWorld.build(port: port)
            let cleo = world.client.key
            #expect(try await world.push(.owner, port: port, [message(olgasMessage, to: cleo, "From olga")]) == [nil])
            // Before the share cleo is no client of cora's, and cora none of cleo's coaches.
            #expect(try await world.push(.coach, port: port, [message(UUID(), to: cleo, "Too early")]) == [124])
            var named = try await coaches(world, port: port)
            #expect(named.keys.sorted() == ["olga"])
            let olga = try #require(named["olga"]?.id)

            try await world.run(.owner, port: port, "gym.share", ["client": cleo, "with": "cora"])
            named = try await coaches(world, port: port)
            let cora = try #require(named["cora"]?.id)
            #expect(named["cora"]?.shared == true && named["olga"]?.shared == false)

            #expect(try await world.push(.coach, port: port, [message(corasMessage, to: cleo, "From cora")]) == [nil])
            let adam = UUID().key
            let fromCleo = try await world.push(
                .client, port: port,
                [
                    message(toCora, to: cora, "To cora"), message(toOlga, to: olga, "To olga"),
                    message(UUID(), to: adam, "To nobody"),
                ])
            #expect(fromCleo == [nil, nil, 111], "\(fromCleo)")

            // Cleo reads both conversations; each coach her own alone; nobody else any.
            let everything = Set([olgasMessage, corasMessage, toCora, toOlga].map(\.key))
            let expected: [GymPrincipal: Set<String>] = [
                .client: everything, .owner: [olgasMessage.key, toOlga.key], .coach: [corasMessage.key, toCora.key],
                .admin: [], .colleagueClient: [], .sharedClient: [], .otherGymClient: [], .independent: [], .otherGym: [],
            ]
            for (principal, wanted) in expected {
                let rows = try await world.pulled(principal, port: port)
                #expect(Set(rows.keys).intersection(everything) == wanted, "\(principal)")
            }
            // Cora's message is filed under olga, as everything she records for cleo.
            let row = try #require(try await world.pulled(.client, port: port)[corasMessage.key])
            #expect((row["data"] as? JSONObject)?["from"] as? String == cora)

            // The recipient marks a message read; the sender and the other coach do not.
            #expect(try await world.push(.coach, port: port, [markRead(toCora), markRead(corasMessage)]) == [nil, 111])
            #expect(try await world.push(.owner, port: port, [markRead(toCora), markRead(corasMessage)]) == [112, 112])
            #expect(try await world.push(.client, port: port, [markRead(corasMessage)]) == [nil])
            let counts = try await world.run(.owner, port: port, "sync.updated", ["since": 0])
            let sections = counts.value?["sections"] as? JSONObject
            #expect(sections?["message"] as? Int == 2, "olga's sync.updated counts her conversation alone")

            try await world.run(.owner, port: port, "gym.unshare", ["client": cleo])
            #expect(try await world.push(.coach, port: port, [message(UUID(), to: cleo, "Still there?")]) == [124])
            #expect(try await world.push(.client, port: port, [message(UUID(), to: cora, "Hello?")]) == [111])
            #expect(Set(try await world.pulled(.client, port: port).keys).isSuperset(of: everything))
            #expect(Set(try await world.pulled(.coach, port: port).keys).isDisjoint(with: everything))
        }
    }
}

/// The catalogue of the coach who shares a client, as the colleague reads it (``GymWorld``): olga shares cleo with
/// cora, who then pulls olga's exercises marked as hers (`"colleague": "olga"`, also in the fetch of cleo's rows), names
/// them in what she records for cleo, and changes none of them; nobody else reads them, and cora not once the share
/// has ended (the access table's `sharingCoach` relation).
@Suite(.hangLimit)
struct SharedCatalogueTests {
    @Test func aColleagueReadsTheSharingCoachsCatalogueAndNamesItForTheSharedClient() async throws {
        try await withTestServer(configure: GymPermissionMatrixTests.configure) { server in
            let port = server.port
            let world = try await GymWorld.build(port: port)
            let cleo = world.client.key
            let olgas = GymWorld.ownExercise(of: .owner).key
            #expect(try await world.pulled(.coach, port: port)[olgas] == nil, "before the share")

            try await world.run(.owner, port: port, "gym.share", ["client": cleo, "with": "cora"])
            let rows = try await world.pulled(.coach, port: port)
            #expect(rows[olgas]?["colleague"] as? String == "olga", "\(rows[olgas] ?? [:])")
            #expect(rows[GymWorld.ownExercise(of: .admin).key] == nil, "adam shares nothing with cora")
            #expect(rows[GymWorld.ownExercise(of: .otherGym).key] == nil)
            let fetched = try await world.run(.coach, port: port, "sync.pull", ["since": 0, "sharedClient": cleo])
            let changes = fetched.value?["changes"] as? [JSONObject] ?? []
            let fetchedRow = changes.first { ($0["id"] as? String)?.lowercased() == olgas }
            #expect(fetchedRow?["colleague"] as? String == "olga", "the fetch of cleo's rows brings her coach's catalogue")
            for principal in [GymPrincipal.admin, .independent, .otherGym, .colleagueClient, .otherGymClient] {
                #expect(try await world.pulled(principal, port: port)[olgas] == nil, "\(principal)")
            }
            let cleos = try await world.pulled(.client, port: port)[olgas]
            #expect(cleos != nil && cleos?["colleague"] == nil, "cleo reads it as her own coach's")

            // Cora records for cleo with it, and changes nothing of it.
            let session: JSONObject = [
                "client": cleo, "start": "2026-11-24T09:00:00Z", "end": "2026-11-24T10:00:00Z",
                "exercises": [["exercise": olgas, "name": "Own of owner", "sets": [["reps": 8, "weight": 50]]]],
            ]
            let written = try await world.push(
                .coach, port: port,
                [
                    mutation("session", UUID(), fields: session),
                    mutation("exercise", GymWorld.ownExercise(of: .owner), "update", fields: ["name": "Renamed"]),
                    mutation("exercise", GymWorld.ownExercise(of: .owner), "delete"),
                ])
            #expect(written == [nil, 111, 111], "\(written)")

            try await world.run(.owner, port: port, "gym.unshare", ["client": cleo])
            #expect(try await world.pulled(.coach, port: port)[olgas] == nil, "unshared")
            let after = try await world.push(
                .coach, port: port,
                [mutation("exercise", GymWorld.ownExercise(of: .owner), "update", fields: ["name": "Renamed"])])
            #expect(after == [112], "\(after)")
        }
    }
}
