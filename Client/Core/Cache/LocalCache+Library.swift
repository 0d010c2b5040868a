import Foundation
import GRDB
import GorillaShared

/// The gym's library on this device: its rows are kept apart from the coach's own catalogue, under kinds of their own
/// (`gym.exercise`), so that nothing the coach writes names them by mistake; the gym they came from is remembered, and
/// when the server names another gym, or none, they go (and the coach is told once).
extension LocalCache {
    /// The cache's kind for rows of `kind` of the gym's library.
    package static func libraryKind(_ kind: String) -> String { libraryPrefix + kind }

    /// What starts the kinds of the library's rows.
    static let libraryPrefix = "gym."

    /// The meta key of the gym whose library this cache holds.
    static let libraryGymKey = "libraryGym"

    /// Every live row of `Document`'s kind in the gym's library.
    package func library<Document: EntityDocument>(_ type: Document.Type) throws -> [Stored<Document>] {
        try writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, data, version, deleted FROM entities WHERE kind = ? AND deleted = 0",
                arguments: [Self.libraryKind(Document.kind.rawValue)]
            ).compactMap(Self.stored)
        }
    }

    /// The gym whose library this cache holds, if any.
    package func libraryGym() throws -> UUID? {
        try meta(Self.libraryGymKey).flatMap(UUID.init(uuidString:))
    }

    /// Stores pulled rows of the library (a fetch of the whole library), leaving the cursor where it is; fetched again
    /// if a power cut undoes it, as a pulled page is.
    func applyLibrary(_ changes: [PulledChange]) throws {
        try writeWithoutWaitingForDisk { db in try Self.upsertPulled(db, changes) }
    }

    /// Drops every row of a gym's library and forgets which gym the cache held, until ``holdLibrary(of:)``; when it
    /// held one, a report says so once (``takeSyncReports()``).
    func releaseLibrary() throws {
        try writer.write { db in
            let held = try String.fetchOne(
                db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.libraryGymKey]
            ).flatMap(UUID.init(uuidString:))
            try db.execute(sql: "DELETE FROM entities WHERE kind LIKE ?", arguments: [Self.libraryPrefix + "%"])
            if held != nil { try Self.addLibraryLostReport(db) }
            try Self.setMeta(db, Self.libraryGymKey, "")
        }
    }

    /// Records that the cache holds the whole library of `gym` (a power cut that undoes it makes the next sync fetch
    /// the library again).
    func holdLibrary(of gym: UUID) throws {
        try writeWithoutWaitingForDisk { db in try Self.setMeta(db, Self.libraryGymKey, gym.key) }
    }
}
