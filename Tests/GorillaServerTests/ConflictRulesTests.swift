import Foundation
import GorillaTesting
import GorillaShared
import Testing

@testable import GorillaServer

/// How the store records an overwrite: a conflict row naming both devices and both values, seen only by the account
/// that pushed the overwrite, made once however often the push is repeated.
@Suite struct ConflictRulesTests {
    let store: ServerStore
    let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
    let coach: UserRecord
    let ana: UserRecord
    let phone = SyncDevice(id: UUID(), name: "Ada's phone")
    let laptop = SyncDevice(id: UUID(), name: "Ada's laptop")

    init() async throws {
        store = try await TestEngine.current.makeStore()
        coach = UserRecord(
            role: .coach, username: "ada", email: "ada@example.com", passwordHash: "scrypt$stored",
            name: "Ada", surname: "Lovelace", nif: nil, language: .en)
        try await store.createUser(coach)
        let clientID = UUID()
        _ = try await store.push(
            [PushedMutation(Mutation(kind: "client", entity: clientID, action: .create, fields: ["name": "Ana"]))],
            principal: coach, configuration: configuration)
        ana = UserRecord(
            id: clientID, role: .client, username: "ana", email: "ana@example.com", passwordHash: "scrypt$stored",
            name: "Ana", surname: "Serra", nif: nil, language: .en, coachID: coach.id)
        try await store.createUser(ana)
    }

    private func push(
        _ mutation: Mutation, as principal: UserRecord, from device: SyncDevice?
    ) async throws
        -> MutationResult
    {
        try await store.push(
            [PushedMutation(mutation)], device: device, principal: principal, configuration: configuration
        )
        .results[0]
    }

    /// The conflicts `principal` pulls.
    private func conflicts(seenBy principal: UserRecord) async throws -> [SyncConflict] {
        let page = try await store.pull(since: 0, limit: 1000, principal: principal)
        let reply = try WireCoding.decoder.decode(PullReply.self, from: Data(page.bytes))
        return try reply.changes.filter { $0.kind == EntityKind.conflict.rawValue }.map {
            try SyncConflict(document: $0.data?.objectValue ?? [:])
        }
    }

    @Test func anOverwriteNamesBothDevicesAndValuesAndIsMadeOnce() async throws {
        let machine = UUID()
        let created = try await push(
            Mutation(kind: "machine", entity: machine, action: .create, fields: ["name": "Bench"]), as: coach,
            from: laptop)
        let base = try #require(created.version)
        _ = try await push(
            Mutation(kind: "machine", entity: machine, action: .update, fields: ["name": "Flat bench"], base: base),
            as: coach, from: phone)
        let overwrite = Mutation(
            kind: "machine", entity: machine, action: .update, fields: ["name": "Incline bench"], base: base)
        let result = try await push(overwrite, as: coach, from: laptop)
        #expect(result.overwritten == ["name": "Flat bench"])

        let conflict = try #require(try await conflicts(seenBy: coach).first)
        #expect(conflict.entity == machine && conflict.section == "machine" && conflict.field == "name")
        #expect(conflict.replaced.value == "Flat bench" && conflict.replaced.device == phone)
        #expect(conflict.replaced.at != nil && conflict.replaced.otherAccount == nil)
        #expect(conflict.kept.value == "Incline bench" && conflict.kept.device == laptop)
        #expect(conflict.version == result.version)
        // The same push again is answered from its stored result: no second conflict.
        _ = try await push(overwrite, as: coach, from: laptop)
        #expect(try await conflicts(seenBy: coach).count == 1)
        // A change of a field nobody else touched meanwhile, or made on the latest version, is no conflict.
        _ = try await push(
            Mutation(
                kind: "machine", entity: machine, action: .update, fields: ["name": "Bench"], base: result.version),
            as: coach, from: phone)
        #expect(try await conflicts(seenBy: coach).count == 1)
        #expect(try await conflicts(seenBy: ana).isEmpty)
    }

