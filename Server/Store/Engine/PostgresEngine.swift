import Foundation
import GorillaShared
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// Where a PostgreSQL store is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (also `postgresql://`).
package struct PostgresLocation: Sendable, Equatable {
    package var host: String
    package var port: Int
    package var user: String
    package var password: String?
    package var database: String

    /// Nil when `url` is not a PostgreSQL address.
    package init?(url: String) {
        guard let components = URLComponents(string: url),
            components.scheme == "postgres" || components.scheme == "postgresql",
            let host = components.host, !host.isEmpty, let user = components.user, !user.isEmpty
        else { return nil }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { return nil }
        self.host = host
        port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
    }

    package init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    /// The address without its password, for logs and messages.
    package var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}

/// The engine several server instances share: one PostgreSQL database, reached through postgres-nio.
///
/// The store's statements are synchronous inside a transaction (the rules call the store as they go), so each
/// transaction runs on a thread of its own pool and waits for each statement's answer there, never on an event loop.
/// Connections are kept open between transactions, one per thread at most.
///
/// Every write transaction first takes one transaction-scoped advisory lock: writers take turns, as with SQLite's
/// single writer, across every instance. So versions are taken and committed in the same order (a pull's cursor never
/// passes a version that commits later; docs/sync.md), and a row read and then written inside one transaction cannot
/// change in between. Reads run in `REPEATABLE READ` snapshots, beside the writers, on every instance.
final class PostgresEngine: StoreEngine {
    let location: PostgresLocation
    private let pool: PostgresPool
    /// Moved after every committed write (this engine does not tell which tables changed).
    private let epochs: StoreEpochs
    private let logger: Logger

    var name: String { "PostgreSQL" }

    /// The advisory lock every write transaction takes, and the one migrations take.
    static let writeLock: Int64 = 0x6f72_696c_6c61_01
    static let migrationLock: Int64 = 0x6f72_696c_6c61_02

    init(location: PostgresLocation, connections: Int, epochs: StoreEpochs, logger: Logger) {
        self.location = location
        self.epochs = epochs
        self.logger = logger
        pool = PostgresPool(location: location, size: connections, logger: logger)
    }

    /// The channel committed writes are announced on (their payload says what they changed: `a` accounts or tokens,
    /// `d` synced data or news), so that every instance moves its ``StoreEpochs`` and its live pushes follow.
    static let changesChannel = "gorilla_changes"

    func write<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T {
        let (result, changed) = try await pool.transaction(
            begin: "BEGIN; SELECT pg_advisory_xact_lock(\(Self.writeLock))"
        ) { db in
            let result = try body(db)
            let changed = db.changed
            if changed != .none {
                // Delivered when (and only if) the transaction commits.
                try db.execute(
                    sql: "SELECT pg_notify(?, ?)", arguments: [Self.changesChannel, changed.payload])
            }
            return (result, changed)
        }
        epochs.advance(accounts: changed.accounts, data: changed.data)
        return result
    }

    /// Follows the writes of every instance (this one's too) until cancelled: `onChange` hears what each changed,
    /// after this store's epochs moved. One connection of its own listens; when it is lost, it reconnects (after 1, 2,
    /// 4 … 10 s) and then reports everything changed, since notifications sent meanwhile are gone.
    func followChanges(_ onChange: @escaping @Sendable (StoreChange) async -> Void) async {
        var delay = 1
        var first = true
        while !Task.isCancelled {
            do {
                let connection = try await pool.connect()
                defer { connection.close().whenComplete { _ in withExtendedLifetime(connection) {} } }
                try await connection.listen(on: Self.changesChannel) { notifications in
                    delay = 1
                    if !first {
                        logger.notice("listening to PostgreSQL's notifications again")
                        epochs.advance(accounts: true, data: true)
                        await onChange(.everything)
                    }
                    first = false
                    for try await notification in notifications {
                        let change = StoreChange(payload: notification.payload)
                        epochs.advance(accounts: change.accounts, data: change.data)
                        await onChange(change)
                    }
                }
            } catch {
                if Task.isCancelled { return }
                let cause = (error as? PSQLError).map(StartupError.describePostgres) ?? "\(error)"
                logger.warning("lost the PostgreSQL notifications (\(cause)); listening again in \(delay) s")
            }
            first = false
            try? await Task.sleep(for: .seconds(delay))
            delay = min(delay * 2, 10)
        }
    }

