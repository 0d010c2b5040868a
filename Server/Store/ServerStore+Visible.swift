import Foundation
import GorillaShared

/// A document as the web door reads it: its row's id and version beside the typed document.
package struct Visible<Document: EntityDocument>: Sendable {
    package let id: UUID
    package let version: Int64
    package let value: Document
}

/// Typed reads through the rows the access table lets the reader read: the pull's own scoping
/// (``visibleRows(_:columns:since:now:dialect:narrowedBy:)``), so a page never has a second set of queries.
extension ServerStore {
    /// The live documents of `type` that `principal` reads, about `client` and with the id `id` when given; a row the
    /// type cannot read is left out.
    package func visible<Document: EntityDocument>(
        _ type: Document.Type, for principal: UserRecord, client: UUID? = nil, id: UUID? = nil,
        matching tests: [FieldTest] = [], now: Date
    ) async throws -> [Visible<Document>] {
        let rows = try await read { db in
            let principal = try Self.withGym(db, principal, now: now)
            let (runs, arguments) = Self.visibleRows(
                principal, columns: "id, version, data", since: 0, now: now, dialect: db.dialect,
                narrowedBy: Self.narrowing(Document.kind, client: client, id: id, tests, db.dialect))
            return try db.fetchAll(sql: runs, arguments: arguments).map {
                (id: $0["id"] as String, version: $0["version"] as Int64, data: $0["data"] as String)
            }
        }
        // Decoded once from the stored text, outside the read: the store's connection is not held meanwhile.
        return rows.compactMap { row in
            guard let id = UUID(text: row.id),
                let value = try? WireCoding.decoder.decode(Document.self, from: Data(row.data.utf8))
            else { return nil }
            return Visible(id: id, version: row.version, value: value)
        }
    }
}

/// A part of a stored document that a list reads instead of the whole (a session's start, not its sets): the members
/// it needs, each read as text in SQL, and how it is made of them.
package protocol StoredPart: Sendable {
    /// The kind of rows it is read from.
    static var kind: EntityKind { get }
    /// The members it is made of.
    static var fields: [String] { get }
    /// The part from the texts of its members (absent ones left out); nil when they do not make one.
    init?(_ fields: [String: String])
}

extension ServerStore {
    /// The parts `Part` of the live rows of its kind that `principal` reads (about `client` when given, passing
    /// `tests`), without reading the rest of each document; a row that does not make a part is left out.
    package func visible<Part: StoredPart>(
        _ part: Part.Type, for principal: UserRecord, client: UUID? = nil, matching tests: [FieldTest] = [], now: Date
    ) async throws -> [(id: UUID, value: Part)] {
        try await read { db in
            let principal = try Self.withGym(db, principal, now: now)
            let json = db.dialect.jsonText
            let columns =
                "id, "
                + Part.fields.enumerated().map { "CAST(\(json("data", $1)) AS TEXT) AS f\($0)" }
                .joined(separator: ", ")
            let (runs, arguments) = Self.visibleRows(
                principal, columns: columns, since: 0, now: now, dialect: db.dialect,
                narrowedBy: Self.narrowing(Part.kind, client: client, id: nil, tests, db.dialect))
            return try db.fetchAll(sql: runs, arguments: arguments).compactMap { row in
                guard let id = (row[0] as String?).flatMap(UUID.init(text:)) else { return nil }
                var texts: [String: String] = [:]
                for (index, field) in Part.fields.enumerated() {
                    if let text = row[index + 1] as String? { texts[field] = text }
                }
                return Part(texts).map { (id, $0) }
            }
        }
    }

    /// The start of the latest live row of `kind` (a dated kind, ``StartColumn``) about each client `principal` reads
    /// such rows of (of those `among`, when given), by the column of starts rather than by the documents.
    package func latestStarts(
        of kind: EntityKind, for principal: UserRecord, among clients: [UUID]? = nil, now: Date
    ) async throws -> [UUID: Date] {
        try await read { db in
            let principal = try Self.withGym(db, principal, now: now)
            var narrowing = Self.narrowing(kind, client: nil, id: nil, [], db.dialect)
            if let clients {
                guard !clients.isEmpty else { return [:] }
                narrowing.0 += " AND client_id IN (\(clients.map { _ in "?" }.joined(separator: ", ")))"
                narrowing.1 = narrowing.1 + SQLArguments(clients.map(\.key.sqlValue))
            }
            let (runs, arguments) = Self.visibleRows(
                principal, columns: "client_id, starts_at", since: 0, now: now, dialect: db.dialect,
                narrowedBy: narrowing)
            var latest: [UUID: Date] = [:]
            let sql = """
                SELECT client_id, MAX(starts_at) AS latest FROM (\(runs)) visible
                WHERE client_id IS NOT NULL GROUP BY client_id
                """
            for row in try db.fetchAll(sql: sql, arguments: arguments) {
                guard let client = (row[0] as String?).flatMap(UUID.init(text:)),
                    let start = (row[1] as String?).flatMap(ISOTime.parse)
                else { continue }
                latest[client] = start
            }
            return latest
        }
    }

    /// The condition each run of the reader's scoping is narrowed by: the live rows of `kind`, about `client`, with
    /// the id `id`, that pass `tests`, so that each run reads by its index only the rows asked for.
    static func narrowing(
        _ kind: EntityKind, client: UUID?, id: UUID?, _ tests: [FieldTest] = [], _ dialect: SQLDialect
    ) -> (String, SQLArguments) {
        var condition = "kind = ? AND deleted = 0"
        var arguments: SQLArguments = [kind.rawValue]
        if let client {
            condition += " AND client_id = ?"
            arguments = arguments + [client.key]
        }
        if let id {
            condition += " AND id = ?"
            arguments = arguments + [id.key]
        }
        for test in tests {
            let (sql, values) = test.sql(dialect)
            condition += " AND \(sql)"
            arguments = arguments + values
        }
        return (condition, arguments)
    }
}

/// A test of a member of the stored documents, made in SQL so that rows a page does not need are never decoded.
package indirect enum FieldTest: Sendable {
    /// The member's text is `value`.
    case equals(String, String)
    /// The document has no such member (or it is null).
    case missing(String)
    /// The document has the member, not null.
    case present(String)
    /// The member's text sorts at or after `value` (ISO-8601 instants in the same form sort as they follow).
    case notBefore(String, String)
    /// One of the tests passes.
    case either(FieldTest, FieldTest)
    /// The row's start (``StartColumn``) is at or after `from` and before `to`, read by the index of starts (bounded
    /// on both sides, SQLite's planner prefers it to the index of versions).
    case starts(from: String, to: String)

    func sql(_ dialect: SQLDialect) -> (String, SQLArguments) {
        switch self {
        case .equals(let field, let value): ("\(dialect.jsonText("data", field)) = ?", [value])
        case .missing(let field): ("\(dialect.jsonText("data", field)) IS NULL", [])
        case .present(let field): ("\(dialect.jsonText("data", field)) IS NOT NULL", [])
        case .notBefore(let field, let value): ("\(dialect.jsonText("data", field)) >= ?", [value])
        case .starts(let from, let to): ("starts_at >= ? AND starts_at < ?", [from, to])
        case .either(let first, let second):
            {
                let (a, b) = (first.sql(dialect), second.sql(dialect))
                return ("(\(a.0) OR \(b.0))", a.1 + b.1)
            }()
        }
    }
}
