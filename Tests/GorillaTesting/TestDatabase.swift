import Foundation
import GorillaServer
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store engine the tests' servers and stores run on.
package enum TestEngine: String, Sendable, CustomStringConvertible, CaseIterable {
    case sqlite, postgres

    /// `$GORILLA_TEST_ENGINE` (`sqlite`, the default, or `postgres`): `.ci/run` runs the whole suite once on each.
    package static let current: TestEngine =
        ProcessInfo.processInfo.environment["GORILLA_TEST_ENGINE"].flatMap(TestEngine.init(rawValue:)) ?? .sqlite

    /// The engines a conformance test runs on: SQLite always, PostgreSQL when it is reachable or required.
    package static var all: [TestEngine] { TestPostgres.runs ? [.sqlite, .postgres] : [.sqlite] }

    package var description: String { rawValue }

    /// A new empty store on this engine (PostgreSQL: a database of its own).
    package func makeStore() async throws -> ServerStore {
        switch self {
        case .sqlite: return try ServerStore.inMemory()
        case .postgres: return try await ServerStore.open(postgres: TestPostgres.makeDatabase(), connections: 4)
        }
    }
}

/// The PostgreSQL server the tests create their databases on.
///
/// `$GORILLA_TEST_DATABASE` names it (a role that may create databases), by default
/// `postgres://gorilla:gorilla@127.0.0.1:5432/postgres`, the one `.ci/run` sets up. Where it cannot be reached the
/// tests that need it say so and are skipped, unless it is required: in CI (`CI=true`) or when the suite runs on
/// PostgreSQL (`GORILLA_TEST_ENGINE=postgres`), where they fail instead.
package enum TestPostgres {
    package static let server: PostgresLocation = {
        let url = ProcessInfo.processInfo.environment["GORILLA_TEST_DATABASE"] ?? ""
        var location =
            PostgresLocation(url: url)
            ?? PostgresLocation(
                host: "127.0.0.1", port: 5432, user: "gorilla", password: "gorilla", database: "postgres")
        if location.password == nil { location.password = ProcessInfo.processInfo.environment["PGPASSWORD"] }
        return location
    }()

    /// Whether a missing PostgreSQL is a failure here rather than a reason to skip.
    package static let required: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return environment["CI"] == "true" || TestEngine.current == .postgres
    }()

    /// Why PostgreSQL cannot be used, or nil when it answered (asked once).
    package static let problem: String? = probe()

    /// Whether the tests that need PostgreSQL run (they fail when it is required and missing).
    package static var runs: Bool { problem == nil || required }

    /// Why a PostgreSQL test is skipped.
    package static var skipNote: String {
        "PostgreSQL at \(server.description) is not reachable (\(problem ?? "")); set GORILLA_TEST_DATABASE"
    }

    private static let counter = Atomic<Int>(0)

    /// A new empty database; fails the test when PostgreSQL cannot be used.
    package static func makeDatabase() async throws -> PostgresLocation {
        if let problem { throw PostgresUnavailable(description: "PostgreSQL at \(server.description): \(problem)") }
        sweepOnce
        let name = "gorilla_t_\(getpid())_\(counter.add(1, ordering: .relaxed).newValue)"
        do {
            try await admin { connection in
                _ = try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            }
        } catch let error as PSQLError {
            throw PostgresUnavailable(description: "cannot create \(name): \(String(reflecting: error))")
        }
        var location = server
        location.database = name
        return location
    }

    /// Drops a database made by ``makeDatabase()``.
    package static func dropDatabase(_ location: PostgresLocation) async {
        try? await admin { connection in
            _ = try await connection.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(location.database) WITH (FORCE)"), logger: logger)
        }
    }

    /// Drops the databases left by test runs whose process is gone. Synchronous, on NIO's futures (never waiting on
    /// Swift's cooperative threads, which the tests running beside may all be holding).
    private static let sweepOnce: Void = {
        guard let connection = try? WatchedConnection(connect().wait()) else { return }
        defer { try? connection.connection.close().wait() }
        guard
            let rows = try? connection.answer(
                PostgresQuery(unsafeSQL: "SELECT datname FROM pg_database WHERE datname LIKE 'gorilla_t_%'"),
                logger: logger
            ).rows
        else { return }
        for row in rows {
            guard let name = try? row.decode(String.self) else { continue }
            let parts = name.split(separator: "_")
            guard parts.count == 4, let pid = Int32(parts[2]), pid != getpid(), kill(pid, 0) != 0 else { continue }
            _ = try? connection.answer(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        }
    }()

    private static let logger = Logger(label: "gorilla-test-postgres")

    private static func connect() -> EventLoopFuture<PostgresConnection> {
        var configuration = PostgresConnection.Configuration(
            host: server.host, port: server.port, username: server.user, password: server.password,
            database: server.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(5)
        return PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: logger)
    }

    private static func admin(_ body: (PostgresConnection) async throws -> Void) async throws {
        let connection = try await connect().get()
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// Asked once, synchronously (see ``sweepOnce``).
    private static func probe() -> String? {
        do {
            let connection = WatchedConnection(try connect().wait())
            defer { try? connection.connection.close().wait() }
            _ = try connection.answer(PostgresQuery(unsafeSQL: "SELECT 1"), logger: logger)
            return nil
        } catch {
            return String(String(describing: error).prefix(300))
        }
    }
}

/// PostgreSQL was required and could not be used.
package struct PostgresUnavailable: Error, CustomStringConvertible {
    package let description: String
}
