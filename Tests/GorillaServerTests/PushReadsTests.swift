import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// A push reads each row it writes once, and a pull leaves out the versions the device says it holds, on the engine
/// the suite runs on.
@Suite(.hangLimit)
struct PushReadsTests {
    private static let coach = UserRecord(
        id: UUID(uuidString: "0193a000-0000-7000-8000-0000000000a1")!, role: .coach, username: "ada",
        email: "ada@example.com", passwordHash: "scrypt$stored", name: "Ada", surname: "Tester", nif: nil,
        language: .en, coachID: nil)
    private static let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)

    private static func push(_ store: ServerStore, _ mutations: [Mutation]) async throws -> [MutationResult] {
        try await store.push(mutations.map(PushedMutation.init), principal: coach, configuration: configuration)
            .results
    }

    private static func machine(_ entity: UUID, _ action: MutationAction, _ name: String? = nil) -> Mutation {
        Mutation(
            id: UUID(), kind: "machine", entity: entity, action: action, fields: name.map { ["name": .string($0)] })
    }

    @Test func aPushReadsEachRowItWritesOnce() async throws {
        let store = try await TestEngine.current.makeStore()
        try await store.createUser(Self.coach)
        let rack = UUID(), bench = UUID()
        let created = try await Self.push(store, [Self.machine(rack, .create, "Rack"), Self.machine(bench, .create, "Bench")])
        #expect(created.map(\.status) == [.applied, .applied])

        let reads = RowReads()
        let results = try await RowReads.$current.withValue(reads) {
            try await Self.push(store, [Self.machine(rack, .update, "Squat rack"), Self.machine(bench, .delete)])
        }
        #expect(results.map(\.status) == [.applied, .applied])
        #expect(reads.count(rack) == 1)
        #expect(reads.count(bench) == 1)
    }

    @Test func aPullLeavesOutTheVersionsTheDeviceHoldsAndMovesItsCursorPastThem() async throws {
        let store = try await TestEngine.current.makeStore()
        try await store.createUser(Self.coach)
        let results = try await Self.push(
            store, ["Rack", "Bench", "Press"].map { Self.machine(UUID(), .create, $0) })
        let versions = results.compactMap(\.version)
        #expect(versions.count == 3)

        let page = try FastJSON.parse(
            try await store.pull(since: 0, limit: 100, skipping: [versions[0], versions[2]], principal: Self.coach)
                .bytes)
        let value = page.objectValue ?? [:]
        let changes = value["changes"]?.arrayValue ?? []
        #expect(changes.map { $0.objectValue?["version"]?.intValue.map(Int64.init) } == [versions[1]])
        #expect(Int64(value["cursor"]?.intValue ?? 0) >= versions[2])
    }

    @Test func aPullAskingToSkipTooManyVersionsIsRefusedClearly() async throws {
        try await withTestServer { server in
            try await withClient(port: server.port) { device in
                try await device.hello()
                _ = try await device.signUpCoach("ada")
                let reply = try await device.request(
                    "sync.pull", ["since": 0, "skip": Array(1...(SyncLimits.maxPullSkip + 1))])
                #expect(reply.errorCode == WireErrorCode.tooLarge.rawValue, "\(reply)")
                #expect(reply.error?["message"] as? String != nil, "\(reply)")
                // The connection still answers.
                _ = try await device.request("sync.pull", ["since": 0, "skip": [1, 2]]).expectSuccess()
            }
        }
    }
}
