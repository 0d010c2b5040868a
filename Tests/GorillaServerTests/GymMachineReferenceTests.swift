import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// A coach's own exercise done on a machine of her gym's library: the reference is checked by the access table (may
/// the pushing account read the machine?), on every engine.
@Suite(.hangLimit)
struct GymMachineReferenceTests {
    /// The code of the one result of pushing `mutation` as `principal` (0 when applied).
    static func push(
        _ mutation: JSONObject, as principal: GymPrincipal, _ world: GymWorld, port: Int
    ) async throws
        -> Int
    {
        try await withClient(port: port) { client in
            try await client.hello(language: "en")
            try await client.resume(world.tokens[principal]!).expectSuccess()
            let results = try await client.pushRequiringReply([mutation])
            return (results.first?["error"] as? JSONObject)?["code"] as? Int ?? 0
        }
    }

    @Test func anExerciseOnTheLibrarysMachineIsTakenFromTheGymsCoachesOnly() async throws {
        let expected: [(GymPrincipal, Int)] = [
            (.owner, 0), (.admin, 0), (.coach, 0), (.otherGym, 124), (.independent, 124), (.client, 111),
        ]
        try await withTestServer(configure: GymPermissionMatrixTests.configure) { server in
            let world = try await GymWorld.build(port: server.port)
            for (principal, code) in expected {
                let exercise = mutation(
                    "exercise", UUID(),
                    fields: ["name": "Press of \(principal)", "machine": world.libraryMachine.key])
                let got = try await Self.push(exercise, as: principal, world, port: server.port)
                #expect(got == code, "\(principal)")
            }
        }
    }

    @Test func aCoachWhoLeftTheGymKeepsHerExerciseOnItsMachineButNamesItNoMore() async throws {
        try await withTestServer(configure: GymPermissionMatrixTests.configure) { server in
            let port = server.port
            let world = try await GymWorld.build(port: port)
            let press = UUID()
            let created = mutation("exercise", press, fields: ["name": "Press", "machine": world.libraryMachine.key])
            #expect(try await Self.push(created, as: .coach, world, port: port) == 0)
            try await withClient(port: port) { client in
                try await client.hello(language: "en")
                try await client.resume(world.tokens[.coach]!).expectSuccess()
                try await client.request("gym.leave", [:]).expectSuccess()
            }
            // Her exercise still works: an edit of another field keeps the machine it names.
            let edited = mutation("exercise", press, "update", fields: ["description": "Slow"])
            #expect(try await Self.push(edited, as: .coach, world, port: port) == 0)
            // A new reference to the gym's machine is refused: she reads it no more.
            let another = mutation(
                "exercise", UUID(), fields: ["name": "Press 2", "machine": world.libraryMachine.key])
            #expect(try await Self.push(another, as: .coach, world, port: port) == 124)
            let moved = mutation("exercise", UUID(), fields: ["name": "Press 3"])
            #expect(try await Self.push(moved, as: .coach, world, port: port) == 0)
        }
    }
}
