import Foundation
import GRDB
import GRDBSQLite
import GorillaShared

/// The embedded engine: a GRDB database writer (a WAL `DatabasePool` on disk, a `DatabaseQueue` in tests). Statements
/// are GRDB's cached statements with their values bound straight through SQLite's C API (GRDB's argument arrays cost
/// more than SQLite's insert itself), and GRDB runs them, so transaction observers see every change.
struct SQLiteEngine: StoreEngine {
    let writer: any DatabaseWriter

    var name: String { "SQLite" }

    func write<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T {
        try await Self.mappingErrors { try await writer.write { db in try body(SQLiteTransaction(db)) } }
    }

    func read<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T {
        try await Self.mappingErrors { try await writer.read { db in try body(SQLiteTransaction(db)) } }
    }

    /// GRDB's blocking read, called from a yielding thread: SQLite's work and `body`'s run on that thread (a serial
    /// queue's synchronous call runs its block on the caller's thread).
    func readGivingWay<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T {
        let writer = self.writer
        return try await Self.mappingErrors {
            try await YieldingThreads.run { try writer.read { db in try body(SQLiteTransaction(db)) } }
        }
    }

    /// Runs `body`, turning GRDB's errors into what the peer is told (``serverError(for:)``).
    private static func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw serverError(for: error)
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
}

/// A GRDB database connection inside a transaction, as the store's statements see it.
final class SQLiteTransaction: SQLTransaction {
    let db: Database

    init(_ db: Database) { self.db = db }

    var dialect: SQLDialect { .sqlite }

    func execute(sql: String, arguments: SQLArguments) throws {
        let statement = try prepared(sql, arguments)
        do {
            try statement.execute()
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw SQLUniqueViolation()
        }
    }

    func forEachRow(sql: String, arguments: SQLArguments, _ body: (SQLRow) throws -> Bool) throws {
        let statement = try prepared(sql, arguments)
        let columns = SQLColumns(statement.columnNames)
        let handle = statement.sqliteStatement
        let count = CInt(columns.names.count)
        let rows = try Row.fetchCursor(statement)
        while try rows.next() != nil {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(count))
            for index in 0..<count { values.append(Self.value(handle, index)) }
            guard try body(SQLRow(columns: columns, values: values)) else { break }
        }
    }

    func forEachRowBytes(sql: String, arguments: SQLArguments, _ body: (any SQLRowBytes) throws -> Bool) throws {
        let statement = try prepared(sql, arguments)
        let row = StatementRow(handle: statement.sqliteStatement)
        let rows = try Row.fetchCursor(statement)
        while try rows.next() != nil {
            guard try body(row) else { break }
        }
    }

    /// SQLite's inserts cost no round trip: each runs at once.
    func executeBatched(sql: String, arguments: SQLArguments) throws {
        try execute(sql: sql, arguments: arguments)
    }

    func inSavepoint(_ body: () throws -> Void) throws {
        try db.inSavepoint {
            try body()
            return .commit
        }
    }

    /// The cached statement for `sql`, its values bound.
    private func prepared(_ sql: String, _ arguments: SQLArguments) throws -> Statement {
        let statement = try db.cachedStatement(sql: sql)
        statement.setUncheckedArguments([])  // clears earlier bindings; the ones below stay through GRDB's reset
        let handle = statement.sqliteStatement
        for (offset, value) in arguments.values.enumerated() {
            let index = CInt(offset + 1)
            let code: CInt
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(var text):
                code = text.withUTF8 { bytes in Self.bindText(handle, index, bytes) }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { raw in
                    sqlite3_bind_blob(handle, index, raw.baseAddress, CInt(raw.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), sql: sql) }
        }
        return statement
    }

    /// SQLite copies each value as it is bound.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func bindText(_ handle: SQLiteStatement, _ index: CInt, _ bytes: UnsafeBufferPointer<UInt8>) -> CInt
    {
        // A non-nil pointer even for "": SQLite binds NULL for a nil one.
        withUnsafePointer(to: 0 as UInt8) { empty in
            sqlite3_bind_text(
                handle, index, UnsafeRawPointer(bytes.baseAddress ?? empty).assumingMemoryBound(to: CChar.self),
                CInt(bytes.count), transient)
        }
    }

    private static func value(_ handle: SQLiteStatement, _ index: CInt) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            return .text(
                String(
                    decoding: UnsafeBufferPointer(
                        start: sqlite3_column_text(handle, index), count: Int(sqlite3_column_bytes(handle, index))),
                    as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let start = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: start, count: count)))
        default: return .null
        }
    }

    /// The row a statement stands on, read from SQLite's buffers.
    private struct StatementRow: SQLRowBytes {
        let handle: SQLiteStatement

        func integer(_ index: Int) -> Int64 { sqlite3_column_int64(handle, CInt(index)) }

        func withText<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            try body(
                UnsafeBufferPointer(
                    start: sqlite3_column_text(handle, CInt(index)),
                    count: Int(sqlite3_column_bytes(handle, CInt(index)))))
        }
    }
}
