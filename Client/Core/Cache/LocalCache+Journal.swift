import Foundation
import GRDB
import GorillaShared

extension LocalCache {
    /// What ``adopt(user:)`` found in a cache that belonged to nobody.
    package struct Recovery: Sendable, Equatable {
        /// Queued changes the outbox journal still holds.
        package var restored: Int
        /// Whether there was a journal to read (without one, unsynced changes may be lost).
        package var journalFound: Bool
        /// The journal's file name.
        package var journalName: String
    }

    /// Makes a cache that belongs to no account (just created, or deleted or emptied behind the CLI's back) the
    /// cache of `user`, showing the queued changes its outbox journal still holds on their entities; nil when it
    /// already belonged to an account.
    ///
    /// The changes keep their ids, so one the server took before the loss is answered `duplicate` and applied once.
    /// Their entities show the queued fields until the next sync brings the server's copies. The journal is written
    /// again with just those changes (a line cut short goes).
    package func adopt(user: String) throws -> Recovery? {
        // Nearly always owned: answered by a read, without waiting for the write lock of a sync in another process.
        if try meta("user") != nil { return nil }
        return try writer.write { db in
            guard try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'user'") == nil else { return nil }
            let pending = try journal.pending()
            let queued = pending?.map(\.entry) ?? []
            var entities: [UUID: String] = [:]
            for entry in queued { entities[entry.entity] = entry.kind }
            for (entity, kind) in entities {
                try Self.reapplyQueued(db, entity: entity, kind: kind, queued: queued)
            }
            try Self.setMeta(db, "user", user)
            try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [Self.unclaimedJournal])
            if let pending { try? journal.rewrite(pending) }
            return Recovery(restored: queued.count, journalFound: pending != nil, journalName: journal.url.lastPathComponent)
        }
    }

    /// The meta key set while the journal holds changes queued before this cache was made (``adopt(user:)``).
    static let unclaimedJournal = "journal-unclaimed"

    /// Creates an empty outbox journal if there is none yet, so that a cache lost later can tell that nothing was
    /// queued from changes lost with it.
    package func ensureJournal() throws {
        if !journal.exists { try journal.replace(with: "") }
    }

    /// The migration that moves the outbox of an earlier version (a table, copied line by line into the journal) into
    /// the journal alone, and starts the table of versions this device pushed (``ownVersions``).
    ///
    /// When the cache belongs to an account its outbox table is the record: the journal is written again from it
    /// (same ids, same order), so that each queued change is pushed exactly once. A cache that belongs to nobody (new,
    /// or lost) leaves the journal as it is, for ``adopt(user:)``, and marks changes it still queues as not yet its
    /// own (``unclaimedJournal``).
    static func registerJournalMigration(_ migrator: inout DatabaseMigrator, journal: OutboxJournal) {
        migrator.registerMigration("v5-outbox-journal") { db in
            if try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'user'") == nil {
                if try journal.pending()?.isEmpty == false { try setMeta(db, unclaimedJournal, "1") }
            } else {
                let rows = try Row.fetchAll(
                    db, sql: "SELECT id, kind, entity, action, fields, base, created_at FROM outbox ORDER BY seq")
                try journal.rewrite(
                    rows.compactMap { row in
                        guard let id = UUID(text: row["id"] as String), let entity = UUID(text: row["entity"] as String)
                        else { return nil }
                        let entry = OutboxEntry(
                            seq: 0, id: id, kind: row["kind"], entity: entity,
                            action: MutationAction(rawValue: row["action"]) ?? .update, base: row["base"],
                            fieldsText: row["fields"])
                        return (entry, row["created_at"] as String)
                    })
            }
            try db.execute(
                sql: """
                    DROP TABLE outbox;
                    CREATE TABLE own_versions (version INTEGER PRIMARY KEY);
                    """)
        }
    }
}
