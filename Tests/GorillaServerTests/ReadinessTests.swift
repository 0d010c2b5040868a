import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// `/readyz` and the database size of `/metrics` read the store on either engine (docs/operations.md, "Metrics and
/// health").
@Suite(.hangLimit)
struct ReadinessTests {
    @Test(arguments: TestEngine.all)
    func aStoreIsReadyWithEveryMigrationAndNotWithoutOne(engine: TestEngine) async throws {
        let store = try await engine.makeStore()
        #expect(await store.unready() == nil)
        #expect(try #require(try await store.databaseBytes()) > 0)
        let (table, column) = engine == .sqlite ? ("grdb_migrations", "identifier") : ("gorilla_migrations", "name")
        let removed = try await store.write { db in
            let one = try #require(try db.values(String.self, sql: "SELECT \(column) FROM \(table)").first)
            try db.execute(sql: "DELETE FROM \(table) WHERE \(column) = ?", arguments: [one])
            return one
        }
        #expect(await store.unready() == "migration \(removed) is not applied")
        await store.close()
    }
}