    func read<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T {
        try await pool.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body: body)
    }

    /// Applies the migrations not applied yet, in one transaction under a lock, so that instances starting together
    /// apply each exactly once; with `last`, only those up to the one of that name (tests build older schemas so).
    func migrate(upTo last: String? = nil) async throws {
        let end = last.flatMap { name in PostgresMigrations.all.firstIndex { $0.name == name } }
        precondition(last == nil || end != nil, "no PostgreSQL migration named \(last ?? "")")
        let steps = end.map { Array(PostgresMigrations.all[...$0]) } ?? PostgresMigrations.all
        _ = try await pool.transaction(
            reportingErrors: false, begin: "BEGIN; SELECT pg_advisory_xact_lock(\(Self.migrationLock))"
        ) { db in
            try db.execute(
                sql: "CREATE TABLE IF NOT EXISTS gorilla_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
            let applied = Set(try db.values(String.self, sql: "SELECT name FROM gorilla_migrations"))
            for (name, sql) in steps where !applied.contains(name) {
                try db.run(sql)  // several statements
                try PostgresMigrations.conversions[name]?(db)
                try db.execute(
                    sql: "INSERT INTO gorilla_migrations (name, applied_at) VALUES (?, ?)",
                    arguments: [name, ISOTime.format(Date())])
            }
            return true
        }
    }

    func close() async { await pool.close() }
}

