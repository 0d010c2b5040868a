/// Where the store's transactions run: SQLite in the data folder (``SQLiteEngine``, the embedded default) or a
/// PostgreSQL database several server instances share (``PostgresEngine``). Each turns its own failures into
/// ``ServerError``s (`unavailable` for one that may pass).
protocol StoreEngine: Sendable {
    /// "SQLite" or "PostgreSQL", for logs and messages.
    var name: String { get }
    /// Runs `body` in one write transaction: committed when it returns, rolled back when it throws.
    func write<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T
    /// Runs `body` in one read transaction (a consistent snapshot).
    func read<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T
    /// ``read(_:)`` with its work on ``YieldingThreads``, for a heavy request (``WorkMeter/yields``). PostgreSQL's
    /// engine reads as usual: its transactions run on threads of its own, one per connection, and much of a read's work
    /// is the database server's.
    func readGivingWay<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T
    /// Closes the engine's connections.
    func close() async
    /// Follows the writes other processes commit, until cancelled, if the engine can hear them (PostgreSQL's
    /// notifications); returns at once if it cannot (SQLite: one server per file, ``StoreEpochs`` see its own writes).
    func followChanges(_ onChange: @escaping @Sendable (StoreChange) async -> Void) async
}

extension StoreEngine {
    func readGivingWay<T: Sendable>(_ body: @Sendable @escaping (any SQLTransaction) throws -> T) async throws -> T {
        try await read(body)
    }
}

extension SQLiteEngine {
    func close() async {}
    func followChanges(_ onChange: @escaping @Sendable (StoreChange) async -> Void) async {}
}
