import GorillaShared

extension RevisionDelta {
    /// Rewrites the change log of the sessions corrected before revisions were kept as deltas (each logged with its
    /// old and new values whole) the way ``ServerStore/logChange`` writes it now: the old value as a delta when that
    /// is shorter, and no new value. Run once by the migrations `v9-change-log-deltas` (SQLite) and
    /// `v2-change-log-deltas` (PostgreSQL), inside their transaction.
    ///
    /// Each session is walked back from its current document as ``ServerStore/sessionHistory`` walks it; a row is
    /// rewritten only where its new value is the value the walk holds, so every revision reads back as before (a row
    /// that does not match is left whole, and the walk takes its old value whole as it always did). The rows are read a
    /// bounded batch at a time.
    static func convertFullCopies(_ db: any SQLTransaction) throws {
        let sessions = try db.fetchAll(sql: "SELECT DISTINCT entity_id FROM change_log WHERE kind = 'session'")
            .map { $0[0] as String }
        for id in sessions {
            guard let text = try db.value(String.self, sql: "SELECT data FROM entities WHERE id = ?", arguments: [id]),
                case .object(var document) = try FastJSON.parse(text)
            else { continue }
            var after: (version: Int64, id: Int64) = (.max, .max)
            while true {
                let rows = try db.fetchAll(
                    sql: """
                        SELECT id, new_version, field, old_value, new_value FROM change_log
                        WHERE entity_id = ? AND (new_version < ? OR (new_version = ? AND id < ?))
                        ORDER BY new_version DESC, id DESC LIMIT \(migrationBatch)
                        """, arguments: [id, after.version, after.version, after.id])
                guard let last = rows.last else { break }
                after = (last[1], last[0])
                for row in rows {
                    let field: String = row[2]
                    let old = try (row[3] as String?).map { try FastJSON.parse($0) }
                    let new = try (row[4] as String?).map { try FastJSON.parse($0) }
                    if new == document[field] {
                        let stored = stored(older: old, newer: new)
                        try db.execute(
                            sql: "UPDATE change_log SET old_value = ?, new_value = NULL, old_delta = ? WHERE id = ?",
                            arguments: [stored.isDelta ? stored.text : row[3] as String?, stored.isDelta, row[0] as Int64])
                    }
                    document[field] = old
                }
            }
        }
    }

    /// Change log rows a migration reads at once.
    static let migrationBatch = 64
}
