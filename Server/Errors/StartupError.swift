import Foundation
import GRDB
import PostgresNIO

/// Why the server cannot start, in words an operator acts on: which file, and what is wrong with it.
package struct StartupError: Error, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable {
        fileprivate enum Kind { case dataFolder, certificate, database, damagedDatabase, serverFile, metricsListener, webListener }
        fileprivate let kind: Kind
        /// The data folder cannot be made, written or used.
        package static let dataFolder = Code(kind: .dataFolder)
        /// The certificate or key cannot be read, or they do not belong together.
        package static let certificate = Code(kind: .certificate)
        /// The database cannot be opened or prepared.
        package static let database = Code(kind: .database)
        /// The database file is damaged: the server refuses to serve it.
        package static let damagedDatabase = Code(kind: .damagedDatabase)
        /// `server.json` cannot be written.
        package static let serverFile = Code(kind: .serverFile)
        /// The metrics listener (`--metrics`) cannot bind its address.
        package static let metricsListener = Code(kind: .metricsListener)
        /// The web door (`--web`) cannot bind its address.
        package static let webListener = Code(kind: .webListener)
    }

    package let code: Code
    /// "cannot write /srv/gorilla/server.json: permission denied"
    package let message: String
    package var description: String { message }

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Runs `body`; a failure becomes a ``StartupError`` of `code` that says `what` failed and why, in plain words.
    static func wrap<T>(_ code: Code, _ what: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StartupError {
            throw error
        } catch {
            throw StartupError(code, "\(what()): \(describe(error))")
        }
    }

    /// The cause of a file-system or database error in a few plain words (never a domain and a number).
    package static func describe(_ error: any Error) -> String {
        if let database = error as? DatabaseError {
            switch database.resultCode {
            case .SQLITE_CANTOPEN:
                return "it cannot be opened (check that the folder exists and is writable by this user)"
            case .SQLITE_READONLY: return "it is read-only (the file or its folder cannot be written)"
            case .SQLITE_PERM, .SQLITE_AUTH: return "permission denied"
            case .SQLITE_FULL: return "the disk is full"
            case .SQLITE_NOTADB: return "it is not a SQLite database"
            case .SQLITE_CORRUPT: return "it is damaged"
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "another process holds it locked"
            case .SQLITE_IOERR: return "an input/output error (a failing disk, or a file system that went away)"
            default: return database.message ?? "SQLite error \(database.resultCode.rawValue)"
            }
        }
        if let postgres = error as? PSQLError { return describePostgres(postgres) }
        if let posix = error as? POSIXError { return words(errno: posix.code.rawValue) }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return words(errno: Int32(ns.code)) }
        // The system's own cause, when Foundation wrapped one.
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error { return describe(underlying) }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
            case .fileNoSuchFile, .fileReadNoSuchFile: return "it does not exist"
            case .fileWriteOutOfSpace: return "the disk is full"
            case .fileWriteFileExists: return "something else already has that name"
            case .fileReadCorruptFile: return "its contents cannot be read"
            case .fileWriteUnknown:
                var isFolder: ObjCBool = false
                if let path = ns.userInfo[NSFilePathErrorKey] as? String,
                    FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
                {
                    return "it is a folder, not a file"
                }
                return "it cannot be written (check the folder's permissions and free space)"
            default: break
            }
        }
        if !(type(of: error) is NSError.Type) { return String(describing: error) }
        return "it cannot be read or written (system error \(ns.code))"
    }

    private static func words(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied"
        case EROFS: "the file system is read-only"
        case ENOSPC: "the disk is full"
        case ENOENT: "it does not exist"
        case ENOTDIR: "part of the path is a file, not a folder"
        case EISDIR: "it is a folder, not a file"
        case EEXIST: "something else already has that name"
        case EDQUOT: "the disk quota is used up"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

extension StartupError {
    /// A PostgreSQL failure in plain words: the server's own message, or why it could not be reached.
    static func describePostgres(_ error: PSQLError) -> String {
        if let message = error.serverInfo?[.message] {
            return "PostgreSQL says: \(message)" + (error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? "")
        }
        switch error.code {
        case .connectionError:
            let cause = error.underlying.map { " (\(StartupError.describe($0)))" } ?? ""
            return "cannot connect: is PostgreSQL running there and accepting TCP connections?\(cause)"
        case .authMechanismRequiresPassword:
            return "PostgreSQL asks for a password: give it in the address, PGPASSWORD or --database-password-file"
        case .serverClosedConnection, .uncleanShutdown: return "PostgreSQL closed the connection"
        case .sslUnsupported: return "PostgreSQL does not offer TLS"
        default: return "PostgreSQL: \(error.code)"
        }
    }
}
