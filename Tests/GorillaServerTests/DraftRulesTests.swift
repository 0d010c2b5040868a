import Foundation
import GorillaTesting
import GorillaShared
import Testing

@testable import GorillaServer

/// The rules of an unfinished session's draft in the store: a bounded opaque state, a holding device, one device at a
/// time, and rows seen only by the account that records them.
@Suite struct DraftRulesTests {
    let store: ServerStore
    let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
    let coach: UserRecord
    let ana: UserRecord
    let phone = TrainingDraft.Device(id: UUID(), name: "Ada's phone")
    let tablet = TrainingDraft.Device(id: UUID(), name: "Ada's tablet")

    init() async throws {
        store = try await TestEngine.current.makeStore()
        coach = UserRecord(
            role: .coach, username: "ada", email: "ada@example.com", passwordHash: "scrypt$stored",
            name: "Ada", surname: "Lovelace", nif: nil, language: .en)
        try await store.createUser(coach)
        // The coach's row of her client, then the client's account with its id (as a registration makes it).
        let clientID = UUID()
        let created = try await store.push(
            [PushedMutation(Mutation(kind: "client", entity: clientID, action: .create, fields: ["name": "Ana"]))],
            principal: coach, configuration: configuration)
        #expect(created.results.first?.status == .applied)
        ana = UserRecord(
            id: clientID, role: .client, username: "ana", email: "ana@example.com", passwordHash: "scrypt$stored",
            name: "Ana", surname: "Serra", nif: nil, language: .en, coachID: coach.id)
        try await store.createUser(ana)
    }

    private func push(_ mutation: Mutation, as principal: UserRecord) async throws -> MutationResult {
        try await store.push([PushedMutation(mutation)], principal: principal, configuration: configuration).results[0]
    }

