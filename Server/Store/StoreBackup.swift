import Foundation
import GRDB
import GorillaShared

/// A SQLite data folder's backup in one file: a consistent copy of the database taken while the server serves, holding
/// also the data folder's files the server cannot do without (its certificate and key, so that a restored server keeps
/// its fingerprint), in a table of their own (`backup_files`) beside `backup_info` (when, from which version).
///
/// A backup is a SQLite database itself: `sqlite3 FILE` reads it, and its integrity is SQLite's to check.
package enum StoreBackup {
    /// The table of the data folder's files a backup holds.
    static let filesTable = "backup_files"
    /// The table that says when the backup was taken and what it holds.
    static let infoTable = "backup_info"

    /// What a backup holds, besides the database.
    package struct Summary: Sendable, Codable, Equatable {
        /// When the copy was taken.
        package var taken: Date
        /// The newest version of synced data it holds.
        package var version: Int64
        /// The last migration its schema has.
        package var schema: String
        /// The data folder's files it holds, by name.
        package var files: [String]
    }

    /// Copies the database `source` (a snapshot: writers go on meanwhile) and `files` into a new backup at `out`,
    /// written beside it first and moved into place whole, with mode 0600. Returns what it holds.
    package static func write(
        from source: any DatabaseReader, files: [String: Data], to out: URL, now: Date
    ) throws -> Summary {
        let partial = out.deletingLastPathComponent().appendingPathComponent(".\(out.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        defer { try? FileManager.default.removeItem(at: partial) }
        let created = FileManager.default.createFile(
            atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600])
        guard created else { throw StoreBackupError.cannotWrite(out.path) }
        let summary: Summary
        do {
            let copy = try DatabaseQueue(path: partial.path)
            try source.backup(to: copy)
            summary = try copy.write { db in
                try db.execute(sql: "CREATE TABLE \(filesTable) (name TEXT PRIMARY KEY, bytes BLOB NOT NULL)")
                try db.execute(sql: "CREATE TABLE \(infoTable) (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
                    try db.execute(sql: "INSERT INTO \(filesTable) VALUES (?, ?)", arguments: [name, bytes])
                }
                let summary = Summary(
                    taken: now, version: try newestVersion(db), schema: try StoreCheck.appliedMigrations(db).last ?? "", files: files.keys.sorted())
                try db.execute(
                    sql: "INSERT INTO \(infoTable) VALUES ('taken', ?), ('version', ?), ('schema', ?)",
                    arguments: [ISOTime.format(now), "\(summary.version)", summary.schema])
                return summary
            }
            try copy.close()
        } catch let error as StoreBackupError {
            throw error
        } catch {
            throw StoreBackupError.cannotWrite("\(out.path): \(error)")
        }
        if FileManager.default.fileExists(atPath: out.path) { try FileManager.default.removeItem(at: out) }
        try FileManager.default.moveItem(at: partial, to: out)
        return summary
    }

    /// Reads the backup `file` into the empty data folder `directory`: checks its integrity, writes its files (mode
    /// 0600) and the database as `database` (a file name). Nothing is left in the folder if a check fails.
    package static func restore(_ file: URL, into directory: URL, database: String) throws -> Summary {
        guard FileManager.default.fileExists(atPath: file.path) else { throw StoreBackupError.missing(file.path) }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let restoring = directory.appendingPathComponent(database + ".restoring")
        defer { try? FileManager.default.removeItem(at: restoring) }
        try? FileManager.default.removeItem(at: restoring)
        try FileManager.default.copyItem(at: file, to: restoring)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: restoring.path)
        let (summary, files): (Summary, [String: Data])
        do {
            let copy = try DatabaseQueue(path: restoring.path)
            (summary, files) = try copy.write { db in
                guard try db.tableExists(infoTable), try db.tableExists(filesTable) else {
                    throw StoreBackupError.notABackup(file.path)
                }
                let problems = try StoreCheck.integrityProblems(db)
                guard problems.isEmpty else { throw StoreBackupError.damaged(file.path, problems) }
                var files: [String: Data] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT name, bytes FROM \(filesTable)") {
                    files[row["name"]] = row["bytes"]
                }
                let info = try Dictionary(
                    uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM \(infoTable)").map {
                        (($0["key"] as String), ($0["value"] as String))
                    })
                let summary = Summary(
                    taken: info["taken"].flatMap(ISOTime.parse) ?? Date(timeIntervalSince1970: 0),
                    version: info["version"].flatMap { Int64($0) } ?? 0, schema: info["schema"] ?? "",
                    files: files.keys.sorted())
                try db.execute(sql: "DROP TABLE \(filesTable)")
                try db.execute(sql: "DROP TABLE \(infoTable)")
                return (summary, files)
            }
            try copy.close()
        } catch let error as StoreBackupError {
            throw error
        } catch {
            throw StoreBackupError.notABackup("\(file.path): \(error)")
        }
        for (name, bytes) in files where name == (name as NSString).lastPathComponent && !name.hasPrefix(".") {
            let created = FileManager.default.createFile(
                atPath: directory.appendingPathComponent(name).path, contents: bytes,
                attributes: [.posixPermissions: 0o600])
            guard created else { throw StoreBackupError.cannotWrite(directory.appendingPathComponent(name).path) }
        }
        try FileManager.default.moveItem(at: restoring, to: directory.appendingPathComponent(database))
        return summary
    }

    /// The newest version of synced data in `db` (its `version` counter; 0 when there is none).
    static func newestVersion(_ db: Database) throws -> Int64 {
        guard try db.tableExists("counters") else { return 0 }
        return try Int64.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'version'") ?? 0
    }
}

/// Why a backup could not be written or restored.
package enum StoreBackupError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case notABackup(String)
    case damaged(String, [String])
    case cannotWrite(String)

    package var description: String {
        switch self {
        case .missing(let path): "no backup at \(path)"
        case .notABackup(let path): "\(path) is not a GorillaCoach backup"
        case .damaged(let path, let problems):
            "\(path) is damaged (SQLite's integrity check: \(problems.prefix(3).joined(separator: "; ")))"
        case .cannotWrite(let path): "cannot write \(path)"
        }
    }
}