/// Connections to one PostgreSQL database, and the threads transactions wait on.
final class PostgresPool: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    /// The event loops connections run on (NIO's shared group: it outlives every pool).
    private let group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    private let threads: NIOThreadPool
    private let idle = Mutex<[WatchedConnection]>([])
    private let nextID = Atomic<Int>(1)
    let location: PostgresLocation

    init(location: PostgresLocation, size: Int, logger: Logger) {
        self.location = location
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(10)
        self.configuration = configuration
        self.logger = logger
        threads = NIOThreadPool(numberOfThreads: max(1, size))
        threads.start()
    }

    /// Runs `body` in one transaction begun by `begin`, committing when it returns and rolling back when it throws.
    ///
    /// Failures become ``ServerError``s, unless `reportingErrors` is false (then they are PostgreSQL's own, for the
    /// operator: at start-up).
    func transaction<T: Sendable>(
        reportingErrors: Bool = true, begin: String, body: @Sendable @escaping (PostgresTransaction) throws -> T
    ) async throws -> T {
        do {
            return try await threads.runIfActive { [self] in
                let connection = try checkOut()
                var healthy = true
                defer { checkIn(connection, healthy: healthy) }
                let transaction = PostgresTransaction(connection: connection, logger: logger)
                do {
                    try transaction.run(begin)
                    let result = try body(transaction)
                    try transaction.run("COMMIT")
                    return result
                } catch {
                    do { try transaction.run("ROLLBACK") } catch { healthy = false }
                    throw error
                }
            }
        } catch let error as PSQLError where reportingErrors {
            throw Self.serverError(for: error, logger: logger)
        } catch is NIOThreadPoolError.ThreadPoolInactive where reportingErrors {
            throw ServerError(.unavailable)
        } catch let error as PostgresConnectionClosed where reportingErrors {
            logger.warning("PostgreSQL: \(error)")
            throw ServerError(.unavailable)
        }
    }

    /// What the peer is told of a failure: `unavailable` for one that may pass (the database unreachable, restarting,
    /// out of room, a transaction chosen to roll back), `internalError` for the rest.
    static func serverError(for error: PSQLError, logger: Logger) -> ServerError {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else {
            logger.warning("PostgreSQL: \(error.code)")
            return ServerError(.unavailable)
        }
        logger.warning(
            "PostgreSQL refused a statement",
            metadata: ["state": "\(state)", "message": "\(error.serverInfo?[.message] ?? "")"])
        switch state.prefix(2) {
        case "08", "40", "53", "57", "58": return ServerError(.unavailable)
        default: return ServerError(.internalError)
        }
    }

    /// A connection of its own, outside the pool (the listener's); the caller closes it.
    func connect() async throws -> PostgresConnection {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        return try await PostgresConnection.connect(
            on: group.next(), configuration: configuration, id: id, logger: logger)
    }

    private func checkOut() throws -> WatchedConnection {
        while let connection = idle.withLock({ $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        let id = nextID.add(1, ordering: .relaxed).oldValue
        return WatchedConnection(
            try PostgresConnection.connect(
                on: group.next(), configuration: configuration, id: id, logger: logger
            ).wait())
    }

    private func checkIn(_ connection: WatchedConnection, healthy: Bool) {
        guard healthy, !connection.isClosed else {
            connection.close()
            return
        }
        idle.withLock { $0.append(connection) }
    }

    func close() async {
        let connections = idle.withLock { idle in
            defer { idle.removeAll() }
            return idle
        }
        for connection in connections { try? await connection.connection.close() }
        try? await threads.shutdownGracefully()
    }

    /// A pool given up without ``close()`` (a store dropped in a test) still closes its connections.
    deinit {
        // Each is kept until it has closed (a connection must not go away open).
        for connection in idle.withLock({ $0 }) { connection.close() }
        threads.shutdownGracefully { _ in }
    }
}

/// A PostgreSQL connection whose answers are waited for on a thread (a pool's, never an event loop), and which fails
/// the answer it waits for when it closes.
///
/// postgres-nio never answers a query written to a connection that has closed already (the database restarted, or
/// ended the session): the write goes nowhere, and its future would be waited on for ever, holding a pool thread and
/// every request behind it. The connection's close therefore fails the one answer waited for, and a query on a closed
/// connection fails at once. One callback per connection, not per query: a long-lived connection gathers nothing.
package final class WatchedConnection: Sendable {
    package let connection: PostgresConnection
    private let state = Mutex<(closed: Bool, waiting: EventLoopPromise<PostgresQueryResult>?)>((false, nil))

    package init(_ connection: PostgresConnection) {
        self.connection = connection
        connection.closeFuture.whenComplete { [weak self] _ in self?.closed() }
    }

    private func closed() {
        let waiting = state.withLock { state in
            defer { state = (true, nil) }
            return state.waiting
        }
        waiting?.fail(PostgresConnectionClosed())
    }

    package var isClosed: Bool { connection.isClosed || state.withLock { $0.closed } }

    /// Sends `query` and waits for its answer on the calling thread.
    /// - Throws: PostgreSQL's error, or ``PostgresConnectionClosed`` when the connection closes first.
    package func answer(_ query: PostgresQuery, logger: Logger) throws -> PostgresQueryResult {
        let promise = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        let closed = state.withLock { state in
            if !state.closed { state.waiting = promise }
            return state.closed
        }
        if closed {
            promise.fail(PostgresConnectionClosed())
        } else {
            connection.query(query, logger: logger).cascade(to: promise)
        }
        defer { state.withLock { $0.waiting = nil } }
        return try promise.futureResult.wait()
    }

    /// Closes the connection, keeping it until it has closed (a connection must not go away open).
    package func close() {
        let connection = connection
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }
}

/// The connection to PostgreSQL closed before a statement's answer came.
package struct PostgresConnectionClosed: Error, CustomStringConvertible {
    package var description: String { "the connection to PostgreSQL closed" }
}

/// One PostgreSQL connection inside a transaction, as the store's statements see it. Each statement waits for its
/// answer on the calling thread (one of ``PostgresPool``'s, never an event loop).
final class PostgresTransaction: SQLTransaction {
    private let connection: WatchedConnection
    private let logger: Logger
    private var savepoints = 0
    /// What the transaction's statements changed so far, as ``StoreChangeObserver`` tells it for SQLite.
    private(set) var changed = StoreChange.none

    init(connection: WatchedConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    var dialect: SQLDialect { .postgres }

    /// Runs statements without arguments, separated by `;` (the store's own SQL, which has none in its texts).
    func run(_ sql: String) throws {
        try flush()
        for statement in sql.split(separator: ";") where !statement.allSatisfy(\.isWhitespace) {
            _ = try connection.answer(PostgresQuery(unsafeSQL: String(statement)), logger: logger)
        }
    }

    func execute(sql: String, arguments: SQLArguments) throws {
        _ = try query(sql, arguments)
    }

    func forEachRow(sql: String, arguments: SQLArguments, _ body: (SQLRow) throws -> Bool) throws {
        let rows = try query(sql, arguments).rows
        guard let first = rows.first else { return }
        let columns = SQLColumns(first.map(\.columnName))
        for row in rows {
            guard try body(SQLRow(columns: columns, values: row.map(Self.value))) else { break }
        }
    }

    /// Read through a cursor, `fetchSize` rows at a time, so that a caller that stops early (a pull page full at its
    /// byte budget) never held the rest.
    func forEachRowBytes(sql: String, arguments: SQLArguments, _ body: (any SQLRowBytes) throws -> Bool) throws {
        try execute(sql: "DECLARE gorilla_rows NO SCROLL CURSOR FOR \(sql)", arguments: arguments)
        defer { try? run("CLOSE gorilla_rows") }
        while true {
            let rows = try query("FETCH \(Self.fetchSize) FROM gorilla_rows", []).rows
            for row in rows {
                guard try body(CellRow(cells: PostgresRandomAccessRow(row))) else { return }
            }
            if rows.count < Self.fetchSize { return }
        }
    }

    static let fetchSize = 128

    /// Inserts waiting to travel together (``executeBatched(sql:arguments:)``), in the order they first came; sent
    /// before any other statement of the transaction.
    private var batches: [InsertBatch] = []
    /// Values in all the waiting batches (PostgreSQL takes at most 65,535 in one statement).
    private var batchedValues = 0

    func executeBatched(sql: String, arguments: SQLArguments) throws {
        changed.formUnion(StoreChange(statement: sql))
        if let index = batches.firstIndex(where: { $0.sql == sql }) {
            batches[index].rows.append(arguments.values)
        } else if let batch = InsertBatch(sql: sql, first: arguments.values) {
            batches.append(batch)
        } else {
            return try execute(sql: sql, arguments: arguments)
        }
        batchedValues += arguments.values.count
        if batchedValues > 30_000 { try flush() }
    }

    /// Sends the waiting inserts, one statement per kind.
    private func flush() throws {
        guard !batches.isEmpty else { return }
        let waiting = batches
        batches = []
        batchedValues = 0
        for batch in waiting {
            let (sql, values) = batch.statement()
            _ = try send(sql, values)
        }
    }

    func inSavepoint(_ body: () throws -> Void) throws {
        savepoints += 1
        defer { savepoints -= 1 }
        let name = "s\(savepoints)"
        try run("SAVEPOINT \(name)")
        do {
            try body()
            try run("RELEASE SAVEPOINT \(name)")
        } catch {
            try run("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
            throw error
        }
    }

    private func query(_ sql: String, _ arguments: SQLArguments) throws -> PostgresQueryResult {
        changed.formUnion(StoreChange(statement: sql))
        try flush()
        return try send(PostgresPlaceholders.numbered(sql), arguments.values)
    }

    /// Runs one statement already numbered (`$N`).
    private func send(_ sql: String, _ values: [SQLValue]) throws -> PostgresQueryResult {
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: binds.appendNull()
            case .integer(let number): binds.append(number)
            case .real(let number): binds.append(number)
            case .text(let text): binds.append(text)
            case .blob(let bytes): binds.append(ByteBuffer(bytes: bytes))
            }
        }
        do {
            return try connection.answer(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw SQLUniqueViolation()
        }
    }

    private static func value(_ cell: PostgresCell) -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return (try? cell.decode(Int64.self)).map(SQLValue.integer) ?? .null
        case .float4, .float8: return (try? cell.decode(Double.self)).map(SQLValue.real) ?? .null
        case .bool: return (try? cell.decode(Bool.self)).map { .integer($0 ? 1 : 0) } ?? .null
        case .bytea: return .blob(cell.bytes.map { Array($0.readableBytesView) } ?? [])
        default: return (try? cell.decode(String.self)).map(SQLValue.text) ?? .null
        }
    }

    /// A row's cells seen in place.
    private struct CellRow: SQLRowBytes {
        let cells: PostgresRandomAccessRow

        func integer(_ index: Int) -> Int64 { (try? cells[index].decode(Int64.self)) ?? 0 }

        func withText<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            guard let bytes = cells[index].bytes else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            return try bytes.withUnsafeReadableBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
        }
    }
}

