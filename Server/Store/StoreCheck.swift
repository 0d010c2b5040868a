import Foundation
import GRDB
import GorillaShared

/// What `gorilla-server check` finds in a store: its integrity (SQLite's own check), its schema against the migrations
/// this build knows, and what it holds.
package struct StoreCheck: Sendable, Codable, Equatable {
    /// "SQLite" or "PostgreSQL".
    package var engine: String
    /// SQLite's integrity check: empty when sound (always empty on PostgreSQL, which checks itself).
    package var problems: [String]
    /// The last migration the store has.
    package var schema: String
    /// The last migration this build knows: the store is current when `schema` is this one.
    package var expectedSchema: String
    /// The newest version of synced data.
    package var version: Int64
    /// Accounts by role (`coach`, `client`), removed ones left out.
    package var accounts: [String: Int]
    /// Synced rows by kind, deleted ones left out.
    package var rows: [String: Int]
    /// Rows of the change log (the revisions kept).
    package var revisions: Int
    /// Whether nothing is wrong: sound, and of the schema this build writes.
    package var healthy: Bool

    package init(
        engine: String, problems: [String], schema: String, expectedSchema: String, version: Int64,
        accounts: [String: Int], rows: [String: Int], revisions: Int
    ) {
        self.engine = engine
        self.problems = problems
        self.schema = schema
        self.expectedSchema = expectedSchema
        self.version = version
        self.accounts = accounts
        self.rows = rows
        self.revisions = revisions
        healthy = problems.isEmpty && schema == expectedSchema
    }

    /// The migrations applied to the SQLite database `db`, in the order they were (none when it has no table of
    /// them).
    static func appliedMigrations(_ db: Database) throws -> [String] {
        guard try db.tableExists("grdb_migrations") else { return [] }
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }

    /// SQLite's integrity check of `db`: empty when it is sound.
    static func integrityProblems(_ db: Database) throws -> [String] {
        let lines = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        return lines == ["ok"] ? [] : lines
    }

    /// The last of `known` migrations that `applied` holds, and a problem for each applied one this build does not know
    /// (a store written by a newer build).
    package static func schema(applied: [String], known: [String]) -> (String, [String]) {
        let unknown = applied.filter { !known.contains($0) }
        return (
            known.last(where: applied.contains) ?? "",
            unknown.map { "migration \($0) is newer than this build" }
        )
    }

    /// Reads the facts the queries of both engines give (everything but the integrity check).
    static func facts(
        _ db: any SQLTransaction, engine: String, problems: [String], schema: String, expected: String
    ) throws -> StoreCheck {
        var accounts: [String: Int] = [:]
        for row in try db.fetchAll(sql: "SELECT role, COUNT(*) AS n FROM users WHERE disabled = 0 GROUP BY role") {
            accounts[row["role"] as String] = row["n"] as Int
        }
        var rows: [String: Int] = [:]
        for row in try db.fetchAll(sql: "SELECT kind, COUNT(*) AS n FROM entities WHERE deleted = 0 GROUP BY kind") {
            rows[row["kind"] as String] = row["n"] as Int
        }
        return StoreCheck(
            engine: engine, problems: problems, schema: schema, expectedSchema: expected,
            version: try ServerStore.newestVersion(db) ?? 0, accounts: accounts, rows: rows,
            revisions: try db.value(Int.self, sql: "SELECT COUNT(*) FROM change_log") ?? 0)
    }

    /// Checks the SQLite database at `path` without changing it (no migration runs).
    package static func sqlite(path: String) async throws -> StoreCheck {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        let known = Migrations.migrator.migrations
        let (integrity, applied) = try await queue.read { db in (try integrityProblems(db), try appliedMigrations(db)) }
        let (schema, newer) = Self.schema(applied: applied, known: known)
        let problems = integrity + newer
        let expected = known.last ?? ""
        guard try await queue.read({ db in try db.tableExists("users") && db.tableExists("entities") }) else {
            return StoreCheck(
                engine: "SQLite", problems: problems + ["no GorillaCoach tables"], schema: schema,
                expectedSchema: expected, version: 0, accounts: [:], rows: [:], revisions: 0)
        }
        return try await SQLiteEngine(writer: queue).read { db in
            try facts(db, engine: "SQLite", problems: problems, schema: schema, expected: expected)
        }
    }

    /// Checks the PostgreSQL store `store` (opened, so migrated, by the caller).
    package static func postgres(_ store: ServerStore) async throws -> StoreCheck {
        let known = PostgresMigrations.all.map(\.name)
        return try await store.read { db in
            let applied = try db.values(String.self, sql: "SELECT name FROM gorilla_migrations")
            let (schema, newer) = Self.schema(applied: applied, known: known)
            return try facts(db, engine: "PostgreSQL", problems: newer, schema: schema, expected: known.last ?? "")
        }
    }
}
