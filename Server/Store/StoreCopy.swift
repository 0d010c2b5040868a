import Foundation
import GRDB

/// Copies a SQLite data folder's database into an empty PostgreSQL database (`gorilla-server migrate-to-postgres`).
package enum StoreCopy {
    /// The tables in an order that keeps every reference valid as rows arrive (coaches before their clients), with the
    /// order their rows are read in.
    static let tables: [(name: String, order: String)] = [
        ("users", "coach_id IS NOT NULL, rowid"),
        ("tokens", "rowid"), ("reset_tokens", "rowid"), ("media", "rowid"), ("counters", "rowid"),
        ("entities", "rowid"), ("applied_mutations", "rowid"), ("change_log", "rowid"),
        ("registration_codes", "rowid"), ("news", "rowid"), ("gyms", "rowid"), ("gym_members", "rowid"),
        ("gym_invites", "rowid"), ("client_shares", "rowid"),
        ("client_departures", "rowid"), ("web_sessions", "rowid"), ("server_keys", "rowid"),
        ("feed_epochs", "rowid"),
    ]

    /// Rows read and written at a time.
    static let batch = 200

    /// Copies every table in one PostgreSQL transaction and counts each table's rows on both sides before it commits;
    /// `progress` hears a line per table. Returns the report.
    /// - Throws: ``OperatorError`` when there is no SQLite database, the target is not empty, or a count differs
    ///   (then nothing was written).
    package static func sqliteToPostgres(
        dataDirectory: URL, to location: PostgresLocation, progress: @escaping @Sendable (String) -> Void
    ) async throws -> String {
        let path = dataDirectory.appendingPathComponent("gorilla.sqlite").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw OperatorError(message: "no GorillaCoach database in \(dataDirectory.path) (use --data DIR)")
        }
        let source = try ServerStore.open(path: path)
        guard let sqlite = source.sqlite else { throw OperatorError(message: "\(path) is not a SQLite database") }
        let target: ServerStore
        do {
            target = try await ServerStore.open(postgres: location, connections: 1)
        } catch {
            throw OperatorError(
                message: "cannot use the database \(location.description): \(StartupError.describe(error))")
        }
        defer { Task { await target.close() } }
        let counts = try await target.write { pg -> [(String, Int)] in
            guard try pg.value(Int.self, sql: "SELECT COUNT(*) FROM users") == 0,
                try ServerStore.newestVersion(pg) == 0
            else { throw OperatorError(message: "\(location.description) already holds GorillaCoach data") }
            var counts: [(String, Int)] = []
            for (table, order) in tables {
                let copied = try copy(table, order: order, from: sqlite, to: pg)
                let expected = try sqlite.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") } ?? 0
                let found = try pg.value(Int.self, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
                guard copied == expected, found == expected else {
                    throw OperatorError(
                        message: "\(table): \(expected) rows in SQLite, \(found) in PostgreSQL; nothing was kept")
                }
                progress("\(table): \(found) rows")
                counts.append((table, found))
            }
            // The log's ids go on from the last one copied.
            try pg.execute(
                sql: """
                    SELECT setval(pg_get_serial_sequence('change_log', 'id'), GREATEST((SELECT MAX(id) FROM change_log), 1))
                    """)
            return counts
        }
        let total = counts.reduce(0) { $0 + $1.1 }
        return "Copied \(total) rows of \(counts.count) tables into \(location.description); every count matches."
    }

    /// Copies `table`'s rows a batch at a time; returns how many.
    private static func copy(
        _ table: String, order: String, from sqlite: any DatabaseWriter, to pg: any SQLTransaction
    ) throws -> Int {
        let columns = try sqlite.read { db in try db.columns(in: table).map(\.name) }
        let list = columns.joined(separator: ", ")
        let conflict =
            table == "counters" ? " ON CONFLICT (name) DO UPDATE SET value = excluded.value" : ""
        let identity = table == "change_log" ? " OVERRIDING SYSTEM VALUE" : ""
        var copied = 0
        while true {
            let rows = try sqlite.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT \(list) FROM \(table) ORDER BY \(order) LIMIT ? OFFSET ?",
                    arguments: [batch, copied])
            }
            guard !rows.isEmpty else { return copied }
            let one = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
            var values: [SQLValue] = []
            for row in rows {
                for index in columns.indices { values.append(Self.value(row[index] as DatabaseValue)) }
            }
            try pg.execute(
                sql: "INSERT INTO \(table) (\(list))\(identity) VALUES "
                    + Array(repeating: one, count: rows.count).joined(separator: ", ") + conflict,
                arguments: SQLArguments(values))
            copied += rows.count
        }
    }

    private static func value(_ value: DatabaseValue) -> SQLValue {
        switch value.storage {
        case .null: return .null
        case .int64(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .string(let text): return .text(text)
        case .blob(let data): return .blob(Array(data))
        }
    }
}