/// Rows of one `INSERT … VALUES (…) [suffix]` statement waiting to be sent as one.
struct InsertBatch {
    let sql: String
    private let head: String
    private let tuple: String
    private let tail: String
    private let width: Int
    var rows: [[SQLValue]]

    /// Nil when `sql` is not an insert of one tuple.
    init?(sql: String, first: [SQLValue]) {
        guard let values = sql.range(of: "VALUES"), let open = sql[values.upperBound...].firstIndex(of: "("),
            let close = sql[open...].firstIndex(of: ")"), !first.isEmpty
        else { return nil }
        self.sql = sql
        head = String(sql[..<values.lowerBound]) + "VALUES "
        tuple = String(sql[open...close])
        tail = String(sql[sql.index(after: close)...])
        width = first.count
        rows = [first]
    }

    /// The statement with every row's tuple, numbered `$N`, and its values in order.
    func statement() -> (String, [SQLValue]) {
        var out = head
        for index in rows.indices {
            if index > 0 { out += ", " }
            out += PostgresPlaceholders.renumbered(tuple, offset: index * width)
        }
        return (out + tail, rows.flatMap { $0 })
    }
}

/// The store's statements are written with SQLite's placeholders (`?`, `?N`); PostgreSQL numbers them (`$N`).
enum PostgresPlaceholders {
    private static let cache = Mutex<[String: String]>([:])

    /// `sql` with each `?` as `$1`, `$2`, … in order and each `?N` as `$N`; quoted text is left alone.
    static func numbered(_ sql: String) -> String {
        if let known = cache.withLock({ $0[sql] }) { return known }
        let out = renumbered(sql, offset: 0)
        cache.withLock { $0[sql] = out }
        return out
    }

    /// `sql` with each `?N` as `$(N + offset)` and each bare `?` as the next number after `offset`, in order; quoted
    /// text is left alone.
    static func renumbered(_ sql: String, offset: Int) -> String {
        var out = ""
        out.reserveCapacity(sql.utf8.count + 16)
        var next = 1
        var quoted = false
        var characters = sql.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if character == "'" { quoted.toggle() }
            guard character == "?", !quoted else {
                out.append(character)
                continue
            }
            var digits = ""
            while let digit = pending, digit.isASCII, digit.isNumber {
                digits.append(digit)
                pending = characters.next()
            }
            if let number = Int(digits) {
                out += "$\(number + offset)"
            } else {
                out += "$\(next + offset)"
                next += 1
            }
        }
        return out
    }
}
