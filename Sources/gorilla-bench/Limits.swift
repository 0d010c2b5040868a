import Foundation
import GRDB
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// Physical limits measured straight on SQLite, in this process, without the protocol, JSON coding or sync logic.
enum Limits {
    /// A connection that commits as the product's own do (WAL, `synchronous = NORMAL`): SQLite's default would also wait
    /// for the disk at every commit, which neither the server nor a device's pulled pages do, and make the limits look
    /// slower than they are. On the server's database (`server`) no commit copies the log back either: the server's
    /// checkpoint thread does; a device's cache keeps SQLite's automatic checkpoints, as `LocalCache` does.
    static func configuration(readonly: Bool = false, server: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if server { try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        }
        return configuration
    }

    struct ColdPull {
        var rows: Int
        var bytes: Int
        var duration: Duration
    }

    /// Reads every row the coach sees from the server's database, in version order (the pull's query without pages),
    /// encodes them as pull pages of `pageSize` changes (the stored document text copied as is), and inserts them
    /// into an empty cache (`LocalCache`'s schema) in one transaction, with the cursor.
    static func coldPull(serverDatabase: String, coachID: String, cachePath: String, pageSize: Int) throws -> ColdPull {
        _ = try LocalCache.open(path: cachePath)  // creates the cache's schema; not timed
        let server = try DatabaseQueue(path: serverDatabase, configuration: configuration(readonly: true, server: true))
        let cache = try DatabaseQueue(path: cachePath, configuration: configuration(server: false))
        let start = ContinuousClock.now

        struct Pulled {
            var id: String
            var kind: String
            var version: Int64
            var deleted: Bool
            var data: String
        }
        let rows: [Pulled] = try server.read { db in
            var rows: [Pulled] = []
            let cursor = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, kind, version, deleted, data FROM entities WHERE coach_id = ? ORDER BY version
                    """, arguments: [coachID])
            while let row = try cursor.next() {
                rows.append(
                    Pulled(id: row[0], kind: row[1], version: row[2], deleted: (row[3] as Int) != 0, data: row[4]))
            }
            return rows
        }

        // Encoding: the reply lines a server would send, built by copying the stored JSON documents.
        var bytes = 0
        var page: [UInt8] = []
        page.reserveCapacity(1 << 20)
        var index = 0
        let time = ISOTime.format(Date())
        while index < rows.count {
            let end = min(index + pageSize, rows.count)
            page.removeAll(keepingCapacity: true)
            page.append(contentsOf: #"{"id":7,"result":0,"time":""#.utf8)
            page.append(contentsOf: time.utf8)
            page.append(contentsOf: #"","value":{"changes":["#.utf8)
            for position in index..<end {
                let row = rows[position]
                if position > index { page.append(UInt8(ascii: ",")) }
                page.append(contentsOf: #"{"data":"#.utf8)
                page.append(contentsOf: row.data.utf8)
                page.append(contentsOf: #","deleted":"#.utf8)
                page.append(contentsOf: (row.deleted ? "true" : "false").utf8)
                page.append(contentsOf: #","id":""#.utf8)
                page.append(contentsOf: row.id.uppercased().utf8)
                page.append(contentsOf: #"","kind":""#.utf8)
                page.append(contentsOf: row.kind.utf8)
                page.append(contentsOf: #"","version":"#.utf8)
                page.append(contentsOf: String(row.version).utf8)
                page.append(UInt8(ascii: "}"))
            }
            page.append(contentsOf: #"],"cursor":"#.utf8)
            page.append(contentsOf: String(rows[end - 1].version).utf8)
            page.append(contentsOf: #","more":"#.utf8)
            page.append(contentsOf: (end < rows.count ? "true" : "false").utf8)
            page.append(contentsOf: "}}\n".utf8)
            bytes += page.count
            index = end
        }

        try cache.write { db in
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO entities (id, kind, data, version, deleted, server_data, server_deleted) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
            for row in rows {
                try statement.execute(arguments: [
                    row.id, row.kind, row.data, row.version, row.deleted ? 1 : 0,
                    row.data, row.deleted ? 1 : 0,
                ])
            }
            try db.execute(
                sql:
                    "INSERT INTO meta (key, value) VALUES ('cursor', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                arguments: [String(rows.last?.version ?? 0)])
        }
        return ColdPull(rows: rows.count, bytes: bytes, duration: ContinuousClock.now - start)
    }

    /// Inserts copies of the server rows a push wrote (the `entities` rows and their `applied_mutations` rows) straight
    /// into the server's database, `batchSize` mutations per transaction like the device's pushes, then deletes the copies.
    static func directInsert(
        serverDatabase: String, entityIDs: [String], mutationIDs: [String], batchSize: Int
    ) throws -> Duration {
        let database = try DatabaseQueue(path: serverDatabase, configuration: configuration(server: true))
        func fetch(_ table: String, _ ids: [String]) throws -> [Row] {
            try database.read { db in
                var rows: [Row] = []
                for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) })
                {
                    let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                    rows += try Row.fetchAll(
                        db, sql: "SELECT * FROM \(table) WHERE id IN (\(marks))", arguments: StatementArguments(chunk))
                }
                return rows
            }
        }
        let entities = try fetch("entities", entityIDs)
        let applied = try fetch("applied_mutations", mutationIDs)
        guard entities.count == entityIDs.count, applied.count == mutationIDs.count else {
            throw BenchError(
                "the pushed rows are not all in the server's database (\(entities.count)/\(entityIDs.count))")
        }
        // Copies with new ids; everything else (documents, versions, owner) as the push stored it.
        func copies(_ rows: [Row], table: String) -> (sql: String, values: [[DatabaseValue]], ids: [String]) {
            let columns = Array(rows[0].columnNames)
            let sql =
                "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
            var ids: [String] = []
            let values = rows.map { row -> [DatabaseValue] in
                let id = UUID().uuidString.lowercased()
                ids.append(id)
                return columns.map { $0 == "id" ? id.databaseValue : row[$0] as DatabaseValue }
            }
            return (sql, values, ids)
        }
        let entityCopies = copies(entities, table: "entities")
        let appliedCopies = copies(applied, table: "applied_mutations")

        let start = ContinuousClock.now
        for first in stride(from: 0, to: entityCopies.values.count, by: batchSize) {
            let end = min(first + batchSize, entityCopies.values.count)
            try database.write { db in
                let insertEntity = try db.makeStatement(sql: entityCopies.sql)
                let insertApplied = try db.makeStatement(sql: appliedCopies.sql)
                for index in first..<end {
                    try insertEntity.execute(arguments: StatementArguments(entityCopies.values[index]))
                    try insertApplied.execute(arguments: StatementArguments(appliedCopies.values[index]))
                }
            }
        }
        let elapsed = ContinuousClock.now - start

        try database.write { db in
            for (table, ids) in [("entities", entityCopies.ids), ("applied_mutations", appliedCopies.ids)] {
                for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) })
                {
                    let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                    try db.execute(
                        sql: "DELETE FROM \(table) WHERE id IN (\(marks))", arguments: StatementArguments(chunk))
                }
            }
        }
        return elapsed
    }

    /// Copies the server's write-ahead log back into its database file and starts it over (not timed), retrying while
    /// the server's own checkpoint thread holds it.
    static func checkpoint(serverDatabase: String) throws {
        let database = try DatabaseQueue(path: serverDatabase, configuration: configuration(server: true))
        for _ in 0..<100 {
            let busy = try database.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            if busy == 0 { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw BenchError("the server's log could not be checkpointed")
    }

    /// The newest version the server handed out.
    static func serverVersion(serverDatabase: String) throws -> Int64 {
        let database = try DatabaseQueue(
            path: serverDatabase, configuration: configuration(readonly: true, server: true))
        return try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'version'") ?? 0
        }
    }
}
