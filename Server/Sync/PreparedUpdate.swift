import Foundation
import GorillaShared

/// The costly part of a write, worked out before the push's write transaction on a reader: for an update of a large
/// document (a session of a hundred exercises), the row as it was, the pushed fields parsed, the new document
/// validated, each changed field's revision delta and the document's stored text; for a create in a large push (twenty
/// long messages), its document validated and written. The transaction only checks that nothing it was worked out
/// from has changed since (``stillHolds(_:)``) and writes, so one account's large pushes hold the write lock — every
/// tenant's writes — for about a millisecond instead of the tens the whole work takes. When something has changed, or
/// the preparation refused the write, the transaction does all of it itself (``ServerStore/apply``), which decides and
/// words any refusal: both ways run the same steps (``ServerStore/updated(_:fields:kind:context:)``,
/// ``ServerStore/created(_:kind:context:)``).
struct PreparedUpdate: Sendable {
    /// A push whose fields are at least this long (bytes) in all is worth preparing.
    static let threshold = 16 * 1024

    /// The row as it was read; nil for a create.
    let existing: EntityRow?
    let fields: [String: JSONValue]
    let document: [String: JSONValue]
    let logged: [String]
    /// The revision deltas of the changed fields of a revisioned kind (``RevisionDelta/stored(older:newer:)``).
    let deltas: [String: (text: String?, isDelta: Bool)]
    let dataText: [UInt8]
    /// The store's newest version when the row was read.
    let readAt: Int64
    /// The rows the validation looked up (references to exercises, a client, a training).
    let references: [UUID]

    /// The row written.
    let entity: UUID

    /// Whether the row and every row the validation looked up are as they were read (none has a newer version, and a
    /// row to create is still not there).
    func stillHolds(_ db: any SQLTransaction) throws -> Bool {
        var holds = true
        try SQL.forEachRow(db, "version", from: "entities", ids: [entity] + references) { id, row in
            if (row[1] as Int64) > readAt || (id == entity && existing == nil) { holds = false }
        }
        return holds
    }
}

extension ServerStore {
    /// The creates and updates of `mutations` (but those `refused`) when their fields are at least
    /// ``PreparedUpdate/threshold`` long in all, prepared on a reader, by index. A write the preparation cannot take is
    /// left to the transaction.
    func preparedUpdates(
        _ mutations: [PushedMutation], refused: [Int: ServerError], principal: UserRecord, now: Date,
        configuration: any SyncSettings
    ) async throws -> [Int: PreparedUpdate] {
        let bytes = mutations.reduce(0) { $0 + ($1.fieldsText?.count ?? 0) }
        guard bytes >= PreparedUpdate.threshold else { return [:] }
        let large = mutations.indices.filter { index in
            let mutation = mutations[index]
            guard refused[index] == nil, mutation.fieldsText != nil, let kind = EntityKinds.all[mutation.kind] else {
                return false
            }
            // Creates that are validated from their text already, merge or issue a code are left to the transaction.
            return mutation.action == .update
                || (mutation.action == .create && kind.canonicalCreate == nil && !kind.mergesCreates
                    && kind.kind != .client)
        }
        guard !large.isEmpty else { return [:] }
        return try await read { db in
            guard let readAt = try Self.newestVersion(db) else { return [:] }
            // The rows written and the rows they name, each in one query whatever the number of mutations.
            var rows: [UUID: EntityRow] = [:]
            try SQL.forEachRow(db, EntityRow.columns(db.dialect), from: "entities", ids: large.map { mutations[$0].entity })
            { id, row in rows[id] = EntityRow(row: row) }
            let references = ReferenceCache()
            var prepared: [Int: PreparedUpdate] = [:]
            for index in large {
                _ = references.takeAsked()
                prepared[index] = try? Self.prepare(
                    mutations[index], existing: rows[mutations[index].entity], db: db, principal: principal, now: now,
                    configuration: configuration, references: references, readAt: readAt)
            }
            return prepared
        }
    }

    private static func prepare(
        _ mutation: PushedMutation, existing: EntityRow?, db: any SQLTransaction, principal: UserRecord, now: Date,
        configuration: any SyncSettings, references: ReferenceCache, readAt: Int64
    ) throws -> PreparedUpdate? {
        guard let kind = EntityKinds.all[mutation.kind] else { return nil }
        let fields = try mutation.parsedFields() ?? [:]
        if let existing {
            guard mutation.action == .update, principal.mayRead(existing), existing.kind == kind.name, !existing.deleted
            else { return nil }
        } else {
            guard mutation.action == .create, principal.mayCreate(kind.kind, fields: Set(fields.keys)) else { return nil }
        }
        let context = MutationContext(
            db: db, principal: principal, now: now, configuration: configuration, entityID: mutation.entity,
            creating: existing == nil, extras: ExtrasBox(), references: references)
        let document: [String: JSONValue]
        var logged: [String] = []
        var deltas: [String: (text: String?, isDelta: Bool)] = [:]
        if let existing {
            (document, logged) = try updated(existing, fields: fields, kind: kind, context: context)
            if kind.revisionField != nil {
                for field in logged where existing.data[field] != document[field] {
                    deltas[field] = RevisionDelta.stored(older: existing.data[field], newer: document[field])
                }
            }
        } else {
            document = try created(fields, kind: kind, context: context)
        }
        var dataText: [UInt8] = []
        FastJSON.write(.object(document), into: &dataText)
        return PreparedUpdate(
            existing: existing, fields: fields, document: document, logged: logged, deltas: deltas,
            dataText: dataText, readAt: readAt, references: references.takeAsked(), entity: mutation.entity)
    }
}
