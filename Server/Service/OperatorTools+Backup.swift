import Foundation
import GRDB
import GorillaShared

/// `gorilla-server backup`, `restore` and `check`: a SQLite data folder copied whole into one file while the server
/// serves, read back into an empty folder, and checked (docs/operations.md, "Backups").
extension OperatorTools {
    /// The data folder's files a backup holds besides the database: the self-signed certificate and its key, so that
    /// a restored server keeps its fingerprint and no device refuses it.
    package static let backedUpFiles = ["server-cert.pem", "server-key.pem"]

    /// What to run instead for a PostgreSQL database, which `backup` and `restore` refuse.
    package static let postgresRecipe = """
        the data is in PostgreSQL: back it up with pg_dump -Fc and restore it with pg_restore, and keep the data \
        folder's server-cert.pem and server-key.pem with it (docs/operations.md, "Several instances", "Backups")
        """

    /// Copies the SQLite database in `dataDirectory` (the server may be serving it) and the folder's certificate and
    /// key into `out`; returns the text to print.
    package static func backup(
        dataDirectory: URL, database: PostgresLocation?, to out: URL, now: Date = Date()
    ) throws -> String {
        guard database == nil else { throw OperatorError(message: "cannot back up: " + postgresRecipe) }
        let path = dataDirectory.appendingPathComponent("gorilla.sqlite").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw OperatorError(message: "no GorillaCoach database in \(dataDirectory.path) (use --data DIR)")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let source = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? source.close() }
        let summary = try write(from: source, dataDirectory: dataDirectory, to: out, now: now)
        return "Backed up \(dataDirectory.path) to \(out.path): \(describe(summary))."
    }

    /// Writes a backup of `source` and `dataDirectory`'s certificate and key to `out`.
    static func write(
        from source: any DatabaseReader, dataDirectory: URL, to out: URL, now: Date
    ) throws -> StoreBackup.Summary {
        var files: [String: Data] = [:]
        for name in backedUpFiles {
            if let bytes = FileManager.default.contents(atPath: dataDirectory.appendingPathComponent(name).path) {
                files[name] = bytes
            }
        }
        do {
            return try StoreBackup.write(from: source, files: files, to: out, now: now)
        } catch let error as StoreBackupError {
            throw OperatorError(message: "cannot back up: \(error)")
        }
    }

    /// Reads the backup `file` into `dataDirectory`, which must be empty (or absent) and not served; returns the text
    /// to print.
    package static func restore(_ file: URL, dataDirectory: URL, database: PostgresLocation?) throws -> String {
        guard database == nil else { throw OperatorError(message: "cannot restore: " + postgresRecipe) }
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)) ?? []
        if existing.contains("gorilla-server.running") {
            throw OperatorError(
                message: "\(dataDirectory.path) is in use by a running server; restore into an empty folder")
        }
        guard existing.isEmpty else {
            throw OperatorError(
                message:
                    "\(dataDirectory.path) is not empty (\(existing.sorted().prefix(3).joined(separator: ", ")));"
                    + " restore into an empty folder, then start the server with --data on it")
        }
        do {
            let summary = try StoreBackup.restore(file, into: dataDirectory, database: "gorilla.sqlite")
            let known = Migrations.migrator.migrations
            if !summary.schema.isEmpty && !known.contains(summary.schema) {
                throw OperatorError(
                    message: "\(file.path) was written by a newer gorilla-server (schema \(summary.schema))")
            }
            return """
                Restored \(file.path) into \(dataDirectory.path): \(describe(summary)).
                Start the server with: gorilla-server --data \(dataDirectory.path)
                """
        } catch let error as StoreBackupError {
            try? FileManager.default.removeItem(at: dataDirectory.appendingPathComponent("gorilla.sqlite"))
            for name in backedUpFiles {
                try? FileManager.default.removeItem(at: dataDirectory.appendingPathComponent(name))
            }
            throw OperatorError(message: "cannot restore: \(error)")
        }
    }

    /// "taken 2026-11-29T10:00:00Z, version 1234, schema v11-folded-name-keys, with server-cert.pem, server-key.pem".
    static func describe(_ summary: StoreBackup.Summary) -> String {
        let files = summary.files.isEmpty ? "without a certificate" : "with " + summary.files.joined(separator: ", ")
        return "taken \(ISOTime.format(summary.taken)), version \(summary.version), schema \(summary.schema), \(files)"
    }

    /// Checks the store of `dataDirectory` (or `database`): its integrity, schema and contents.
    package static func check(dataDirectory: URL, database: PostgresLocation?) async throws -> StoreCheck {
        guard let database else {
            let path = dataDirectory.appendingPathComponent("gorilla.sqlite").path
            guard FileManager.default.fileExists(atPath: path) else {
                throw OperatorError(message: "no GorillaCoach database in \(dataDirectory.path) (use --data DIR)")
            }
            return try await StoreCheck.sqlite(path: path)
        }
        let tools = try await open(dataDirectory: dataDirectory, database: database)
        defer { Task { await tools.store.close() } }
        return try await StoreCheck.postgres(tools.store)
    }

    /// The check as a person reads it.
    package static func text(of check: StoreCheck) -> String {
        func list(_ counts: [String: Int]) -> String {
            counts.isEmpty ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(
                separator: ", ")
        }
        var lines = [
            check.healthy ? "ok: the \(check.engine) store is sound" : "NOT OK: the \(check.engine) store has problems",
            "schema:    \(check.schema)" + (check.schema == check.expectedSchema ? " (current)" : " (this build writes \(check.expectedSchema))"),
            "version:   \(check.version)",
            "accounts:  \(list(check.accounts))",
            "rows:      \(list(check.rows))",
            "revisions: \(check.revisions)",
        ]
        lines += check.problems.map { "problem:   \($0)" }
        return lines.joined(separator: "\n")
    }
}