    private func draft(
        client: UUID? = nil, state: JSONValue = ["items": [], "id": "x"], device: TrainingDraft.Device? = nil
    ) throws -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "session": .string(UUID().key), "state": state,
            "device": try JSONValue.encode(device ?? phone), "updated": "2026-11-22T10:00:00Z",
        ]
        fields["client"] = .string((client ?? ana.id).key)
        return fields
    }

    /// Changes of kind `draft` that `principal` pulls.
    private func drafts(seenBy principal: UserRecord) async throws -> [Change] {
        let page = try await store.pull(since: 0, limit: 1000, principal: principal)
        let reply = try WireCoding.decoder.decode(PullReply.self, from: Data(page.bytes))
        return reply.changes.filter { $0.kind == EntityKind.draft.rawValue }
    }

    @Test func theStateIsAnObjectOfBoundedSizeAndDepthAndTheDeviceIsNamed() async throws {
        func result(_ fields: [String: JSONValue]) async throws -> MutationResult {
            try await push(Mutation(kind: "draft", entity: UUID(), action: .create, fields: fields), as: coach)
        }
        var deep: JSONValue = ["leaf": 1]
        for _ in 0..<TrainingDraft.maxStateDepth { deep = ["next": deep] }
        var shallowEnough: JSONValue = ["leaf": 1]
        for _ in 0..<(TrainingDraft.maxStateDepth - 2) { shallowEnough = ["next": shallowEnough] }
        let big: JSONValue = ["notes": .string(String(repeating: "x", count: TrainingDraft.maxStateBytes))]

        #expect(try await result(try draft()).status == .applied)
        #expect(try await result(try draft(state: shallowEnough)).status == .applied)
        #expect(try await result(try draft(state: deep)).error?.code == .invalidField)
        #expect(try await result(try draft(state: "a recorder")).error?.code == .invalidField)
        #expect(try await result(try draft(state: big)).error?.code == .tooLarge)
        var missing = try draft()
        missing["device"] = nil
        #expect(try await result(missing).error?.code == .missingFields)
        var badDevice = try draft()
        badDevice["device"] = ["id": "not an id", "name": "Phone"]
        #expect(try await result(badDevice).error?.code == .invalidField)
        badDevice["device"] = ["id": .string(UUID().key), "name": "Phone", "owner": "x"]
        #expect(try await result(badDevice).error?.code == .invalidField)
        var extra = try draft()
        extra["sets"] = []
        #expect(try await result(extra).error?.code == .invalidField)
        #expect(try await result(try draft(client: UUID())).error?.code == .invalidReference)
        var badTime = try draft()
        badTime["updated"] = "yesterday"
        #expect(try await result(badTime).error?.code == .invalidField)
    }

    @Test func onlyTheHoldingDeviceOrOneThatSawTheLatestHandOverWritesTheDraft() async throws {
        let id = UUID()
        let created = try await push(
            Mutation(kind: "draft", entity: id, action: .create, fields: try draft()), as: coach)
        let first = try #require(created.version)
        func update(
            _ device: TrainingDraft.Device?, base: Int64?, state: JSONValue = ["step": 2]
        ) async throws
            -> MutationResult
        {
            var fields: [String: JSONValue] = ["state": state, "updated": "2026-11-22T10:05:00Z"]
            if let device { fields["device"] = try JSONValue.encode(device) }
            return try await push(
                Mutation(kind: "draft", entity: id, action: .update, fields: fields, base: base), as: coach)
        }
        // The holder writes, whatever it saw last.
        #expect(try await update(phone, base: nil).status == .applied)
        let phoneWrote = try #require(try await update(phone, base: first).version)
        // A take-over that had not seen the latest state is still a take-over of the holder it saw: the hand-over is
        // what counts, not the state.
        let takenOver = try await update(tablet, base: first)
        #expect(takenOver.status == .applied)
        let handOver = try #require(takenOver.version)
        #expect(handOver > phoneWrote)

        // The phone did not see the hand-over: it can neither write, nor take the draft back, nor delete it.
        let stale = try await update(phone, base: phoneWrote, state: ["step": 99])
        #expect(stale.status == .rejected)
        #expect(stale.error?.code == .forbidden)
        #expect(stale.error?.message.contains("Ada's tablet") == true, "\(String(describing: stale.error))")
        #expect(try await update(nil, base: phoneWrote).error?.code == .forbidden, "a write naming no device")
        let staleDelete = try await push(
            Mutation(
                kind: "draft", entity: id, action: .delete, fields: ["device": try JSONValue.encode(phone)],
                base: phoneWrote), as: coach)
        #expect(staleDelete.error?.code == .forbidden)
        var seen = try await drafts(seenBy: coach)
        #expect(seen.first?.data?.objectValue?["device"]?.objectValue?["name"] == "Ada's tablet")
        #expect(seen.first?.data?.objectValue?["state"] == ["step": 2])

        // Having seen it, the phone may take it back; the tablet, now stale, may not delete it; the phone may.
        let back = try await update(phone, base: handOver)
        #expect(back.status == .applied)
        let tabletDelete = try await push(
            Mutation(
                kind: "draft", entity: id, action: .delete, fields: ["device": try JSONValue.encode(tablet)],
                base: handOver), as: coach)
        #expect(tabletDelete.error?.code == .forbidden)
        let deleted = try await push(
            Mutation(
                kind: "draft", entity: id, action: .delete, fields: ["device": try JSONValue.encode(phone)],
                base: handOver), as: coach)
        #expect(deleted.status == .applied)
        seen = try await drafts(seenBy: coach)
        #expect(seen.first?.deleted == true)
    }

    @Test func aDraftIsSeenOnlyByTheAccountThatRecordsIt() async throws {
        let coachDraft = UUID()
        let anaDraft = UUID()
        #expect(
            try await push(Mutation(kind: "draft", entity: coachDraft, action: .create, fields: try draft()), as: coach)
                .status == .applied)
        // A client records their own training: the draft names them, whatever client it says.
        var own = try draft(client: UUID())
        own["client"] = nil
        #expect(
            try await push(Mutation(kind: "draft", entity: anaDraft, action: .create, fields: own), as: ana).status
                == .applied)
        #expect(try await drafts(seenBy: coach).map(\.id) == [coachDraft])
        let anaSees = try await drafts(seenBy: ana)
        #expect(anaSees.map(\.id) == [anaDraft])
        #expect(anaSees.first?.data?.objectValue?["client"] == .string(ana.id.key))
        let coachSections = try await store.updated(since: 0, principal: coach).sections
        let anaSections = try await store.updated(since: 0, principal: ana).sections
        #expect(coachSections["draft"] == 1 && anaSections["draft"] == 1, "\(coachSections) \(anaSections)")
        #expect(coachSections["session"] == nil, "a draft is not a session")

        // Neither can write the other's draft: it does not exist for them.
        let coachWrites = try await push(
            Mutation(kind: "draft", entity: anaDraft, action: .update, fields: ["state": ["x": 1]]), as: coach)
        #expect(coachWrites.error?.code == .notFound)
        let anaDeletes = try await push(Mutation(kind: "draft", entity: coachDraft, action: .delete), as: ana)
        #expect(anaDeletes.error?.code == .notFound)
    }
}
