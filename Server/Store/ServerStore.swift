import Foundation
import GRDB
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

    /// Opens (creating and migrating if needed) the database at `path`.
    public static func open(path: String) throws -> ServerStore {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
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

    /// Runs `body` in one write transaction, turning storage failures into ``StoreError``s.
    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await writer.write(body)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw Self.storeError(for: error)
        }
    }

    /// Runs `body` in a read transaction.
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw Self.storeError(for: error)
        }
    }

    static func storeError(for error: DatabaseError) -> StoreError {
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(.unavailable)
        default:
            return StoreError(.internalError)
        }
    }

    /// Takes the next value of the global version sequence (inside a write transaction).
    static func nextVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "UPDATE counters SET value = value + 1 WHERE name = 'version' RETURNING value"))!
    }

    /// Reserves `count` consecutive versions at once and returns the first.
    static func reserveVersions(_ db: Database, count: Int) throws -> Int64 {
        let last = try Int64.fetchOne(
            db, sql: "UPDATE counters SET value = value + ? WHERE name = 'version' RETURNING value", arguments: [count])!
        return last - Int64(count) + 1
    }
}

/// Queries over lists of rows.
enum SQL {
    /// The rows of `table` whose `id` is among `ids` (`id` and `columns` read), each with the id it was found by: a
    /// query per thousand ids, the ids mapped back without parsing the text the rows hold.
    static func rows(_ db: Database, _ columns: String, from table: String, ids: [UUID]) throws -> [(id: UUID, row: Row)] {
        var found: [(id: UUID, row: Row)] = []
        for first in stride(from: 0, to: ids.count, by: 1_000) {
            let keys = Dictionary(ids[first..<min(first + 1_000, ids.count)].map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            let marks = String(repeating: "?,", count: keys.count).dropLast()
            for row in try Row.fetchAll(db, sql: "SELECT id, \(columns) FROM \(table) WHERE id IN (\(marks))",
                                        arguments: StatementArguments(Array(keys.keys))) {
                if let id = keys[row["id"] as String] { found.append((id, row)) }
            }
        }
        return found
    }
}
