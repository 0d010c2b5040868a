import Foundation
import GRDB
import GorillaShared

extension LocalCache {
    /// What ``adopt(user:)`` found in a cache that belonged to nobody.
    package struct Recovery: Sendable, Equatable {
        /// Queued changes copied back from the outbox journal.
        package var restored: Int
        /// Whether there was a journal to read (without one, unsynced changes may be lost).
        package var journalFound: Bool
        /// The journal's file name.
        package var journalName: String
    }

    /// Makes a cache that belongs to no account (just created, or deleted or emptied behind the CLI's back) the
    /// cache of `user`, putting back the queued changes its outbox journal still holds; nil when it already belonged
    /// to an account.
    ///
    /// The restored changes keep their ids, so one the server took before the loss is answered `duplicate` and
    /// applied once. Their entities show the queued fields until the next sync brings the server's copies.
    package func adopt(user: String) throws -> Recovery? {
        // Nearly always owned: answered by a read, without waiting for the write lock of a sync in another process.
        if try meta("user") != nil { return nil }
        return try writer.write { db in
            guard try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'user'") == nil else { return nil }
            let pending = try journal?.pending()
            var restored = 0
            var entities: [UUID: String] = [:]
            for (entry, createdAt) in pending ?? [] {
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO outbox (id, kind, entity, action, fields, base, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        entry.id.key, entry.kind, entry.entity.key, entry.action.rawValue,
                        entry.fieldsText, entry.base, createdAt,
                    ])
                if db.changesCount > 0 {
                    restored += 1
                    entities[entry.entity] = entry.kind
                }
            }
            for (entity, kind) in entities {
                try Self.reapplyQueued(db, entity: entity, kind: kind)
            }
            try Self.setMeta(db, "user", user)
            try? Self.writeJournal(db, journal)
            return Recovery(
                restored: restored, journalFound: pending != nil, journalName: journal?.url.lastPathComponent ?? "")
        }
    }

    /// Creates the outbox journal from the outbox if there is none yet.
    package func ensureJournal() throws {
        if let journal, !journal.exists { try writeJournal() }
    }

    /// Rewrites the outbox journal to hold exactly the outbox.
    func writeJournal() throws {
        try writer.write { db in try Self.writeJournal(db, journal) }
    }

    private static func writeJournal(_ db: Database, _ journal: OutboxJournal?) throws {
        guard let journal else { return }
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, kind, entity, action, fields, base, created_at FROM outbox ORDER BY seq")
        let scratch = OutboxJournal(url: journal.url.appendingPathExtension("new"))
        try scratch.replace(with: "")
        for row in rows {
            let entry = OutboxEntry(
                seq: 0, id: UUID(text: row["id"] as String)!, kind: row["kind"],
                entity: UUID(text: row["entity"] as String)!,
                action: MutationAction(rawValue: row["action"]) ?? .update, base: row["base"], fieldsText: row["fields"]
            )
            try scratch.queued(entry, createdAt: row["created_at"])
        }
        guard rename(scratch.url.path, journal.url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: journal.url.path])
        }
    }
}
