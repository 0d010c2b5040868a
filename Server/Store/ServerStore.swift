import Foundation
import GRDB
import GorillaShared
import Logging

/// The server's authoritative store: one ``StoreEngine`` (SQLite in the data folder, the embedded default, or a
/// PostgreSQL database several instances share) behind the methods the request handlers need.
///
/// Every method that reads or writes tenant data takes the authenticated principal and scopes its
/// SQL by it; handlers never build queries themselves. The SQL is written once, for both engines (``SQLTransaction``).
package struct ServerStore: Sendable {
    let engine: any StoreEngine
    /// The SQLite database, for what only SQLite has (its integrity check, its checkpoints); nil on PostgreSQL.
    let sqlite: (any DatabaseWriter)?
    /// Move when accounts, tokens or synced data changed; see ``StoreEpochs``.
    package let epochs: StoreEpochs
    /// How long a connection trusts its last token check while the accounts epoch stands still (revocations made
    /// in the database by another process are seen after at most this long).
    package static let tokenRecheckInterval: Double = 30
    /// How long a connection reuses its last `sync.updated` answer for the same cursor while the data epoch stands
    /// still (news published by the operator tool while the server runs is seen after at most this long).
    package static let updatedReuseInterval: Double = 5

    /// The engine's name, for logs and messages ("SQLite", "PostgreSQL").
    package var engineName: String { engine.name }

    /// Opens (creating and migrating if needed) the database at `path`. With `checkpointsInBackground`, commits never
    /// copy the write-ahead log into the database file themselves: a ``Checkpointer`` must run beside the store.
    package static func open(path: String, checkpointsInBackground: Bool = false) throws -> ServerStore {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        // Reads that give way (``YieldingThreads``) run slowly while others want the cores, and hold their readers
        // meanwhile: one per thread at most, and the ten others must be enough for everyone else's at once.
        configuration.maximumReaderCount = YieldingThreads.count + 10
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if checkpointsInBackground { try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try ServerStore(sqlite: pool)
    }

    /// An in-memory store, for tests.
    package static func inMemory() throws -> ServerStore {
        try ServerStore(sqlite: DatabaseQueue())
    }

    init(sqlite writer: any DatabaseWriter) throws {
        try Migrations.migrator.migrate(writer)
        let epochs = StoreEpochs()
        writer.add(transactionObserver: StoreChangeObserver(epochs: epochs), extent: .databaseLifetime)
        self.engine = SQLiteEngine(writer: writer)
        self.sqlite = writer
        self.epochs = epochs
    }

    /// Opens the PostgreSQL database at `location` (migrating it if needed; instances starting together migrate it
    /// once), with at most `connections` connections.
    package static func open(
        postgres location: PostgresLocation, connections: Int = 8, logger: Logger = Logger(label: "gorilla.store")
    ) async throws -> ServerStore {
        let epochs = StoreEpochs()
        let engine = PostgresEngine(location: location, connections: connections, epochs: epochs, logger: logger)
        do {
            try await engine.migrate()
        } catch {
            await engine.close()
            throw error
        }
        return ServerStore(engine: engine, epochs: epochs)
    }

    private init(engine: any StoreEngine, epochs: StoreEpochs) {
        self.engine = engine
        self.sqlite = nil
        self.epochs = epochs
    }

    /// Closes the engine's connections (PostgreSQL's; SQLite's close with the store).
    package func close() async { await engine.close() }

    /// Follows the writes of the other instances sharing the database until cancelled (see
    /// ``StoreEngine/followChanges(_:)``): the epochs move, then `onChange` hears it.
    func followChanges(_ onChange: @escaping @Sendable (StoreChange) async -> Void) async {
        await engine.followChanges(onChange)
    }

    /// Whether other server instances may write to this store (PostgreSQL).
    package var isShared: Bool { sqlite == nil }

    /// Runs `body` in one write transaction, turning storage failures into ``ServerError``s. The time spent waiting
    /// for the write lock (others' transactions) is the request's wait, not its work (``WorkMeter``).
    func write<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T {
        let reads = RowReads.current
        guard let meter = WorkMeter.current else {
            return try await engine.write { db in try RowReads.bound(reads) { try body(db) } }
        }
        let asked = ContinuousClock.now
        return try await engine.write { db in
            meter.add(waited: ContinuousClock.now - asked)
            return try RowReads.bound(reads) { try body(db) }
        }
    }

    /// Runs `body` in a read transaction; the time spent waiting for a reader is the request's wait (``WorkMeter``).
    func read<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T {
        let reads = RowReads.current
        guard let meter = WorkMeter.current else {
            return try await engine.read { db in try RowReads.bound(reads) { try body(db) } }
        }
        let asked = ContinuousClock.now
        let measured: @Sendable (any SQLTransaction) throws -> T = { db in
            meter.add(waited: ContinuousClock.now - asked)
            return try RowReads.bound(reads) { try body(db) }
        }
        return try await meter.yields ? engine.readGivingWay(measured) : engine.read(measured)
    }

    /// Takes the next value of the global version sequence (inside a write transaction).
    /// - Throws: ``ServerError`` (internal) when the `counters` row is missing: the write is refused, never a crash
    ///   (``missingInvariant()`` names the row at start-up).
    static func nextVersion(_ db: any SQLTransaction) throws -> Int64 {
        guard
            let version = try db.value(
                Int64.self, sql: "UPDATE counters SET value = value + 1 WHERE name = 'version' RETURNING value")
        else {
            throw ServerError(.internalError)  // peers are never told the store's insides; start-up names it
        }
        return version
    }

    /// The newest version taken (committed, as the transaction sees it); nil when the `counters` row is missing.
    static func newestVersion(_ db: any SQLTransaction) throws -> Int64? {
        try db.value(Int64.self, sql: "SELECT value FROM counters WHERE name = 'version'")
    }

    /// Reserves `count` consecutive versions at once and returns the first.
    static func reserveVersions(_ db: any SQLTransaction, count: Int) throws -> Int64 {
        guard
            let last = try db.value(
                Int64.self, sql: "UPDATE counters SET value = value + ? WHERE name = 'version' RETURNING value",
                arguments: [count])
        else {
            throw ServerError(.internalError)  // peers are never told the store's insides; start-up names it
        }
        return last - Int64(count) + 1
    }

    static let missingCounter = "the version counter (row 'version' of table counters) is missing"

    // MARK: Checks at start-up

    /// What a quick integrity check found.
    package enum IntegrityOutcome: Sendable, Equatable {
        case intact
        /// The first problems SQLite reports.
        case damaged([String])
        /// The check ran out of time before it finished.
        case unfinished
    }

    /// Runs `PRAGMA quick_check`, interrupted after `timeout` seconds (a large database is not held back for long).
    package func quickCheck(timeout: TimeInterval) async throws -> IntegrityOutcome {
        guard let writer = sqlite else { return .intact }  // PostgreSQL checks its own pages
        let timer = Task {
            try await Task.sleep(for: .seconds(timeout))
            writer.interrupt()
        }
        defer { timer.cancel() }
        do {
            let lines = try await writer.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(10)") }
            return lines == ["ok"] ? .intact : .damaged(lines)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            return .unfinished
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
        {
            return .damaged([error.message ?? "the file is damaged"])
        }
    }

    /// The rows the code relies on (today: the version counter), or what is missing.
    package func missingInvariant() async throws -> String? {
        try await read { db in
            try Self.newestVersion(db) == nil
                ? Self.missingCounter : nil
        }
    }
}

/// Queries over lists of rows.
enum SQL {
    /// Calls `body` with each row of `table` whose `id` is among `ids` (its `id` first, then `columns`), and the id
    /// it was found by. One statement whatever the number of ids: they travel as one JSON array.
    static func forEachRow(
        _ db: any SQLTransaction, _ columns: String, from table: String, ids: [UUID],
        _ body: (UUID, SQLRow) throws -> Void
    ) throws {
        guard !ids.isEmpty else { return }
        var list: [UInt8] = [UInt8(ascii: "[")]
        list.reserveCapacity(ids.count * 39 + 2)
        for (index, id) in ids.enumerated() {
            if index > 0 { list.append(UInt8(ascii: ",")) }
            id.writeJSON(into: &list, uppercase: false)
        }
        list.append(UInt8(ascii: "]"))
        try db.forEachRow(
            sql: "SELECT id, \(columns) FROM \(table) WHERE id IN (\(db.dialect.jsonArrayTexts))",
            arguments: [String(decoding: list, as: UTF8.self)]
        ) { row in
            if let id = UUID(text: row[0] as String) { try body(id, row) }
            return true
        }
    }
}
