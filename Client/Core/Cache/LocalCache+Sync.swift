import Foundation
import GRDB
import GorillaShared

extension LocalCache {
    /// Records the server's answers to a push in one transaction: acknowledged mutations leave the outbox,
    /// rejected ones leave it too and their entity is rolled back to the server's state (plus what is still queued).
    ///
    /// Committed without waiting for the disk (`synchronous = NORMAL` under WAL), like pulled pages: a power cut can
    /// only bring back whole batches of acknowledged mutations, which the server then answers `duplicate`.
    ///
    /// When every mutation was taken, the rows leaving the outbox are zeroed only where their pages are written anyway
    /// (`secure_delete = FAST`, not the system library's full overwrite, which costs a third of the acknowledgement):
    /// the cache keeps the same data in its own rows. A refusal rolls local data back, so it keeps the full overwrite.
    ///
    /// `device` is this device's name, kept with each refusal's report.
    func applyPushResults(_ results: [MutationResult], for entries: [OutboxEntry], device: String? = nil) throws {
        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
        let fastDelete = !results.contains { $0.status == .rejected }
        try writeWithoutWaitingForDisk(fastDelete: fastDelete) { db in
            if fastDelete {
                // Nothing to roll back: the acknowledged rows leave the outbox in one statement.
                let seqs = results.compactMap { byID[$0.id]?.seq }
                try db.cachedStatement(sql: "DELETE FROM outbox WHERE seq IN (SELECT value FROM json_each(?))")
                    .execute(arguments: ["[" + seqs.map(String.init).joined(separator: ",") + "]"])
                try Self.record(results, byID: byID, removed: true, device: device, db)
            } else {
                try Self.record(results, byID: byID, removed: false, device: device, db)
            }
            let empty = try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM outbox)") ?? false)
            try? journal?.done(results.compactMap { byID[$0.id]?.id }, outboxEmpty: empty)
        }
    }

    /// One transaction committed with `synchronous = NORMAL` (under WAL a power cut can undo it whole, never in part),
    /// for writes that are simply redone if lost. Everything else keeps the default, fully synchronous commits.
    /// `fastDelete` sets `secure_delete = FAST` for it (see ``applyPushResults(_:for:)``).
    private func writeWithoutWaitingForDisk(fastDelete: Bool = false, _ body: (Database) throws -> Void) throws {
        try writer.writeWithoutTransaction { db in
            let secureDelete = fastDelete ? try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 1 : nil
            if fastDelete { try db.execute(sql: "PRAGMA secure_delete = FAST") }
            defer { if let secureDelete { try? db.execute(sql: "PRAGMA secure_delete = \(secureDelete)") } }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
            try db.inTransaction {
                try body(db)
                return .commit
            }
        }
    }

    /// Records each result; `removed` when the acknowledged rows already left the outbox, otherwise each leaves it
    /// before its result is recorded (a refusal re-applies the entity's later queued changes, which must still be there).
    ///
    /// An overwrite (`overwritten`) is not reported from here: the server stores it as a conflict that every device of
    /// the account pulls, this one included, and the pull reports it (``LocalCache/noteConflict(_:id:dataText:)``).
    private static func record(
        _ results: [MutationResult], byID: [UUID: OutboxEntry], removed: Bool, device: String?, _ db: Database
    ) throws {
        let remove = try db.cachedStatement(sql: "DELETE FROM outbox WHERE seq = ?")
        for result in results {
            guard let mutation = byID[result.id] else { continue }
            if !removed { try remove.execute(arguments: [mutation.seq]) }
            switch result.status {
            case .applied, .duplicate:
                if let code = result.extra?["code"]?.stringValue {
                    let expires = result.extra?["expires"]?.stringValue ?? ""
                    try Self.setMeta(db, "code:" + mutation.entity.key, code + " " + expires)
                    try Self.addCodeReport(
                        db, row: try Self.rowFacts(db, mutation.mutation), code: code, expires: expires)
                }
            case .rejected:
                let row = try Self.rowFacts(db, mutation.mutation)
                try Self.rollBack(db, entity: mutation.entity, kind: mutation.kind)
                try Self.addRefusal(db, mutation.mutation, row: row, error: result.error, device: device)
            }
        }
    }

    /// Applies a page of pulled changes and moves the cursor, in one transaction.
    func applyPull(_ changes: [Change], cursor: Int64) throws {
        try applyPull(
            changes.map {
                PulledChange(
                    id: $0.id, kind: $0.kind, version: $0.version, deleted: $0.deleted,
                    dataText: FastJSON.text($0.data ?? .object([:])))
            }, cursor: cursor)
    }

    /// Applies a page of pulled changes whose documents are still JSON text, and moves the cursor, in one transaction.
    ///
    /// The page is committed without waiting for the disk (`synchronous = NORMAL` under WAL): a power cut can only
    /// undo whole pages together with their cursor, and those are pulled again. Local changes and the outbox keep
    /// the default, fully synchronous commits.
    func applyPull(_ changes: [PulledChange], cursor: Int64) throws {
        try writeWithoutWaitingForDisk { db in try Self.storePulled(db, changes, cursor: cursor) }
    }

    private static func storePulled(_ db: Database, _ changes: [PulledChange], cursor: Int64) throws {
        // Entities with queued local changes get them overlaid again; usually there are none.
        let queued = Set(try String.fetchAll(db, sql: "SELECT DISTINCT entity FROM outbox"))
        // The server's document is also the local one: bound once.
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO entities (id, kind, data, version, deleted, server_data, server_deleted)
                VALUES (?1, ?2, ?3, ?4, ?5, ?3, ?5)
                ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, version = excluded.version,
                    server_data = excluded.server_data, server_deleted = excluded.server_deleted,
                    data = excluded.data, deleted = excluded.deleted
                """)
        for change in changes {
            let key = change.id.key
            if change.kind == EntityKind.conflict.rawValue, !change.deleted {
                try noteConflict(db, id: change.id, dataText: change.dataText)
            }
            try upsert.execute(arguments: [key, change.kind, change.dataText, change.version, change.deleted ? 1 : 0])
            if queued.contains(key) {
                try reapplyQueued(db, entity: change.id, kind: change.kind)
            }
        }
        try setMeta(db, "cursor", String(cursor))
    }

    /// Resets an entity to the server's state, then overlays the mutations still queued for it.
    static func rollBack(_ db: Database, entity: UUID, kind: String) throws {
        let key = entity.key
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT server_data, server_deleted FROM entities WHERE id = ?", arguments: [key])
        else { return }
        if let serverText: String = row["server_data"] {
            try db.execute(
                sql: "UPDATE entities SET data = ?, deleted = ? WHERE id = ?",
                arguments: [serverText, row["server_deleted"] as Int, key])
        } else {
            try db.execute(sql: "DELETE FROM entities WHERE id = ?", arguments: [key])
        }
        try reapplyQueued(db, entity: entity, kind: kind)
    }

    static func reapplyQueued(_ db: Database, entity: UUID, kind: String) throws {
        let key = entity.key
        let queued = try Row.fetchAll(
            db, sql: "SELECT action, fields FROM outbox WHERE entity = ? ORDER BY seq", arguments: [key])
        guard !queued.isEmpty else { return }
        let current = try Self.entity(db, entity)
        var data = current?.data ?? [:]
        var deleted = current?.deleted ?? false
        for row in queued {
            let fieldsText: String? = row["fields"]
            let fields = fieldsText.flatMap { (try? FastJSON.parse($0))?.objectValue }
            let mutation = Mutation(
                kind: kind, entity: entity, action: MutationAction(rawValue: row["action"]) ?? .update, fields: fields)
            overlay(mutation, on: &data, deleted: &deleted)
        }
        try saveLocal(db, id: entity, kind: kind, data: data, deleted: deleted)
    }

    /// What names a mutation's row, as facts (the words are chosen when the report is shown): a session's start,
    /// else the row's name, as the row or the change holds it.
    static func rowFacts(_ db: Database, _ mutation: Mutation) throws -> ReportedRow {
        let data = try entity(db, mutation.entity)?.data
        if mutation.kind == EntityKind.session.rawValue, let start = data?["start"]?.stringValue {
            return ReportedRow(kind: mutation.kind, entity: mutation.entity, start: start)
        }
        let name = data?["name"]?.stringValue ?? mutation.fields?["name"]?.stringValue
        return ReportedRow(kind: mutation.kind, entity: mutation.entity, name: name)
    }
}

/// One change of a `sync.pull` page with its document kept as the server's JSON text.
package struct PulledChange: Sendable {
    package var id: UUID
    package var kind: String
    package var version: Int64
    package var deleted: Bool
    package var dataText: String
}

/// A `sync.pull` page as read by `SyncEngine.decodePull`.
package struct PulledPage: Sendable {
    package var changes: [PulledChange]
    package var cursor: Int64?
    package var more: Bool
}
