import Foundation
import GRDB
import GorillaShared

/// One row of the local cache: the device's view of an entity (server state plus queued local changes).
package struct CachedEntity: Sendable, Equatable {
    package var id: UUID
    package var kind: String
    package var data: [String: JSONValue]
    /// The server version this view is based on (0 if never synced).
    package var version: Int64
    package var deleted: Bool

    /// A string field.
    package subscript(string field: String) -> String? { data[field]?.stringValue }
    /// The `name` field, or an empty string.
    package var name: String { data["name"]?.stringValue ?? "" }
}

/// The device's SQLite cache (entities, sync metadata and reports) with its outbox of queued mutations, the journal
/// beside it (``OutboxJournal``).
///
/// Every local change writes the entity and appends its journal line in one transaction of the cache, so a crash never
/// separates them (a line whose transaction fails is taken back). A `DatabasePool` (WAL) on disk, a `DatabaseQueue` in
/// tests.
package struct LocalCache: Sendable {
    let writer: any DatabaseWriter
    /// The outbox, beside the cache file (in a temporary folder for an in-memory cache).
    let journal: OutboxJournal

    /// Opens (creating and migrating) the cache at `path`, with its outbox journal beside it.
    ///
    /// A cache made by an earlier version, which kept its outbox in a table (and a copy in the journal), has the
    /// journal written again from that table, which then goes (``migrator(journal:)``).
    package static func open(path: String) throws -> LocalCache {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try LocalCache(writer: pool, journal: OutboxJournal(cachePath: path))
    }

    /// An in-memory cache, for tests; its journal is a file in the temporary folder.
    package static func inMemory() throws -> LocalCache {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gorilla-outbox-\(UUID().uuidString).jsonl")
        return try LocalCache(writer: DatabaseQueue(), journal: OutboxJournal(url: url))
    }

    init(writer: any DatabaseWriter, journal: OutboxJournal) throws {
        self.writer = writer
        self.journal = journal
        try Self.migrator(journal: journal).migrate(writer)
    }

    /// The cache's migrations; the last moves an earlier version's outbox table into `journal`.
    package static func migrator(journal: OutboxJournal) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-cache") { db in
            try db.execute(
                sql: """
                    CREATE TABLE entities (
                        id TEXT PRIMARY KEY,
                        kind TEXT NOT NULL,
                        data TEXT NOT NULL,
                        version INTEGER NOT NULL DEFAULT 0,
                        deleted INTEGER NOT NULL DEFAULT 0,
                        server_data TEXT,
                        server_deleted INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX entities_kind ON entities(kind, deleted);
                    CREATE TABLE outbox (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL,
                        entity TEXT NOT NULL,
                        action TEXT NOT NULL,
                        fields TEXT,
                        base INTEGER,
                        created_at TEXT NOT NULL
                    );
                    CREATE INDEX outbox_entity ON outbox(entity);
                    CREATE TABLE meta (
                        key TEXT PRIMARY KEY,
                        value TEXT NOT NULL
                    );
                    CREATE TABLE reports (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        at TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        text TEXT NOT NULL,
                        shown INTEGER NOT NULL DEFAULT 0
                    );
                    """)
        }
        registerMediaMigration(&migrator)
        migrator.registerMigration("v3-client-start") { db in
            // Sessions and events name their client and start; indexed, the per-client and date-range reads
            // (clients list, clients show, stats, the calendar) never decode the other documents.
            try db.execute(
                sql: """
                    ALTER TABLE entities ADD COLUMN ref_client TEXT GENERATED ALWAYS AS (json_extract(data, '$.client')) VIRTUAL;
                    ALTER TABLE entities ADD COLUMN ref_start TEXT GENERATED ALWAYS AS (json_extract(data, '$.start')) VIRTUAL;
                    CREATE INDEX entities_client_start ON entities (kind, deleted, ref_client, ref_start);
                    CREATE INDEX entities_start ON entities (kind, deleted, ref_start);
                    """)
        }
        registerReportMigration(&migrator)
        registerJournalMigration(&migrator, journal: journal)
        return migrator
    }

    // MARK: Reading

    /// The entity `id`, deleted or not.
    package func entity(_ id: UUID) throws -> CachedEntity? {
        try writer.read { db in try Self.entity(db, id) }
    }

    package static func entity(_ db: Database, _ id: UUID) throws -> CachedEntity? {
        try Row.fetchOne(db, sql: "SELECT * FROM entities WHERE id = ?", arguments: [id.key]).map(Self.decode)
    }

    /// Every entity of `kind`, live ones only unless `includeDeleted`.
    package func entities(_ kind: EntityKind, includeDeleted: Bool = false) throws -> [CachedEntity] {
        try entities(kind.rawValue, includeDeleted: includeDeleted)
    }

    /// Every entity of the section `kind` (a synced kind, or `news`), live ones only unless `includeDeleted`.
    package func entities(_ kind: String, includeDeleted: Bool = false) throws -> [CachedEntity] {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT id, kind, data, version, deleted FROM entities WHERE kind = ?"
                    + (includeDeleted ? "" : " AND deleted = 0"),
                arguments: [kind]
            ).map(Self.decode)
        }
    }

    /// The live entities of `kind` (sessions, events) of one client and/or starting in `[from, to)`, by start.
    package func timeline(
        _ kind: EntityKind, client: UUID? = nil, from: String? = nil, to: String? = nil
    ) throws -> [CachedEntity] {
        try timeline(kind.rawValue, client: client?.key, from: from, to: to)
    }

    /// The live entities of `kind` (sessions, events) of one client and/or starting in `[from, to)`,
    /// ordered by start, read through the start index.
    package func timeline(
        _ kind: String, client: String? = nil, from: String? = nil, to: String? = nil
    ) throws -> [CachedEntity] {
        try timelineRows(kind, client: client, from: from, to: to).map(Self.decode)
    }

    /// The rows of ``timeline(_:client:from:to:)``, as SQLite gives them.
    func timelineRows(_ kind: String, client: String?, from: String?, to: String?) throws -> [Row] {
        var sql = "SELECT id, kind, data, version, deleted FROM entities WHERE kind = ? AND deleted = 0"
        var arguments: StatementArguments = [kind]
        if let client {
            sql += " AND ref_client = ?"
            arguments += [client.lowercased()]
        }
        if let from {
            sql += " AND ref_start >= ?"
            arguments += [from]
        }
        if let to {
            sql += " AND ref_start < ?"
            arguments += [to]
        }
        sql += " ORDER BY ref_start"
        return try writer.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) }
    }

    static func decode(_ row: Row) -> CachedEntity {
        let text: String = row["data"]
        let data = (try? FastJSON.parse(text))?.objectValue ?? [:]
        return CachedEntity(
            id: UUID(text: row["id"] as String)!, kind: row["kind"], data: data,
            version: row["version"], deleted: (row["deleted"] as Int) != 0)
    }

    // MARK: Local changes

    /// Applies a local change to the cache and queues it in the outbox, in one transaction.
    @discardableResult
    package func enqueue(
        kind: String, entity: UUID, action: MutationAction, fields: [String: JSONValue]? = nil
    ) throws -> Mutation {
        // The journal's line is written last in the transaction; if the commit then fails (a full disk), the line is
        // taken back, so that a change the command reported as failed is never recovered and pushed later.
        var journaled: (line: OutboxJournal.Appended, id: UUID)?
        do {
            return try enqueueTransaction(kind: kind, entity: entity, action: action, fields: fields) { journaled = $0 }
        } catch {
            if let journaled { journal.retract(journaled.line, id: journaled.id) }
            throw error
        }
    }

    private func enqueueTransaction(
        kind: String, entity: UUID, action: MutationAction, fields: [String: JSONValue]?,
        journaled: (_ line: (OutboxJournal.Appended, UUID)) -> Void
    ) throws -> Mutation {
        try writer.write { db in
            let current = try Self.entity(db, entity)
            try Self.requireSharedClientWrite(
                db, kind: kind, entity: entity, action: action, current: current, fields: fields)
            let mutation = Mutation(
                id: UUID.v7(), kind: kind, entity: entity, action: action, fields: fields,
                base: current.map(\.version).flatMap { $0 > 0 ? $0 : nil })
            let fieldsText = fields.map(FastJSON.text)
            var data = current?.data ?? [:]
            var deleted = current?.deleted ?? false
            Self.overlay(mutation, on: &data, deleted: &deleted)
            let dataText = FastJSON.text(data)
            // The server refuses documents that grow past the limit; queued, such a change could never be sent.
            // (Deletes, and edits of a document stored before the limit existed that do not grow it, pass.)
            if action != .delete, max(fieldsText?.utf8.count ?? 0, dataText.utf8.count) > SyncLimits.maxDocumentBytes,
                dataText.utf8.count > (current.map { FastJSON.text($0.data).utf8.count } ?? 0)
            {
                throw ClientError(
                    .usage,
                    AccountPhrases.tooLargeToSync.t([
                        "kind": KindWords.name(kind), "size": dataText.utf8.count / 1024,
                        "maximum": SyncLimits.maxDocumentBytes / 1024,
                    ]))
            }
            try Self.saveLocal(db, id: entity, kind: kind, dataText: dataText, deleted: deleted)
            // The journal is the outbox: a change that cannot be written there is not queued, and the command fails.
            let line = try journal.queued(
                OutboxEntry(
                    seq: 0, id: mutation.id, kind: kind, entity: entity, action: action,
                    base: mutation.base, fieldsText: fieldsText, fieldsChecked: true),
                createdAt: ISOTime.format(Date()))
            journaled((line, mutation.id))
            return mutation
        }
    }

    static func overlay(_ mutation: Mutation, on data: inout [String: JSONValue], deleted: inout Bool) {
        switch mutation.action {
        case .create, .update:
            for (field, value) in mutation.fields ?? [:] { data[field] = value.isNull ? nil : value }
        case .delete:
            deleted = true
        }
    }

    static func saveLocal(_ db: Database, id: UUID, kind: String, data: [String: JSONValue], deleted: Bool) throws {
        try saveLocal(db, id: id, kind: kind, dataText: FastJSON.text(data), deleted: deleted)
    }

    /// Writes the device's view of an entity (its server state stays as it is).
    static func saveLocal(_ db: Database, id: UUID, kind: String, dataText: String, deleted: Bool) throws {
        try db.execute(
            sql: """
                INSERT INTO entities (id, kind, data, deleted) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET data = excluded.data, deleted = excluded.deleted
                """, arguments: [id.key, kind, dataText, deleted ? 1 : 0])
    }

    // MARK: Outbox

    /// The number of queued mutations.
    package func queuedCount() throws -> Int {
        try outbox().count
    }

    /// The oldest `limit` queued mutations, in order.
    package func queued(limit: Int) throws -> [Mutation] {
        try outbox(limit: limit).map(\.mutation)
    }

    /// The oldest `limit` queued mutations after the entry `seq`, in order, with their fields as the queued JSON text.
    ///
    /// A cache made anew beside a journal that still queues changes (the cache file was lost) has nothing queued
    /// until ``adopt(user:)`` takes them back for the account they belong to.
    package func outbox(after seq: Int64 = 0, limit: Int = .max) throws -> [OutboxEntry] {
        Array(try outboxAndEnd().entries.lazy.filter { $0.seq > seq }.prefix(limit))
    }

    /// The whole outbox, and where the journal's read ended (for ``applyPushResults(_:for:device:journalEnd:)``).
    func outboxAndEnd() throws -> (entries: [OutboxEntry], end: Int) {
        guard try meta(Self.unclaimedJournal) == nil, let read = try journal.pendingAndEnd() else { return ([], 0) }
        return (read.pending.map(\.entry), read.end)
    }

    // MARK: Metadata and reports

    package func meta(_ key: String) throws -> String? {
        try writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    package func setMeta(_ key: String, _ value: String) throws {
        try writer.write { db in try Self.setMeta(db, key, value) }
    }

    static func setMeta(_ db: Database, _ key: String, _ value: String) throws {
        try db.execute(
            sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            arguments: [key, value])
    }

    /// The pull cursor: the newest server version this cache holds.
    package func cursor() throws -> Int64 { Int64(try meta("cursor") ?? "0") ?? 0 }

    /// Empties the cache (another account logs in on this device).
    package func reset() throws {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM entities; DELETE FROM own_versions; DELETE FROM meta; DELETE FROM reports;")
            // Never left for the next account: its changes would be pushed as that account's.
            try journal.replace(with: "")
        }
    }
}

