import ArgumentParser
import Foundation
import GorillaServer
import Logging
import ServiceLifecycle
import UnixSignals

#if canImport(Glibc)
import Glibc
#endif

@main
struct GorillaServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gorilla-server",
        abstract: "The GorillaCoach server: TLS, JSON Lines, SQLite or PostgreSQL.",
        discussion: """
            With no subcommand, serves on 127.0.0.1:7443 with the data folder ./gorilla-data (or $GORILLA_DATA).
            The first start creates a self-signed certificate there and prints its SHA-256 fingerprint.
            With --database postgres://… (or $GORILLA_DATABASE), the data lives in PostgreSQL, and several instances \
            may serve it at once (docs/operations.md, "Several instances").
            """,
        subcommands: [Serve.self, Users.self, News.self, MigrateToPostgres.self, Backup.self, Restore.self, Check.self],
        defaultSubcommand: Serve.self
    )
}

/// Options every subcommand takes to find the data folder and the database.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: "The data folder (default: $GORILLA_DATA or ./gorilla-data).")
    var data: String?
    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "A PostgreSQL database several instances share: postgres://USER@HOST:PORT/DB (default: $GORILLA_DATABASE;"
                + " without either, SQLite in the data folder).", valueName: "url"))
    var database: String?
    @Option(
        name: .customLong("database-password-file"),
        help: ArgumentHelp(
            "A file holding the PostgreSQL password (else the address's own, or $PGPASSWORD).", valueName: "file"))
    var databasePasswordFile: String?

    var directory: URL {
        let path = data ?? ProcessInfo.processInfo.environment["GORILLA_DATA"] ?? "gorilla-data"
        return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    /// The PostgreSQL database given, with its password; nil for SQLite.
    func location() throws -> PostgresLocation? {
        let environment = ProcessInfo.processInfo.environment
        guard let url = database ?? environment["GORILLA_DATABASE"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        guard var location = PostgresLocation(url: url) else {
            throw ValidationError("--database must be postgres://USER@HOST:PORT/DATABASE, not \(url)")
        }
        if location.password == nil {
            if let file = databasePasswordFile {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw ValidationError("cannot read the password file \(file)")
                }
                location.password = text.trimmingCharacters(in: .newlines)
            } else {
                location.password = environment["PGPASSWORD"]
            }
        }
        return location
    }

    func validate() throws { _ = try location() }

    /// The operator's tools on this data folder or database.
    func tools() async throws -> OperatorTools {
        try await OperatorTools.open(dataDirectory: directory, database: location())
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the server (the default).")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "TCP port; 0 picks a free one (see DIR/server.json).") var port = 7443
    @OptionGroup var data: DataOptions
    @Option(help: "PEM certificate to use instead of the self-signed one.") var cert: String?
    @Option(help: "PEM private key for --cert.") var key: String?
    @Option(help: "Idle timeout in seconds.") var idleTimeout = 300.0
    @Option(help: "Most connections open at once.") var maxConnections = 4096
    @Option(help: "Most connections open at once from one address.")
    var maxConnectionsPerAddress = Self.defaults.maxConnectionsPerAddress
    @Option(help: "Seconds a new connection has for its TLS handshake and hello.")
    var helloTimeout = Self.defaults.handshakeTimeout
    @Option(help: "Signups allowed per address per hour.") var signupsPerAddress = Self.defaults.signupsPerAddress
    @Option(help: "Threads that hash and check passwords.") var passwordThreads = Self.defaults.passwordThreads
    @Option(help: "Password requests that may wait for a thread; more get error 113.")
    var passwordQueue = Self.defaults.passwordQueueLength
    @Option(help: "Largest sync.pull page, in bytes.") var pullPageBytes = Self.defaults.pullPageBytes
    @Option(help: "Bytes of unfinished image uploads kept per account.")
    var uploadBytesPerAccount = Self.defaults.uploadBytesPerAccount
    @Option(help: "Bytes of unfinished image uploads kept in all.") var uploadBytesTotal = Self.defaults
        .uploadBytesTotal
    @Option(help: "Most connections to PostgreSQL (with --database).") var databaseConnections = Self.defaults
        .databaseConnections
    @Option(help: "Log level: trace, debug, info, notice, warning, error.") var logLevel = "info"
    @Option(
        help: ArgumentHelp(
            "Back the SQLite database up this often (90m, 6h, 1d; at least a minute) into --backup-dir.",
            valueName: "interval"))
    var backupEvery: String?
    @Option(help: "How many of the newest scheduled backups to keep.") var keep = 14
    @Option(help: ArgumentHelp("Where scheduled backups go (default: DIR/backups).", valueName: "dir"))
    var backupDir: String?

    /// The library's defaults, shown in `--help`.
    private static let defaults = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "."))

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535") }
        for (name, value) in [
            ("--max-connections-per-address", maxConnectionsPerAddress), ("--signups-per-address", signupsPerAddress),
            ("--password-threads", passwordThreads), ("--pull-page-bytes", pullPageBytes),
            ("--upload-bytes-per-account", uploadBytesPerAccount), ("--upload-bytes-total", uploadBytesTotal),
            ("--database-connections", databaseConnections),
        ]
        where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        guard passwordQueue >= 0 else { throw ValidationError("--password-queue must be 0 or more") }
        guard helloTimeout > 0 else { throw ValidationError("--hello-timeout must be more than 0") }
        guard (cert == nil) == (key == nil) else { throw ValidationError("--cert and --key go together") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
        if let backupEvery {
            guard BackupSchedule.interval(parsing: backupEvery) != nil else {
                throw ValidationError("--backup-every takes a time of at least a minute: 90m, 6h, 1d (not \(backupEvery))")
            }
            guard try data.location() == nil else {
                throw ValidationError("--backup-every backs up SQLite; " + OperatorTools.postgresRecipe)
            }
        }
        guard keep >= 1 else { throw ValidationError("--keep must be at least 1") }
    }

    func run() async throws {
        umask(0o077)  // the data folder holds credentials and clients' personal data
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var configuration = ServerConfiguration(dataDirectory: data.directory)
        configuration.host = host
        configuration.port = port
        configuration.certificatePath = cert
        configuration.keyPath = key
        configuration.idleTimeout = idleTimeout
        configuration.maxConnections = maxConnections
        configuration.maxConnectionsPerAddress = maxConnectionsPerAddress
        configuration.handshakeTimeout = helloTimeout
        configuration.signupsPerAddress = signupsPerAddress
        configuration.passwordThreads = passwordThreads
        configuration.passwordQueueLength = passwordQueue
        configuration.pullPageBytes = pullPageBytes
        configuration.uploadBytesPerAccount = uploadBytesPerAccount
        configuration.uploadBytesTotal = uploadBytesTotal
        configuration.database = try data.location()
        configuration.databaseConnections = databaseConnections
        configuration.backupInterval = backupEvery.flatMap(BackupSchedule.interval(parsing:))
        configuration.backupsKept = keep
        configuration.backupDirectory = backupDir.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
        let testClock = configuration.takeTestClock()
        let logger = Logger(label: "gorilla-server")
        if let testClock { logger.warning("the clock is moved by the test clock file \(testClock) (tests only)") }
        let server = GorillaServer(configuration: configuration, logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [server.checkpointer, server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        do {
            try await group.run()
        } catch let error as StartupError {
            // One line that names the file and the cause, and a non-zero exit (sysexits' EX_CONFIG).
            FileHandle.standardError.write(Data("gorilla-server: \(error.message)\n".utf8))
            throw ExitCode(78)
        }
    }
}

struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Operator commands for accounts (work while the server runs).",
        subcommands: [List.self, ResetPassword.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts.")
        @OptionGroup var data: DataOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let admin = try await data.tools()
            print(try await admin.listUsers(json: json))
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: "Issue a one-time password-reset token (valid 24 h) for an account.",
            discussion: "The user redeems it with: gorilla password reset --user USER --token TOKEN"
        )
        @Argument(help: "Username or email.") var user: String
        @OptionGroup var data: DataOptions

        func run() async throws {
            let admin = try await data.tools()
            print(try await admin.issueResetToken(for: user))
        }
    }
}