    @Test func twoChangesOneDeviceQueuedOnTheSameBaseAreNoConflict() async throws {
        let machine = UUID()
        let base = try #require(
            try await push(
                Mutation(kind: "machine", entity: machine, action: .create, fields: ["name": "Bench"]), as: coach,
                from: phone
            ).version)
        // Renamed twice while offline, pushed in two batches: the second knows the first.
        for name in ["Flat bench", "Incline bench"] {
            let result = try await push(
                Mutation(
                    kind: "machine", entity: machine, action: .update, fields: ["name": .string(name)], base: base),
                as: coach, from: phone)
            #expect(result.status == .applied && result.overwritten == nil)
        }
        #expect(try await conflicts(seenBy: coach).isEmpty)
        // From a device that does not name itself, the server cannot tell: reported as before.
        _ = try await push(
            Mutation(kind: "machine", entity: machine, action: .update, fields: ["name": "Bench"], base: base),
            as: coach, from: nil)
        #expect(try await conflicts(seenBy: coach).first?.replaced.device == phone)
    }

    @Test func aValueAnotherAccountWroteIsMarkedAndItsDeviceNeverNamed() async throws {
        let session = UUID()
        let created = try await push(
            Mutation(
                kind: "session", entity: session, action: .create, fields: ["start": "2026-11-22T09:00:00Z"]),
            as: ana, from: SyncDevice(id: UUID(), name: "Ana's phone"))
        let base = try #require(created.version)
        _ = try await push(
            Mutation(kind: "session", entity: session, action: .update, fields: ["notes": "felt strong"], base: base),
            as: ana, from: SyncDevice(id: UUID(), name: "Ana's phone"))
        _ = try await push(
            Mutation(kind: "session", entity: session, action: .update, fields: ["notes": "good form"], base: base),
            as: coach, from: laptop)

        let conflict = try #require(try await conflicts(seenBy: coach).first)
        #expect(conflict.replaced.value == "felt strong" && conflict.replaced.otherAccount == true)
        #expect(conflict.replaced.device == nil)
        #expect(conflict.kept.device == laptop)
        #expect(try await conflicts(seenBy: ana).isEmpty, "the coach's conflict is hers alone")
    }

    @Test func bothPushReadersTakeTheDeviceAPushNames() throws {
        let mutation =
            #"{"action":"create","entity":"7f1d2c3e-0000-4000-8000-000000000002","fields":{"name":"Rack"},"id":"7f1d2c3e-0000-4000-8000-000000000001","kind":"machine"}"#
        let device = #"{"id":"\#(phone.id.key)","name":"Ada's phone"}"#
        for body in [
            #"{"device":\#(device),"mutations":[\#(mutation)]}"#, #"{"mutations":[\#(mutation)],"device":\#(device)}"#,
        ] {
            let line = Array(#"{"id":3,"op":"sync.push","body":\#(body)}"#.utf8)
            let read = try #require(PushedMutation.readRequest(line), "\(body)")
            #expect(read.device == phone && read.mutations.count == 1)
            #expect(PushReadersProbe.disagreement(line) == nil)
        }
        // Anything unusual in the device is left to the general reader, which names the problem.
        for device in [#"{"id":"\#(phone.id.key)","name":"x","extra":1}"#, #"{"id":"nope","name":"x"}"#, #"[]"#] {
            let line = Array(#"{"id":3,"op":"sync.push","body":{"device":\#(device),"mutations":[\#(mutation)]}}"#.utf8)
            #expect(PushedMutation.readRequest(line) == nil, "\(device)")
        }
        let bare = Array(#"{"id":3,"op":"sync.push","body":{"mutations":[\#(mutation)]}}"#.utf8)
        #expect(try #require(PushedMutation.readRequest(bare)).device == nil)
    }

    @Test func aDeviceNameThatCannotBeShownIsReplaced() async throws {
        let odd = SyncDevice(id: UUID(), name: "  \u{7}  ")
        #expect(ServerStore.named(odd).name == "device \(odd.id.key.prefix(8))")
        let long = SyncDevice(id: UUID(), name: String(repeating: "a", count: 500))
        #expect(ServerStore.named(long).name.count == TrainingDraft.maxDeviceNameLength)
    }
}
