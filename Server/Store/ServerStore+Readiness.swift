import Foundation
import GRDB

extension ServerStore {
    /// Why the store cannot serve now: it does not answer, or a migration this build knows is not applied; nil when it
    /// is ready (`/readyz`).
    package func unready() async -> String? {
        let postgres = sqlite == nil
        let known = postgres ? PostgresMigrations.all.map(\.name) : Migrations.migrator.migrations
        do {
            let applied = try await read { db in
                try Set(
                    db.values(
                        String.self,
                        sql: postgres
                            ? "SELECT name FROM gorilla_migrations" : "SELECT identifier FROM grdb_migrations"))
            }
            guard let missing = known.first(where: { !applied.contains($0) }) else { return nil }
            return "migration \(missing) is not applied"
        } catch {
            return "the store does not answer (\(StartupError.describe(error)))"
        }
    }

    /// The bytes the database takes: SQLite's pages, or PostgreSQL's `pg_database_size`.
    package func databaseBytes() async throws -> Int64? {
        let postgres = sqlite == nil
        return try await read { db in
            try db.value(
                Int64.self,
                sql: postgres
                    ? "SELECT pg_database_size(current_database())"
                    : "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
        }
    }
}
