import Foundation
import GorillaShared

/// A row of the `entities` table.
struct EntityRow: Sendable {
    var id: UUID
    var kind: String
    var coachID: UUID
    var clientID: UUID?
    var data: [String: JSONValue]
    var fieldVersions: [String: Int64]
    var version: Int64
    var deleted: Bool
    /// The account that created the row (nil for a row not read from the table).
    var createdBy: UUID?
    /// The size of the stored document text when the row was read (0 for a new row).
    var storedSize = 0

    static func fetch(_ db: any SQLTransaction, id: UUID) throws -> EntityRow? {
        RowReads.current?.add(CollectionOfOne(id))
        return try db.fetchOne(
            sql: "SELECT id, \(columns(db.dialect)) FROM entities WHERE id = ?", arguments: [id.key]
        ).map(EntityRow.init(row:))
    }

    /// The columns ``init(row:)`` reads besides `id`, in `dialect`.
    static func columns(_ dialect: SQLDialect) -> String {
        "kind, coach_id, client_id, data, field_versions, version, deleted, created_by, "
            + "\(dialect.byteLength("data")) AS size"
    }

    /// What a reference check needs of a row, without reading its document.
    struct Reference {
        var kind: String
        var coachID: String
        var clientID: String?
        var deleted: Bool

        /// The columns it is read from, in the order ``init(row:at:)`` reads them.
        static let columns = "kind, coach_id, client_id, deleted"

        /// What `row` holds of it.
        init(_ row: EntityRow) {
            kind = row.kind
            coachID = row.coachID.key
            clientID = row.clientID?.key
            deleted = row.deleted
        }

        /// Reads ``columns`` from `row`, the first at `first`.
        init(row: SQLRow, at first: Int) {
            kind = row[first]
            coachID = row[first + 1]
            clientID = row[first + 2]
            deleted = (row[first + 3] as Int) != 0
        }
    }

    static func reference(_ db: any SQLTransaction, id: UUID) throws -> Reference? {
        RowReads.current?.add(CollectionOfOne(id))
        return try db.fetchOne(
            sql: "SELECT \(Reference.columns) FROM entities WHERE id = ?", arguments: [id.key]
        ).map { Reference(row: $0, at: 0) }
    }

    /// The references of those of `ids` that exist, in one query.
    static func references(_ db: any SQLTransaction, ids: [UUID]) throws -> [UUID: Reference] {
        RowReads.current?.add(ids)
        var found: [UUID: Reference] = [:]
        try SQL.forEachRow(db, Reference.columns, from: "entities", ids: ids) { id, row in
            found[id] = Reference(row: row, at: 1)
        }
        return found
    }

    /// The rows of those of `ids` that exist, in one query.
    static func fetchAll(_ db: any SQLTransaction, ids: [UUID]) throws -> [UUID: EntityRow] {
        RowReads.current?.add(ids)
        var found: [UUID: EntityRow] = [:]
        try SQL.forEachRow(db, columns(db.dialect), from: "entities", ids: ids) { id, row in
            found[id] = EntityRow(row: row)
        }
        return found
    }

    init(row: SQLRow) {
        id = UUID(text: row["id"] as String)!
        kind = row["kind"]
        coachID = UUID(text: row["coach_id"] as String)!
        clientID = (row["client_id"] as String?).flatMap(UUID.init(text:))
        data = (try? FastJSON.parse(row["data"] as String))?.objectValue ?? [:]
        fieldVersions = ((try? FastJSON.parse(row["field_versions"] as String))?.objectValue ?? [:])
            .compactMapValues { $0.doubleValue.flatMap { Int64(exactly: $0) } }
        version = row["version"]
        deleted = (row["deleted"] as Int) != 0
        createdBy = (row["created_by"] as String?).flatMap(UUID.init(text:))
        storedSize = row["size"] ?? 0
    }

    init(
        id: UUID, kind: String, coachID: UUID, clientID: UUID?, data: [String: JSONValue],
        fieldVersions: [String: Int64], version: Int64, deleted: Bool
    ) {
        self.id = id
        self.kind = kind
        self.coachID = coachID
        self.clientID = clientID
        self.data = data
        self.fieldVersions = fieldVersions
        self.version = version
        self.deleted = deleted
    }

    /// The unique-name key of this row, if its kind has one.
    func nameKey(for kind: EntityKind) -> String? {
        guard let field = kind.uniqueNameField, let name = data[field]?.stringValue else { return nil }
        return NameMatch.key(name)
    }

    /// Inserts or replaces this row; `dataText`, when given, is its document's text already written.
    func save(_ db: any SQLTransaction, kind: EntityKind, createdBy: UUID, now: Date, dataText: [UInt8]? = nil) throws {
        var dataText = dataText ?? []
        if dataText.isEmpty { FastJSON.write(.object(data), into: &dataText) }
        // Only growth past the limit is refused: a document stored before the limit existed can still be
        // deleted or trimmed.
        guard dataText.count <= max(SyncLimits.maxDocumentBytes, storedSize) else {
            throw ServerError(
                .tooLarge,
                "the document is \(dataText.count / 1024) KB; at most \(SyncLimits.maxDocumentBytes / 1024) KB")
        }
        var versionsText: [UInt8] = []
        FastJSON.write(.object(fieldVersions.mapValues { JSONValue.number(Double($0)) }), into: &versionsText)
        do {
            try Self.write(
                db, id: id, kind: self.kind, coachID: coachID, clientID: clientID,
                nameKey: deleted ? nil : nameKey(for: kind), startsAt: StartColumn.value(kind: kind, document: data),
                dataText: dataText, versionsText: versionsText, version: version, deleted: deleted,
                createdBy: createdBy, now: now)
        } catch is SQLUniqueViolation {
            let name = kind.uniqueNameField.flatMap { data[$0]?.stringValue } ?? ""
            throw ServerError(.nameTaken, "'\(name)'")
        }
    }

    /// Inserts or replaces a row given its stored texts; `startsAt` is its document's start (``StartColumn``).
    static func write(
        _ db: any SQLTransaction, id: UUID, kind: String, coachID: UUID, clientID: UUID?, nameKey: String?,
        startsAt: String? = nil, dataText: [UInt8], versionsText: [UInt8], version: Int64, deleted: Bool,
        createdBy: UUID, now: Date,
        batched: Bool = false
    ) throws {
        let stamp = ISOTime.format(now)
        let sql = """
            INSERT INTO entities (id, kind, coach_id, client_id, name_key, data, field_versions, version, deleted,
                                  created_by, created_at, updated_at, starts_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12)
            ON CONFLICT (id) DO UPDATE SET name_key = excluded.name_key, data = excluded.data,
                field_versions = excluded.field_versions, version = excluded.version, deleted = excluded.deleted,
                client_id = excluded.client_id, updated_at = excluded.updated_at, starts_at = excluded.starts_at
            """
        let arguments: SQLArguments = [
            id.key, kind, coachID.key, clientID?.key, nameKey, String(decoding: dataText, as: UTF8.self),
            String(decoding: versionsText, as: UTF8.self), version, deleted ? 1 : 0, createdBy.key, stamp, startsAt,
        ]
        if batched {
            try db.executeBatched(sql: sql, arguments: arguments)
        } else {
            try db.execute(sql: sql, arguments: arguments)
        }
    }

    /// The change as a pull shows it.
    var change: Change {
        Change(kind: kind, id: id, version: version, deleted: deleted, data: .object(data))
    }
}
