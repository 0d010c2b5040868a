import ArgumentParser
import Foundation
import GorillaServer

/// Runs `body`, printing an operator error on standard error with exit status `status`.
func operatorCommand(failing status: Int32 = 1, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as OperatorError {
        FileHandle.standardError.write(Data("gorilla-server: \(error.message)\n".utf8))
        throw ExitCode(status)
    }
}

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the SQLite database, the certificate and the key into one file, while the server serves.",
        discussion: """
            The copy is consistent (SQLite's online backup, from one snapshot) and written with mode 0600: it holds \
            password hashes and every coach's data. Restore it with gorilla-server restore FILE --data EMPTY-DIR. \
            A PostgreSQL database is backed up with pg_dump instead (docs/operations.md, "Backups").
            """)
    @OptionGroup var data: DataOptions
    @Option(name: .customLong("out"), help: ArgumentHelp("The backup file to write.", valueName: "file"))
    var out: String

    func run() async throws {
        let configuration = try await data.resolve().configuration
        try await operatorCommand {
            let file = URL(fileURLWithPath: out).standardizedFileURL
            print(
                try OperatorTools.backup(
                    dataDirectory: configuration.dataDirectory, database: configuration.database, to: file))
        }
    }
}

struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a backup into an empty data folder, checking its integrity first.",
        discussion: """
            The folder must be empty (or not exist yet) and no server may be using it. The restored server keeps the \
            backup's certificate, so devices that pinned it connect as before; they send again what they changed \
            after the backup.
            """)
    @Argument(help: ArgumentHelp("The backup file.", valueName: "file")) var file: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let configuration = try await data.resolve().configuration
        try await operatorCommand {
            let backup = URL(fileURLWithPath: file).standardizedFileURL
            print(
                try OperatorTools.restore(
                    backup, dataDirectory: configuration.dataDirectory, database: configuration.database))
        }
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the store: integrity, schema and what it holds; exit status 0 when sound, 1 when not.",
        discussion: "Changes nothing. For cron, and before starting a server again after a crash.")
    @OptionGroup var data: DataOptions
    @Flag(help: "Print the findings as one JSON object.") var json = false

    func run() async throws {
        let configuration = try await data.resolve().configuration
        try await operatorCommand(failing: 2) {
            let check = try await OperatorTools.check(
                dataDirectory: configuration.dataDirectory, database: configuration.database)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(check), as: UTF8.self))
            } else {
                print(OperatorTools.text(of: check))
            }
            if !check.healthy { throw ExitCode(1) }
        }
    }
}
