import Foundation
import GRDB
import GRDBSQLite
import GorillaShared

/// The server's authoritative store: a GRDB database writer (a WAL `DatabasePool` on disk,
/// a `DatabaseQueue` in tests) behind the methods the request handlers need.
///
/// Every method that reads or writes tenant data takes the authenticated principal and scopes its
/// SQL by it; handlers never build queries themselves.
public struct ServerStore: Sendable {
    let writer: any DatabaseWriter
    /// Move when accounts, tokens or synced data changed; see ``StoreEpochs``.
    public let epochs = StoreEpochs()
    /// How long a connection trusts its last token check while the accounts epoch stands still (revocations made
    /// in the database by another process are seen after at most this long).
    public static let tokenRecheckInterval: Double = 30
    /// How long a connection reuses its last `sync.updated` answer for the same cursor while the data epoch stands
    /// still (news published by the operator tool while the server runs is seen after at most this long).
    public static let updatedReuseInterval: Double = 5

    /// Opens (creating and migrating if needed) the database at `path`. With `checkpointsInBackground`, commits never
    /// copy the write-ahead log into the database file themselves: a ``Checkpointer`` must run beside the store.
    public static func open(path: String, checkpointsInBackground: Bool = false) throws -> ServerStore {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if checkpointsInBackground { try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try ServerStore(writer: pool)
    }

    /// An in-memory store, for tests.
    public static func inMemory() throws -> ServerStore {
        try ServerStore(writer: DatabaseQueue())
    }

    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Migrations.migrator.migrate(writer)
        writer.add(transactionObserver: StoreChangeObserver(epochs: epochs), extent: .databaseLifetime)
    }

    /// Runs `body` in one write transaction, turning storage failures into ``ServerError``s.
    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await writer.write(body)
        } catch let error as ServerError {
            throw error
        } catch let error as DatabaseError {
            throw Self.serverError(for: error)
        }
    }

    /// Runs `body` in a read transaction.
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch let error as ServerError {
            throw error
        } catch let error as DatabaseError {
            throw Self.serverError(for: error)
        }
    }

    /// What the peer is told of a storage failure: `unavailable` for one that may pass (a full disk, a lock, a file
    /// that cannot be opened, read or written), `internalError` for the rest.
    static func serverError(for error: DatabaseError) -> ServerError {
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_BUSY, .SQLITE_LOCKED:
            return ServerError(.unavailable)
        default:
            return ServerError(.internalError)
        }
    }

    /// Takes the next value of the global version sequence (inside a write transaction).
    /// - Throws: ``ServerError`` (internal) when the `counters` row is missing: the write is refused, never a crash
    ///   (``missingInvariant()`` names the row at start-up).
    static func nextVersion(_ db: Database) throws -> Int64 {
        guard
            let version = try Int64.fetchOne(
                db.cachedStatement(sql: "UPDATE counters SET value = value + 1 WHERE name = 'version' RETURNING value"))
        else {
            throw ServerError(.internalError)  // peers are never told the store's insides; start-up names it
        }
        return version
    }

    /// Reserves `count` consecutive versions at once and returns the first.
    static func reserveVersions(_ db: Database, count: Int) throws -> Int64 {
        guard
            let last = try Int64.fetchOne(
                db, sql: "UPDATE counters SET value = value + ? WHERE name = 'version' RETURNING value",
                arguments: [count])
        else {
            throw ServerError(.internalError)  // peers are never told the store's insides; start-up names it
        }
        return last - Int64(count) + 1
    }

    static let missingCounter = "the version counter (row 'version' of table counters) is missing"

    // MARK: Checks at start-up

    /// What a quick integrity check found.
    public enum IntegrityOutcome: Sendable, Equatable {
        case intact
        /// The first problems SQLite reports.
        case damaged([String])
        /// The check ran out of time before it finished.
        case unfinished
    }

    /// Runs `PRAGMA quick_check`, interrupted after `timeout` seconds (a large database is not held back for long).
    public func quickCheck(timeout: TimeInterval) async throws -> IntegrityOutcome {
        let writer = self.writer
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
    public func missingInvariant() async throws -> String? {
        try await writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'version'") == nil
                ? Self.missingCounter : nil
        }
    }
}

/// Queries over lists of rows.
enum SQL {
    /// Calls `body` with each row of `table` whose `id` is among `ids` (its `id` first, then `columns`), and the id
    /// it was found by. One cached statement whatever the number of ids: they travel as one JSON array.
    static func forEachRow(
        _ db: Database, _ columns: String, from table: String, ids: [UUID],
        _ body: (UUID, Row) throws -> Void
    ) throws {
        guard !ids.isEmpty else { return }
        var list: [UInt8] = [UInt8(ascii: "[")]
        list.reserveCapacity(ids.count * 39 + 2)
        for (index, id) in ids.enumerated() {
            if index > 0 { list.append(UInt8(ascii: ",")) }
            id.writeJSON(into: &list, uppercase: false)
        }
        list.append(UInt8(ascii: "]"))
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT id, \(columns) FROM \(table) WHERE id IN (SELECT value FROM json_each(?))"),
            arguments: [String(decoding: list, as: UTF8.self)])
        while let row = try rows.next() {
            guard let id = UUID(text: row[0] as String) else { continue }
            try body(id, row)
        }
    }
}

/// Values bound straight to a cached statement's SQLite handle, for the inserts a push makes for every mutation: GRDB's
/// argument arrays cost more than SQLite's insert itself. GRDB still runs the statement (``run()``), so transaction
/// observers see its changes. Indices are 1-based, as in SQL.
struct DirectBindings {
    private let statement: Statement
    private var failure: CInt = SQLITE_OK

    /// SQLite copies each value as it is bound.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ statement: Statement) {
        statement.setUncheckedArguments([])  // clears earlier bindings; the ones below stay through GRDB's reset
        self.statement = statement
    }

    mutating func text(_ index: CInt, _ value: String) {
        var value = value
        value.withUTF8 { bytes in text(index, bytes) }
    }

    mutating func text(_ index: CInt, _ bytes: UnsafeBufferPointer<UInt8>) {
        // A non-nil pointer even for "": SQLite binds NULL for a nil one.
        let code = withUnsafePointer(to: 0 as UInt8) { empty in
            sqlite3_bind_text(
                statement.sqliteStatement, index,
                UnsafeRawPointer(bytes.baseAddress ?? empty)
                    .assumingMemoryBound(to: CChar.self), CInt(bytes.count), Self.transient)
        }
        record(code)
    }

    /// An id as stored (``GorillaShared/UUID/key``), or NULL.
    mutating func id(_ index: CInt, _ id: UUID?) {
        guard let id else { return null(index) }
        id.withKeyBytes { text(index, $0) }
    }

    mutating func integer(_ index: CInt, _ value: Int64) {
        record(sqlite3_bind_int64(statement.sqliteStatement, index, value))
    }

    mutating func null(_ index: CInt) {
        record(sqlite3_bind_null(statement.sqliteStatement, index))
    }

    /// Runs the statement once with the values bound.
    func run() throws {
        guard failure == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: failure), sql: statement.sql)
        }
        try statement.execute()
    }

    private mutating func record(_ code: CInt) {
        if failure == SQLITE_OK { failure = code }
    }
}
