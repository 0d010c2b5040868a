import Foundation
import GRDB
import GorillaShared
import GorillaTesting
import Logging
import Testing

@testable import GorillaServer

/// A database built at an older schema of one engine, given rows of that era, then opened as a store, which runs every
/// later migration on them: what a server upgraded over an old data folder or database does.
struct MigrationFixture {
    /// The store, its migrations done.
    let store: ServerStore
    /// Keeps an SQLite database's folder until the fixture goes.
    private let folder: TemporaryFolder?

    /// The migrations of `engine`, in the order they run.
    static func migrations(of engine: TestEngine) -> [String] {
        switch engine {
        case .sqlite: Migrations.migrator.migrations
        case .postgres: PostgresMigrations.all.map(\.name)
        }
    }

    /// The name `engine` gives the migration whose name ends with `suffix` (the engines number them apart:
    /// `v10-lower-case-ids` on SQLite is `v3-lower-case-ids` on PostgreSQL).
    static func migration(endingWith suffix: String, of engine: TestEngine) throws -> String {
        guard let name = migrations(of: engine).first(where: { $0.hasSuffix(suffix) }) else {
            throw FixtureError(description: "\(engine) has no migration named *\(suffix)")
        }
        return name
    }

    /// Builds a database on `engine` at the schema just before the migration `step`, has `seed` write its rows there,
    /// and opens it as a store (every migration from `step` on runs then).
    static func upgrading(
        _ engine: TestEngine, before step: String, seed: @escaping @Sendable (any SQLTransaction) throws -> Void
    ) async throws -> MigrationFixture {
        let names = migrations(of: engine)
        guard let index = names.firstIndex(of: step), index > 0 else {
            throw FixtureError(description: "\(engine) has no migration before \(step)")
        }
        let last = names[index - 1]
        switch engine {
        case .sqlite:
            let folder = try TemporaryFolder("gorilla-migration")
            let path = folder.url.appendingPathComponent("gorilla.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try Migrations.migrator.migrate(queue, upTo: last)
            let applied = try await queue.read { try Migrations.migrator.appliedMigrations($0) }
            #expect(applied == Array(names[...(index - 1)]))
            try await queue.write { try seed(SQLiteTransaction($0)) }
            try queue.close()
            return MigrationFixture(store: try ServerStore.open(path: path), folder: folder)
        case .postgres:
            let location = try await TestPostgres.makeDatabase()
            var logger = Logger(label: "migration-tests")
            logger.logLevel = .critical
            let old = PostgresEngine(location: location, connections: 1, epochs: StoreEpochs(), logger: logger)
            do {
                try await old.migrate(upTo: last)
                let applied = try await old.read {
                    try $0.values(String.self, sql: "SELECT name FROM gorilla_migrations")
                }
                #expect(Set(applied) == Set(names[...(index - 1)]))
                try await old.write { try seed($0) }
            } catch {
                await old.close()
                throw error
            }
            await old.close()
            return MigrationFixture(
                store: try await ServerStore.open(postgres: location, connections: 2, logger: logger), folder: nil)
        }
    }

    /// Closes the store.
    func close() async {
        await store.close()
        withExtendedLifetime(folder) {}
    }

    /// The rows of the era every migration has: a coach `ada` (the v1 columns only).
    static func insertCoach(_ db: any SQLTransaction, id: UUID) throws {
        try db.execute(
            sql: """
                INSERT INTO users (id, role, username, username_key, email, email_key, password_hash, name, surname,
                                   nif, language, photo, coach_id, disabled, created_at)
                VALUES (?, 'coach', 'Ada', 'ada', 'Ada@Example.com', 'ada@example.com', 'hash', 'Ada', 'Lovelace',
                        NULL, 'ca', NULL, NULL, 0, '2026-01-05T10:00:00.000Z')
                """, arguments: [id.key])
    }

    /// An entity row as the v2 schema has it (no later column), at `version`.
    static func insertEntity(
        _ db: any SQLTransaction, id: String, kind: String, coach: UUID, nameKey: String?, data: String,
        fieldVersions: String, version: Int64
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO entities (id, kind, coach_id, client_id, name_key, data, field_versions, version, deleted,
                                      created_by, created_at, updated_at)
                VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 0, ?, '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z')
                """, arguments: [id, kind, coach.key, nameKey, data, fieldVersions, version, coach.key])
    }

    /// Sets the server's version sequence (the `counters` row of v2) to `version`.
    static func setVersion(_ db: any SQLTransaction, _ version: Int64) throws {
        try db.execute(sql: "UPDATE counters SET value = ? WHERE name = 'version'", arguments: [version])
    }
}

/// A fixture asked for a migration its engine does not have.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
}
