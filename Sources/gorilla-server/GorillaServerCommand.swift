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
            With no subcommand, serves on 127.0.0.1:7443 with the data folder ./gorilla-data (or $GORILLA_DATA). Each \
            setting comes from its flag, its GORILLA_… environment variable or a JSON file (--config FILE), in that \
            order; gorilla-server config prints them.
            The first start creates a self-signed certificate there and prints its SHA-256 fingerprint.
            With --database postgres://… (or $GORILLA_DATABASE), the data lives in PostgreSQL, and several instances \
            may serve it at once (docs/operations.md, "Several instances").
            """,
        subcommands: [
            Serve.self, Config.self, Users.self, Gyms.self, News.self, MigrateToPostgres.self, Backup.self,
            Restore.self, Check.self,
        ],
        defaultSubcommand: Serve.self
    )
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the server (the default).",
        discussion: """
            Every setting is read from its flag, else its GORILLA_… environment variable, else the --config file, \
            else its default; gorilla-server config shows which (docs/operations.md, "Configuration").
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var options: ServeOptions

    func run() async throws {
        umask(0o077)  // the data folder holds credentials and clients' personal data
        var configuration = try await data.resolve(ServerSetting.all, with: options.given).configuration
        configuration.logFormat.bootstrap(level: configuration.logLevel)
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

    func run() async throws {
        let configuration = try await data.resolve().configuration
        guard let location = configuration.database else {
            throw ValidationError("give the PostgreSQL database: --database postgres://USER@HOST:PORT/DB")
        }
        try await operatorCommand {
            let report = try await StoreCopy.sqliteToPostgres(dataDirectory: configuration.dataDirectory, to: location)
            { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            print(report)
        }
    }
}
