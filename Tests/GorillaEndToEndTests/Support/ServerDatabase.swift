import Foundation
import GRDB

/// Read-only access to a server's `gorilla.sqlite`, to check what the server really stored.
struct ServerDatabase {
    let queue: DatabaseQueue

    init(dataDirectory: URL) throws {
        var configuration = Configuration()
        configuration.readonly = true
        queue = try DatabaseQueue(
            path: dataDirectory.appendingPathComponent("gorilla.sqlite").path, configuration: configuration)
    }

    /// How many rows of `kind` the server holds (tombstones included unless `liveOnly`).
    func count(_ kind: String, liveOnly: Bool = false) throws -> Int {
        try queue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM entities WHERE kind = ?" + (liveOnly ? " AND deleted = 0" : ""),
                arguments: [kind]) ?? 0
        }
    }

    /// How many rows have `id`.
    func count(id: UUID) throws -> Int {
        try queue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM entities WHERE id = ?", arguments: [id.uuidString.lowercased()]) ?? 0
        }
    }

    /// The change log of one entity's field, oldest first, as (old, new) JSON texts.
    func changeLog(of id: UUID, field: String) throws -> [(old: String?, new: String?)] {
        try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT old_value, new_value FROM change_log WHERE entity_id = ? AND field = ? ORDER BY id
                    """, arguments: [id.uuidString.lowercased(), field]
            ).map { ($0["old_value"], $0["new_value"]) }
        }
    }
}
