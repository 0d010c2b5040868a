import Foundation
import GorillaShared

extension ServerStore {
    /// Every revision of the training session `id`, oldest first, as `principal` may read it: a coach those of their
    /// own clients, a client their own (the same rows a pull gives them, see ``visibleRows(_:columns:since:)``).
    ///
    /// Only the current document is stored; each earlier revision is rebuilt by walking the change log backwards from
    /// it, undoing one update at a time (every field an update changed is logged with its old value, the session's
    /// `revision` among them). The first revision is the session as recorded.
    /// - Throws: ``ServerError`` 112 (`notFound`) for a session that does not exist for `principal`.
    func sessionHistory(id: UUID, principal: UserRecord) async throws -> SessionHistoryReply {
        try await read { db in
            let (visible, arguments) = Self.visibleSession(principal, id: id)
            guard
                let stored = try db.fetchOne(
                    sql: """
                        SELECT id, kind, coach_id, client_id, data, field_versions, version, deleted, created_by,
                               created_at
                        FROM entities WHERE \(visible)
                        """, arguments: arguments)
            else { throw ServerError.notFound }
            let row = EntityRow(row: stored)
            let changes = try db.fetchAll(
                sql: """
                    SELECT user_id, field, old_value, new_version, at FROM change_log
                    WHERE entity_id = ? ORDER BY new_version DESC, id DESC
                    """, arguments: [id.key])
            // One update, one version: its log rows are consecutive.
            var updates: [(version: Int64, at: String, by: String, fields: [(String, JSONValue?)])] = []
            for change in changes {
                let version: Int64 = change["new_version"]
                let old = (change["old_value"] as String?).flatMap { try? FastJSON.parse($0) }
                if updates.last?.version == version {
                    updates[updates.count - 1].fields.append((change["field"], old))
                } else {
                    updates.append((version, change["at"], change["user_id"], [(change["field"], old)]))
                }
            }
            let accounts = try Self.names(db, of: Set(updates.map(\.by) + [stored["created_by"] as String]))
            func revision(
                _ document: [String: JSONValue], version: Int64, at: String, by: String, changed: [String]
            ) -> SessionRevision {
                let account = accounts[by]
                return SessionRevision(
                    revision: document["revision"]?.intValue ?? 1, version: version,
                    at: ISOTime.parse(at) ?? Date(timeIntervalSince1970: 0), by: UUID(text: by) ?? UUID(),
                    byName: account?.name ?? "", byRole: account?.role ?? .coach,
                    changed: changed.filter { !TrainingSession.serverManagedFields.contains($0) }.sorted(),
                    document: .object(document))
            }
            var document = row.data
            var revisions: [SessionRevision] = []
            for update in updates {
                revisions.append(
                    revision(
                        document, version: update.version, at: update.at, by: update.by, changed: update.fields.map(\.0)
                    ))
                for (field, old) in update.fields { document[field] = old }
            }
            // A field that never changed keeps the version of the create (the session's client never does); every
            // later version is newer.
            let created = row.fieldVersions.values.min() ?? row.version
            revisions.append(
                revision(document, version: created, at: stored["created_at"], by: stored["created_by"], changed: []))
            return SessionHistoryReply(revisions: revisions.reversed())
        }
    }

    /// The condition (and its arguments) that finds the session `id` among the rows `principal` may read, as
    /// ``visibleRows(_:columns:since:)`` scopes a pull: a coach's own tenant, or a client's own rows.
    static func visibleSession(_ principal: UserRecord, id: UUID) -> (String, SQLArguments) {
        if principal.role == .coach {
            return ("id = ? AND kind = 'session' AND coach_id = ?", [id.key, principal.id.key])
        }
        return (
            "id = ? AND kind = 'session' AND coach_id = ? AND client_id = ?",
            [id.key, principal.tenantID.key, principal.id.key]
        )
    }

    /// Names ("Name Surname") and roles of the accounts `ids`.
    static func names(_ db: any SQLTransaction, of ids: Set<String>) throws -> [String: (name: String, role: Role)] {
        var found: [String: (name: String, role: Role)] = [:]
        for id in ids {
            guard
                let row = try db.fetchOne(sql: "SELECT name, surname, role FROM users WHERE id = ?", arguments: [id])
            else { continue }
            found[id] = ("\(row["name"] as String) \(row["surname"] as String)", Role(rawValue: row["role"]) ?? .coach)
        }
        return found
    }
}
