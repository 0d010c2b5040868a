import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// Who recorded a body measurement (``RecordedBy``) is the server's to say, on every engine: it is set from the
/// account that creates the row, and a device that sends it, on a create or an update, is refused.
@Suite struct MeasurementRecorderTests {
    let store: ServerStore
    let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
    let coach: UserRecord
    let ana: UserRecord

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

    private func push(
        _ action: MutationAction, _ entity: UUID, _ fields: [String: JSONValue]?, as principal: UserRecord
    ) async throws -> MutationResult {
        let mutation = Mutation(kind: "measurement", entity: entity, action: action, fields: fields)
        return try await store.push([PushedMutation(mutation)], principal: principal, configuration: configuration)
            .results[0]
    }

    /// The stored document of `id`, as the coach pulls it.
    private func stored(_ id: UUID) async throws -> [String: JSONValue]? {
        let page = try await store.pull(since: 0, limit: 1000, principal: coach)
        let reply = try WireCoding.decoder.decode(PullReply.self, from: Data(page.bytes))
        return reply.changes.first { $0.id == id }?.data?.objectValue
    }

    @Test func theServerSetsWhoRecordedAMeasurementAndRefusesAForgedValue() async throws {
        let byCoach = UUID()
        let byClient = UUID()
        let coachFields: [String: JSONValue] = ["client": .string(ana.id.key), "date": "2026-11-20", "weight": 72]
        #expect(try await push(.create, byCoach, coachFields, as: coach).status == .applied)
        #expect(try await push(.create, byClient, ["date": "2026-11-21", "weight": 71.5], as: ana).status == .applied)
        #expect(try await stored(byCoach)?[RecordedBy.field] == "coach")
        #expect(try await stored(byClient)?[RecordedBy.field] == "client")

        // A client that claims the coach recorded it, or a coach that claims the client did, is refused; nothing is
        // stored.
        let forged = UUID()
        let claimed = try await push(
            .create, forged, ["date": "2026-11-22", "weight": 70, "recordedBy": "coach"], as: ana)
        #expect(claimed.status == .rejected && claimed.error?.code == .invalidField, "\(claimed)")
        #expect(try await stored(forged) == nil)
        var coachClaims = coachFields
        coachClaims["recordedBy"] = "client"
        #expect(try await push(.create, UUID(), coachClaims, as: coach).error?.code == .invalidField)

        // An update cannot change it either, and a correction by the other side keeps who recorded it.
        #expect(try await push(.update, byClient, ["recordedBy": "coach"], as: coach).error?.code == .invalidField)
        #expect(try await push(.update, byCoach, ["recordedBy": .null], as: ana).error?.code == .invalidField)
        #expect(try await push(.update, byClient, ["weight": 71], as: coach).status == .applied)
        let corrected = try #require(try await stored(byClient))
        #expect(corrected["weight"] == 71 && corrected[RecordedBy.field] == "client", "\(corrected)")
        #expect(RecordedBy.isClientsOwn(corrected))
        #expect(try await stored(byCoach).map(RecordedBy.isClientsOwn) == false)
    }
}
