import Foundation
import GorillaShared
import GorillaTesting
import NIOConcurrencyHelpers
import Testing

@testable import GorillaServer

/// A connection PostgreSQL ends under the store: the statement sent after the end fails at once and the request is
/// told `unavailable`; the pool opens a new connection for the next one. (postgres-nio alone never answers a statement
/// written to a closed connection: the pool's thread, and every request behind it, would wait for ever.)
@Suite(.enabled(if: TestPostgres.runs, Comment(rawValue: TestPostgres.skipNote)), .hangLimit)
struct PostgresConnectionTests {
    /// Runs `body` in a task of its own and waits at most `limit` for it: nil when it did not end (its thread is left
    /// blocked, as it would have been in the server).
    static func within<T: Sendable>(
        _ limit: Duration, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> Result<T, any Error>? {
        let outcome = NIOLockedValueBox<Result<T, any Error>?>(nil)
        Task {
            do {
                let value = try await body()
                outcome.withLockedValue { $0 = .success(value) }
            } catch {
                outcome.withLockedValue { $0 = .failure(error) }
            }
        }
        _ = try await eventually(timeout: limit, every: .milliseconds(10)) { outcome.withLockedValue { $0 != nil } }
        return outcome.withLockedValue { $0 }
    }

    @Test func aStatementAfterTheDatabaseEndedTheConnectionFailsAtOnceAndTheNextRequestIsServed() async throws {
        let database = try await TestPostgres.makeDatabase()
        let store = try await ServerStore.open(postgres: database, connections: 1)

        // The backend ends its own session; the transaction's next statement goes to a connection that has closed.
        let ended = try await Self.within(.seconds(20)) {
            try await store.read { db in
                _ = try? db.value(Int.self, sql: "SELECT pg_terminate_backend(pg_backend_pid())::INT")
                usleep(300_000)  // the close reaches the connection before the next statement is written
                return try db.value(Int.self, sql: "SELECT 1") ?? 0
            }
        }
        let outcome = try #require(ended, "a statement on a closed connection never ended")
        #expect(throws: ServerError.self) { try outcome.get() }
        if case .failure(let error) = outcome { #expect((error as? ServerError)?.code == .unavailable, "\(error)") }

        // The pool's one connection was dropped; the next request opens another.
        let next = try #require(try await Self.within(.seconds(20)) { try await store.currentVersion() })
        #expect(try next.get() >= 0)
        await store.close()
        await TestPostgres.dropDatabase(database)
    }

    @Test func aPooledConnectionEndedWhileIdleIsNotHandedOut() async throws {
        let database = try await TestPostgres.makeDatabase()
        let store = try await ServerStore.open(postgres: database, connections: 2)
        _ = try await store.currentVersion()  // a connection now waits in the pool
        let watcher = try await ServerStore.open(postgres: database, connections: 1)
        let terminated = try await watcher.read { db in
            try db.value(
                Int.self,
                sql: """
                    SELECT COUNT(*) FROM pg_stat_activity, LATERAL pg_terminate_backend(pid) AS ended
                    WHERE datname = current_database() AND pid <> pg_backend_pid() AND ended
                    """) ?? 0
        }
        #expect(terminated >= 1)
        // Every request after the end either runs on a new connection or is told `unavailable`; none waits.
        for _ in 0..<5 {
            let outcome = try #require(
                try await Self.within(.seconds(20)) { try await store.currentVersion() }, "a request never ended")
            if case .failure(let error) = outcome { #expect((error as? ServerError)?.code == .unavailable, "\(error)") }
        }
        let served = try #require(try await Self.within(.seconds(20)) { try await store.currentVersion() })
        #expect(try served.get() >= 0)
        await watcher.close()
        await store.close()
        await TestPostgres.dropDatabase(database)
    }
}