struct News: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Broadcast news to users (works while the server runs).",
        subcommands: [Add.self, List.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Publish a news item.")
        @Argument(help: "The text.") var text: String
        @Option(help: "all, coaches or clients.") var to = "all"
        @OptionGroup var data: DataOptions

        func validate() throws {
            guard ["all", "coaches", "clients"].contains(to) else {
                throw ValidationError("--to must be all, coaches or clients")
            }
        }

        func run() async throws {
            print(try await data.tools().addNews(text, audience: to))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List published news.")
        @OptionGroup var data: DataOptions
        @Flag(help: "Print JSON.") var json = false
        func run() async throws { print(try await data.tools().listNews(json: json)) }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Withdraw a news item.")
        @Argument(help: "The id (or its first characters).") var id: String
        @OptionGroup var data: DataOptions
        func run() async throws { print(try await data.tools().removeNews(id)) }
    }
}

struct MigrateToPostgres: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-to-postgres",
        abstract: "Copy a SQLite data folder's database into an empty PostgreSQL database.",
        discussion: """
            Stop the server first. Every table is copied in one transaction, then each table's rows are counted on \
            both sides; the copy is kept only when every count matches. The SQLite file is left as it was.
            """)
    @OptionGroup var data: DataOptions

    func validate() throws {
        guard try data.location() != nil else {
            throw ValidationError("give the PostgreSQL database: --database postgres://USER@HOST:PORT/DB")
        }
    }

    func run() async throws {
        guard let location = try data.location() else { return }
        try await operatorCommand {
            let report = try await StoreCopy.sqliteToPostgres(dataDirectory: data.directory, to: location) { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            print(report)
        }
    }
}