extension UUID {
    /// A time-ordered UUID (version 7): 48 bits of Unix milliseconds, then random bits.
    package static func v7(now: Date = Date()) -> UUID {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let millis = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        for i in 0..<6 { bytes[i] = UInt8((millis >> (8 * (5 - UInt64(i)))) & 0xFF) }
        bytes[6] = (bytes[6] & 0x0F) | 0x70
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

extension LocalCache {
    /// Adds local-only display fields to an entity (not queued; replaced when the server's copy arrives).
    package func annotate(_ id: UUID, _ fields: [String: JSONValue]) throws {
        try writer.write { db in
            guard let current = try Self.entity(db, id) else { return }
            var data = current.data
            for (key, value) in fields { data[key] = value }
            try Self.saveLocal(db, id: id, kind: current.kind, data: data, deleted: current.deleted)
        }
    }
}

extension LocalCache {
    /// Each client's newest live session start, by client id, read from the start index alone.
    package func latestSessionStarts() throws -> [UUID: String] {
        try writer.read { db in
            var result: [UUID: String] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT ref_client, MAX(ref_start) AS start FROM entities
                    WHERE kind = 'session' AND deleted = 0 AND ref_client IS NOT NULL GROUP BY ref_client
                    """)
            {
                if let client: String = row["ref_client"], let id = UUID(text: client), let start: String = row["start"]
                {
                    result[id] = start
                }
            }
            return result
        }
    }
}
