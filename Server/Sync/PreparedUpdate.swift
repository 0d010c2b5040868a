import Foundation
import GorillaShared

/// The costly part of an update of a large document (a session of a hundred exercises), worked out before the push's
/// write transaction on a reader: the row as it was, the pushed fields parsed, the new document validated, each
/// changed field's revision delta and the document's stored text. The transaction only checks that nothing it was
/// worked out from has changed since (``stillHolds(_:)``) and writes, so one account's large corrections hold the
/// write lock — every tenant's writes — for about a millisecond instead of the tens a full update takes. When
/// something has changed, or the preparation refused the update, the transaction does the whole update itself
/// (``ServerStore/apply``), which decides and words any refusal: both ways run the same steps
/// (``ServerStore/updated(_:fields:kind:context:)``).
struct PreparedUpdate: Sendable {
    /// Pushed fields at least this long (bytes) are worth preparing.
    static let threshold = 16 * 1024

    let existing: EntityRow
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

    /// Whether the row and every row the validation looked up are as they were read (none has a newer version).
    func stillHolds(_ db: any SQLTransaction) throws -> Bool {
        var holds = true
        try SQL.forEachRow(db, "version", from: "entities", ids: [existing.id] + references) { _, row in
            if (row[1] as Int64) > readAt { holds = false }
        }
        return holds
    }
}

extension ServerStore {
    /// The updates of `mutations` (but those `refused`) whose fields are at least ``PreparedUpdate/threshold`` long,
    /// prepared on a reader, by index. An update the preparation cannot take is left to the transaction.
    func preparedUpdates(
        _ mutations: [PushedMutation], refused: [Int: ServerError], principal: UserRecord, now: Date,
        configuration: ServerConfiguration
    ) async throws -> [Int: PreparedUpdate] {
        let large = mutations.indices.filter { index in
            mutations[index].action == .update && refused[index] == nil
                && (mutations[index].fieldsText?.count ?? 0) >= PreparedUpdate.threshold
        }
        guard !large.isEmpty else { return [:] }
        return try await read { db in
            guard let readAt = try Self.newestVersion(db) else { return [:] }
            var prepared: [Int: PreparedUpdate] = [:]
            for index in large {
                prepared[index] = try? Self.prepare(
                    mutations[index], db: db, principal: principal, now: now, configuration: configuration,
                    readAt: readAt)
            }
            return prepared
        }
    }

    private static func prepare(
        _ mutation: PushedMutation, db: any SQLTransaction, principal: UserRecord, now: Date,
        configuration: ServerConfiguration, readAt: Int64
    ) throws -> PreparedUpdate? {
        guard let kind = EntityKinds.all[mutation.kind], let existing = try EntityRow.fetch(db, id: mutation.entity),
            principal.mayRead(existing), existing.kind == kind.name, !existing.deleted
        else { return nil }
        let fields = try mutation.parsedFields() ?? [:]
        let references = ReferenceCache(tenant: principal.tenantID)
        let context = MutationContext(
            db: db, principal: principal, now: now, configuration: configuration, entityID: mutation.entity,
            creating: false, extras: ExtrasBox(), references: references)
        let (document, logged) = try updated(existing, fields: fields, kind: kind, context: context)
        var deltas: [String: (text: String?, isDelta: Bool)] = [:]
        if kind.revisionField != nil {
            for field in logged where existing.data[field] != document[field] {
                deltas[field] = RevisionDelta.stored(older: existing.data[field], newer: document[field])
            }
        }
        var dataText: [UInt8] = []
        FastJSON.write(.object(document), into: &dataText)
        return PreparedUpdate(
            existing: existing, fields: fields, document: document, logged: logged, deltas: deltas,
            dataText: dataText, readAt: readAt, references: references.lookedUp)
    }
}
