import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

extension MigrationTests {
    /// The migration that lets a gym be a row's tenant, on each engine.
    static var gymLibrarySteps: [Step] {
        TestEngine.all.map { Step(engine: $0, name: $0 == .sqlite ? "v13-gym-library" : "v6-gym-library") }
    }

    /// Before it, `entities.coach_id` references `users` and a row whose tenant is a gym is refused; after it, such
    /// a row is stored, the names stay unique per tenant, and the rows written before are still read by the indexes.
    @Test(arguments: gymLibrarySteps)
    func aGymBecomesARowsTenantAndTheUniqueNamesHoldPerTenant(step: Step) async throws {
        let gym = UUID()
        let fixture = try await MigrationFixture.upgrading(step.engine, before: step.name) { db in
            try MigrationFixture.insertCoach(db, id: Self.coach)
            try MigrationFixture.insertEntity(
                db, id: Self.bench, kind: "machine", coach: Self.coach, nameKey: "bench", data: #"{"name":"Bench"}"#,
                fieldVersions: #"{"name":1}"#, version: 1)
        }
        let store = fixture.store
        try await store.write { db in
            try MigrationFixture.insertEntity(
                db, id: UUID().key, kind: "machine", coach: gym, nameKey: "bench", data: #"{"name":"Bench"}"#,
                fieldVersions: #"{"name":2}"#, version: 2)
        }
        await #expect(throws: (any Error).self) {
            try await store.write { db in
                try MigrationFixture.insertEntity(
                    db, id: UUID().key, kind: "machine", coach: gym, nameKey: "bench", data: #"{"name":"bench"}"#,
                    fieldVersions: #"{"name":3}"#, version: 3)
            }
        }
        let tenants = try await store.read { db in
            try db.values(
                String.self,
                sql: "SELECT coach_id FROM entities WHERE kind = 'machine' AND version > ? ORDER BY version",
                arguments: [0])
        }
        #expect(tenants == [Self.coach.key, gym.key])
        await fixture.close()
    }
}
