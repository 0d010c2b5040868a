import Foundation
import GorillaShared

/// A document as the web door reads it: its row's id and version beside the typed document.
package struct Visible<Document: EntityDocument>: Sendable {
    package let id: UUID
    package let version: Int64
    package let value: Document
}

/// Typed reads through the rows the access table lets the reader read: the pull's own scoping
/// (``visibleRows(_:columns:since:now:dialect:)``), so a page never has a second set of queries.
extension ServerStore {
    /// The live documents of `type` that `principal` reads, about `client` and with the id `id` when given; a row the
    /// type cannot read is left out.
    package func visible<Document: EntityDocument>(
        _ type: Document.Type, for principal: UserRecord, client: UUID? = nil, id: UUID? = nil, now: Date
    ) async throws -> [Visible<Document>] {
        try await read { db in
            let principal = try Self.withGym(db, principal, now: now)
            let (runs, arguments) = Self.visibleRows(
                principal, columns: "id, \(EntityRow.columns(db.dialect))", since: 0, now: now, dialect: db.dialect)
            var sql = "SELECT * FROM (\(runs)) AS visible WHERE kind = ? AND deleted = 0"
            var values = arguments + [Document.kind.rawValue]
            if let client {
                sql += " AND client_id = ?"
                values = values + [client.key]
            }
            if let id {
                sql += " AND id = ?"
                values = values + [id.key]
            }
            return try db.fetchAll(sql: sql, arguments: values).map(EntityRow.init(row:)).compactMap { row in
                guard row.kind == Document.kind.rawValue, let value = try? Document(document: row.data) else {
                    return nil
                }
                return Visible(id: row.id, version: row.version, value: value)
            }
        }
    }
}

extension ServerStore {
    /// The members `fields` of the live rows of `kind` that `principal` reads (about `client` when given), read as
    /// `Part` without reading the rest of each document: what a list needs of many rows (a session's start, not its
    /// sets). Each member is read as text, so `Part` holds strings, dates and ids; a row `Part` cannot read is left out.
    package func visible<Part: Decodable & Sendable>(
        _ part: Part.Type, of kind: EntityKind, fields: [String], for principal: UserRecord, client: UUID? = nil,
        now: Date
    ) async throws -> [(id: UUID, value: Part)] {
        try await read { db in
            let principal = try Self.withGym(db, principal, now: now)
            let json = db.dialect.jsonText
            let columns =
                "id, kind, deleted, client_id, "
                + fields.enumerated().map { "CAST(\(json("data", $1)) AS TEXT) AS f\($0)" }.joined(separator: ", ")
            let (runs, arguments) = Self.visibleRows(
                principal, columns: columns, since: 0, now: now, dialect: db.dialect)
            var sql = "SELECT * FROM (\(runs)) AS visible WHERE kind = ? AND deleted = 0"
            var values = arguments + [kind.rawValue]
            if let client {
                sql += " AND client_id = ?"
                values = values + [client.key]
            }
            return try db.fetchAll(sql: sql, arguments: values).compactMap { row in
                guard let id = (row["id"] as String?).flatMap(UUID.init(uuidString:)) else { return nil }
                var object: [String: JSONValue] = [:]
                for (index, field) in fields.enumerated() {
                    if let text = row["f\(index)"] as String? { object[field] = .string(text) }
                }
                guard let value = try? JSONValue.object(object).decode(Part.self) else { return nil }
                return (id, value)
            }
        }
    }
}
