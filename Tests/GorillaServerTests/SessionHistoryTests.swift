import Foundation
import GorillaTesting
import GRDB
import GorillaShared
import Testing

@testable import GorillaServer

/// `sessions.history` in the store: every revision of a session rebuilt from the change log, and only for the accounts
/// that may pull the session.
@Suite struct SessionHistoryTests {
    private struct Tenant {
        var store: ServerStore
        var configuration: ServerConfiguration
        var ada, bob, ana, carla: UserRecord
        /// Ana's session recorded by Ada, Carla's session, and a machine.
        var anasSession, carlasSession, machine: UUID
    }

    private static func account(_ username: String, role: Role, id: UUID = UUID(), coach: UUID? = nil) -> UserRecord {
        UserRecord(
            id: id, role: role, username: username, email: "\(username)@example.com", passwordHash: "scrypt$stored",
            name: username.capitalized, surname: "Tester", nif: nil, language: .en, coachID: coach)
    }

    private static func session(_ sets: [JSONValue], notes: String? = nil) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "start": "2026-11-20T18:00:00Z", "exercises": [["name": "Squat", "sets": .array(sets)]],
        ]
        if let notes { fields["notes"] = .string(notes) }
        return fields
    }

    @discardableResult
    private static func push(
        _ tenant: Tenant, as principal: UserRecord, _ action: MutationAction, _ entity: UUID,
        _ fields: [String: JSONValue]? = nil, kind: String = "session"
    ) async throws -> MutationResult {
        let outcome = try await tenant.store.push(
            [PushedMutation(Mutation(kind: kind, entity: entity, action: action, fields: fields))],
            principal: principal, configuration: tenant.configuration)
        return outcome.results[0]
    }

    /// Ada with her registered clients Ana and Carla, a session of each, and Bob, another coach.
    private static func tenant() async throws -> Tenant {
        let store = try await TestEngine.current.makeStore()
        let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        let ada = account("ada", role: .coach), bob = account("bob", role: .coach)
        let ana = account("ana", role: .client, coach: ada.id), carla = account("carla", role: .client, coach: ada.id)
        for user in [ada, bob] { try await store.createUser(user) }
        let tenant = Tenant(
            store: store, configuration: configuration, ada: ada, bob: bob, ana: ana, carla: carla,
            anasSession: UUID(), carlasSession: UUID(), machine: UUID())
        // The coach's client rows first; a client's account takes the id of their row when they register.
        for client in [ana, carla] {
            let result = try await push(
                tenant, as: ada, .create, client.id, ["name": .string(client.name)], kind: "client")
            #expect(result.status == .applied)
            try await store.createUser(client)
        }
        var anas = session([["reps": 5, "weight": 100]])
        anas["client"] = .string(ana.id.key)
        var carlas = session([["reps": 8, "weight": 40]])
        carlas["client"] = .string(carla.id.key)
        #expect(try await push(tenant, as: ada, .create, tenant.anasSession, anas).status == .applied)
        #expect(try await push(tenant, as: ada, .create, tenant.carlasSession, carlas).status == .applied)
        #expect(
            try await push(tenant, as: ada, .create, tenant.machine, ["name": "Rack"], kind: "machine").status
                == .applied)
        return tenant
    }

    private static func weights(_ revision: SessionRevision) -> [Double] {
        (revision.document.objectValue?["exercises"]?.arrayValue ?? []).flatMap {
            ($0.objectValue?["sets"]?.arrayValue ?? []).compactMap { $0.objectValue?["weight"]?.doubleValue }
        }
    }

    @Test func everyRevisionIsRebuiltFromTheChangeLogOldestFirst() async throws {
        let tenant = try await Self.tenant()
        let id = tenant.anasSession
        let first = try await Self.push(
            tenant, as: tenant.ada, .update, id,
            ["exercises": Self.session([["reps": 5, "weight": 110]])["exercises"]!])
        #expect(first.status == .applied)
        // Nothing changes: no new revision.
        #expect(try await Self.push(tenant, as: tenant.ada, .update, id, ["notes": .null]).status == .applied)
        #expect(try await Self.push(tenant, as: tenant.ada, .update, id, ["notes": "felt heavy"]).status == .applied)

        let history = try await tenant.store.wholeHistory(id: id, principal: tenant.ada).revisions
        #expect(history.map(\.revision) == [1, 2, 3])
        #expect(history.map(Self.weights) == [[100], [110], [110]])
        #expect(history.map { $0.document.objectValue?["notes"]?.stringValue } == [nil, nil, "felt heavy"])
        #expect(history.map(\.changed) == [[], ["exercises"], ["notes"]])
        #expect(history.allSatisfy { $0.by == tenant.ada.id && $0.byName == "Ada Tester" && $0.byRole == .coach })
        #expect(history.map(\.version) == history.map(\.version).sorted() && Set(history.map(\.version)).count == 3)
        #expect(history[1].version == first.version)
        #expect(history.allSatisfy { $0.document.objectValue?["recordedBy"]?.stringValue == "coach" })
        // The newest revision is the stored document.
        let stored = try await tenant.store.read { db in try EntityRow.fetch(db, id: id)?.data }
        #expect(history.last?.document == .object(try #require(stored)))
        #expect(stored?["revision"]?.intValue == 3)
    }

    @Test func theHistoryIsReadOnlyByTheSessionsCoachAndClient() async throws {
        let tenant = try await Self.tenant()
        let id = tenant.anasSession
        #expect(try await Self.push(tenant, as: tenant.ada, .update, id, ["notes": "again"]).status == .applied)
        let coach = try await tenant.store.wholeHistory(id: id, principal: tenant.ada)
        let client = try await tenant.store.wholeHistory(id: id, principal: tenant.ana)
        #expect(coach == client && coach.revisions.count == 2)
        for (principal, session) in [
            (tenant.carla, id), (tenant.bob, id), (tenant.ana, tenant.carlasSession), (tenant.ada, tenant.machine),
            (tenant.ada, UUID()),
        ] {
            do {
                _ = try await tenant.store.wholeHistory(id: session, principal: principal)
                Issue.record("\(principal.username) read the history of \(session)")
            } catch let error as ServerError {
                #expect(error.code == .notFound, "\(principal.username): \(error)")
            }
        }
        // Carla's own session is hers to read, not Ana's.
        #expect(
            try await tenant.store.wholeHistory(id: tenant.carlasSession, principal: tenant.carla).revisions.count
                == 1)
    }

    @Test func aClientsOwnSessionIsMarkedAndItsCorrectionsNameTheClient() async throws {
        let tenant = try await Self.tenant()
        let own = UUID()
        #expect(
            try await Self.push(tenant, as: tenant.ana, .create, own, Self.session([["reps": 10, "weight": 20]])).status
                == .applied)
        #expect(try await Self.push(tenant, as: tenant.ana, .update, own, ["notes": "easy"]).status == .applied)
        #expect(
            try await Self.push(tenant, as: tenant.ada, .update, own, ["notes": "easy? add weight"]).status == .applied)
        let history = try await tenant.store.wholeHistory(id: own, principal: tenant.ada).revisions
        #expect(history.map(\.byRole) == [.client, .client, .coach])
        #expect(history.map(\.by) == [tenant.ana.id, tenant.ana.id, tenant.ada.id])
        let document = try #require(history.first?.document.objectValue)
        #expect(document["recordedBy"]?.stringValue == "client")
        #expect(document["client"]?.stringValue == tenant.ana.id.key)
        // Ana may not correct the session Ada recorded for her.
        let refused = try await Self.push(tenant, as: tenant.ana, .update, tenant.anasSession, ["notes": "mine"])
        #expect(refused.status == .rejected && refused.error?.code == .forbidden)
    }
}
