import Foundation
import GRDB
import GorillaShared

/// A cached row read as its document's type: the device's view of it (the server's state plus queued local changes).
///
/// Its members read through to the document (`machine.name`, `session.exercises`).
@dynamicMemberLookup
package struct Stored<Document: EntityDocument>: Sendable, Equatable, Identifiable {
    package let id: UUID
    package var value: Document
    /// The server version this view is based on (0 if never synced).
    package let version: Int64
    package let deleted: Bool

    package init(id: UUID, value: Document, version: Int64 = 0, deleted: Bool = false) {
        self.id = id
        self.value = value
        self.version = version
        self.deleted = deleted
    }

    package subscript<Member>(dynamicMember member: KeyPath<Document, Member>) -> Member { value[keyPath: member] }
}

extension LocalCache {
    // MARK: Typed reads

    /// Every row of `Document`'s kind, live ones only unless `includeDeleted`. A row the type cannot read (stored by
    /// a version that checked less) is left out.
    package func all<Document: EntityDocument>(
        _ type: Document.Type, includeDeleted: Bool = false
    ) throws -> [Stored<Document>] {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT id, data, version, deleted FROM entities WHERE kind = ?"
                    + (includeDeleted ? "" : " AND deleted = 0"),
                arguments: [Document.kind.rawValue]
            ).compactMap(Self.stored)
        }
    }

    /// The row `id` as `Document`, deleted or not; nil when there is none, it is of another kind, or the type cannot
    /// read it.
    package func one<Document: EntityDocument>(_ type: Document.Type, _ id: UUID) throws -> Stored<Document>? {
        try writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, data, version, deleted FROM entities WHERE id = ? AND kind = ?",
                arguments: [id.key, Document.kind.rawValue]
            ).flatMap(Self.stored)
        }
    }

    /// The live rows of `Document`'s kind (sessions, events) of one client and/or starting in `[from, to)`, by start,
    /// read through the start index.
    package func timeline<Document: EntityDocument>(
        _ type: Document.Type, client: UUID? = nil, from: String? = nil, to: String? = nil
    ) throws -> [Stored<Document>] {
        try timelineRows(Document.kind.rawValue, client: client?.key, from: from, to: to).compactMap(Self.stored)
    }

    /// A cached row as `Document`, or nil when the type cannot read it.
    package static func stored<Document: EntityDocument>(_ row: Row) -> Stored<Document>? {
        let text: String = row["data"]
        guard let value = try? WireCoding.decoder.decode(Document.self, from: Data(text.utf8)) else { return nil }
        return Stored(
            id: UUID(text: row["id"] as String)!, value: value, version: row["version"],
            deleted: (row["deleted"] as Int) != 0)
    }

    /// An untyped cached row as `Document`, or nil when the type cannot read it.
    package static func stored<Document: EntityDocument>(_ entity: CachedEntity) -> Stored<Document>? {
        guard let value = try? Document(document: entity.data) else { return nil }
        return Stored(id: entity.id, value: value, version: entity.version, deleted: entity.deleted)
    }

    // MARK: Typed changes

    /// Queues the creation of `value` as the row `id`.
    @discardableResult
    package func create<Document: EntityDocument>(_ value: Document, id: UUID) throws -> Mutation {
        try enqueue(kind: Document.kind.rawValue, entity: id, action: .create, fields: value.document)
    }

    /// Queues the change of the row `id` to `value`: only the members that differ from the device's view are sent
    /// (a member left out is sent as removed). Nil when nothing differs.
    @discardableResult
    package func update<Document: EntityDocument>(_ id: UUID, to value: Document) throws -> Mutation? {
        let fields = try changes(id, to: value)
        guard !fields.isEmpty else { return nil }
        return try enqueue(kind: Document.kind.rawValue, entity: id, action: .update, fields: fields)
    }

    /// Queues the deletion of the row `id` of `Document`'s kind.
    @discardableResult
    package func delete<Document: EntityDocument>(_ type: Document.Type, _ id: UUID) throws -> Mutation {
        try enqueue(kind: Document.kind.rawValue, entity: id, action: .delete)
    }

    /// The members of `value` that differ from the device's view of `id`, both read through the type so that a member
    /// stored in another spelling (an id's case, a number's form) is not taken for a change.
    package func changes<Document: EntityDocument>(_ id: UUID, to value: Document) throws -> [String: JSONValue] {
        let current = try entity(id)
        let before = current.flatMap { try? Document(document: $0.data).document } ?? current?.data ?? [:]
        let after = value.document
        var fields: [String: JSONValue] = [:]
        for name in Document.fieldNames where before[name] != after[name] {
            fields[name] = after[name] ?? .null
        }
        return fields
    }
}
