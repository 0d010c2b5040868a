import Foundation
import GRDB
import GorillaShared

extension LocalCache {
    /// Records the server's answers to a push in one transaction: answered mutations leave the outbox (a `done` line
    /// in the journal, written last), rejected ones have their entity rolled back to the server's state (plus what is
    /// still queued), and an applied change the server stored as pushed gets the reply's version on its cached row
    /// (``takeVersion(_:_:version:)``), so that the next pull does not bring it back.
    ///
    /// Committed without waiting for the disk (`synchronous = NORMAL` under WAL), like pulled pages: a power cut can
    /// only bring back whole batches of acknowledged mutations, which the server then answers `duplicate`.
    ///
    /// `device` is this device's name, kept with each refusal's report. `journalEnd`, for the last batch of a push
    /// of the whole outbox, is where the journal's read ended: the journal is then emptied unless a mutation was
    /// queued after that. Without it the journal is read whole to tell.
    func applyPushResults(
        _ results: [MutationResult], for entries: [OutboxEntry], device: String? = nil, last: Bool = true,
        journalEnd: Int? = nil
    ) throws {
        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
        let refused = results.contains { $0.status == .rejected }
        try writeWithoutWaitingForDisk { db in
            // A refusal re-applies the entity's changes still queued: read once, only then.
            let queued = refused ? try journal.pending()?.map(\.entry) ?? [] : []
            try Self.record(results, byID: byID, queued: queued, device: device, db)
            let answered = results.compactMap { byID[$0.id]?.id }
            let answeredSet = Set(answered)
            let emptied =
                try last
                && (journalEnd.map { try !journal.queues(after: $0) }
                    ?? (journal.pending() ?? []).allSatisfy { answeredSet.contains($0.entry.id) })
            if emptied {
                try journal.replace(with: "")
            } else {
                try journal.done(answered)
            }
        }
    }

    /// One transaction committed with `synchronous = NORMAL` (under WAL a power cut can undo it whole, never in part),
    /// for writes that are simply redone if lost. Everything else keeps the default, fully synchronous commits.
    func writeWithoutWaitingForDisk(_ body: (Database) throws -> Void) throws {
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
            try db.inTransaction {
                try body(db)
                return .commit
            }
        }
    }

    /// Records each result in order. A refusal rolls its entity back and re-applies the changes `queued` after the
    /// ones answered so far (the batch's later changes of the same entity among them).
    ///
    /// An overwrite (`overwritten`) is not reported from here: the server stores it as a conflict that every device of
    /// the account pulls, this one included, and the pull reports it (``LocalCache/noteConflict(_:id:dataText:)``).
    private static func record(
        _ results: [MutationResult], byID: [UUID: OutboxEntry], queued: [OutboxEntry], device: String?, _ db: Database
    ) throws {
        var answered = Set<UUID>()
        for result in results {
            guard let mutation = byID[result.id] else { continue }
            answered.insert(mutation.id)
            switch result.status {
            case .applied, .duplicate:
                if let code = result.extra?["code"]?.stringValue {
                    let expires = result.extra?["expires"]?.stringValue ?? ""
                    try Self.setMeta(db, "code:" + mutation.entity.key, code + " " + expires)
                    try Self.addCodeReport(
                        db, row: try Self.rowFacts(db, mutation.mutation), code: code, expires: expires)
                }
                if result.status == .applied, let version = result.version, result.overwritten == nil,
                    result.extra == nil
                {
                    try takeVersion(db, mutation, version: version, previous: result.previous)
                }
            case .rejected:
                let row = try Self.rowFacts(db, mutation.mutation)
                try Self.rollBack(
                    db, entity: mutation.entity, kind: mutation.kind,
                    queued: queued.filter { !answered.contains($0.id) })
                try Self.addRefusal(db, mutation.mutation, row: row, error: result.error, device: device)
            }
        }
    }

    /// Takes `version`, the server's for the pushed change `entry`, as the cached row's, with the server's state the
    /// change made (the server's earlier state with the change's fields), and remembers the version as this device's
    /// own (``ownVersions(after:limit:)``), which the next pull asks the server to leave out.
    ///
    /// Only when the device's copy with the change is the server's row: a kind the server stores as pushed
    /// (``GorillaShared/EntityKind/storedAsPushed``), and a create of a row the device never had from the server, or
    /// an update or delete of the version the device's copy is at (`previous`). Otherwise (another device changed the
    /// row in between) the pull brings the row, with both changes.
    static func takeVersion(_ db: Database, _ entry: OutboxEntry, version: Int64, previous: Int64?) throws {
        guard EntityKind(rawValue: entry.kind)?.storedAsPushed == true,
            let row = try Row.fetchOne(
                db, sql: "SELECT server_data, server_deleted, version FROM entities WHERE id = ?",
                arguments: [entry.entity.key])
        else { return }
        let serverText: String? = row["server_data"]
        let cached: Int64 = row["version"]
        let current = entry.action == .create ? previous == nil && serverText == nil : previous == cached && cached > 0
        guard current, cached < version else { return }
        var deleted = (row["server_deleted"] as Int) != 0
        let text: String
        if entry.action == .create, serverText == nil, let fields = entry.fieldsText {
            // A new row is its pushed fields, as queued.
            text = fields
        } else {
            var data = serverText.flatMap { (try? FastJSON.parse($0))?.objectValue } ?? [:]
            overlay(entry.mutation, on: &data, deleted: &deleted)
            text = FastJSON.text(data)
        }
        try db.execute(
            sql: "UPDATE entities SET version = ?, server_data = ?, server_deleted = ? WHERE id = ?",
            arguments: [version, text, deleted ? 1 : 0, entry.entity.key])
        try db.execute(sql: "INSERT OR IGNORE INTO own_versions (version) VALUES (?)", arguments: [version])
    }

    /// The versions of this device's own pushed changes newer than `cursor`, oldest first, at most `limit`.
    package func ownVersions(after cursor: Int64, limit: Int = SyncLimits.maxPullSkip) throws -> [Int64] {
        try writer.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT version FROM own_versions WHERE version > ? ORDER BY version LIMIT ?",
                arguments: [cursor, limit])
        }
    }

    /// Applies a page of pulled changes and moves the cursor, in one transaction.
    func applyPull(_ changes: [Change], cursor: Int64) throws {
        try applyPull(
            changes.map {
                PulledChange(
                    id: $0.id, kind: $0.kind, version: $0.version, deleted: $0.deleted,
                    dataText: FastJSON.text($0.data ?? .object([:])), gym: $0.gym == true)
            }, cursor: cursor)
    }

    /// Applies a page of pulled changes whose documents are still JSON text, and moves the cursor, in one transaction.
    ///
    /// The page is committed without waiting for the disk (`synchronous = NORMAL` under WAL): a power cut can only
    /// undo whole pages together with their cursor, and those are pulled again. Local changes and the outbox keep
    /// the default, fully synchronous commits.
    ///
    /// The rows about the clients `gone` (handed over to another coach) are dropped first, and the coach told once
    /// (``dropClients(_:_:report:)``).
    func applyPull(_ changes: [PulledChange], cursor: Int64, gone: [UUID] = []) throws {
        try writeWithoutWaitingForDisk { db in
            if !gone.isEmpty { try Self.dropClients(db, gone, report: Self.clientGoneReport) }
            try Self.storePulled(db, changes, cursor: cursor, journal: journal)
        }
    }

    private static func storePulled(
        _ db: Database, _ changes: [PulledChange], cursor: Int64, journal: OutboxJournal
    ) throws {
        try upsertPulled(db, changes, journal: journal)
        try setMeta(db, "cursor", String(cursor))
        // The own versions the cursor passed are behind it for good.
        try db.execute(sql: "DELETE FROM own_versions WHERE version <= ?", arguments: [cursor])
    }

    /// Stores pulled changes as the server's and the local state (a row of the gym's library under its own kind,
    /// ``libraryKind(_:)``, a row of a colleague's catalogue under hers, ``colleagueKind(_:of:)``); rows with queued
    /// local changes get them overlaid again.
    static func upsertPulled(_ db: Database, _ changes: [PulledChange], journal: OutboxJournal? = nil) throws {
        // Entities with queued local changes get them overlaid again; usually there are none.
        let pending = try journal?.pending()?.map(\.entry) ?? []
        let queued = Set(pending.map(\.entity.key))
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
            if change.gym || change.colleague != nil {
                let kind = change.colleague.map { colleagueKind(change.kind, of: $0) } ?? libraryKind(change.kind)
                try upsert.execute(arguments: [key, kind, change.dataText, change.version, change.deleted ? 1 : 0])
                continue
            }
            if change.kind == EntityKind.conflict.rawValue, !change.deleted {
                try noteConflict(db, id: change.id, dataText: change.dataText)
            }
            try upsert.execute(arguments: [key, change.kind, change.dataText, change.version, change.deleted ? 1 : 0])
            if queued.contains(key) {
                try reapplyQueued(db, entity: change.id, kind: change.kind, queued: pending)
            }
        }
    }

    /// Resets an entity to the server's state, then overlays the mutations still queued for it.
    static func rollBack(_ db: Database, entity: UUID, kind: String, queued: [OutboxEntry]) throws {
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
        try reapplyQueued(db, entity: entity, kind: kind, queued: queued)
    }

    /// Overlays the changes of `queued` (the outbox, in order) that concern `entity` on its cached row.
    static func reapplyQueued(_ db: Database, entity: UUID, kind: String, queued: [OutboxEntry]) throws {
        let mine = queued.filter { $0.entity == entity }
        guard !mine.isEmpty else { return }
        let current = try Self.entity(db, entity)
        var data = current?.data ?? [:]
        var deleted = current?.deleted ?? false
        for entry in mine { overlay(entry.mutation, on: &data, deleted: &deleted) }
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
    /// A row of the gym's library.
    package var gym = false
    /// A row about a client a colleague shares with the account.
    package var shared = false
    /// A row of the catalogue of the colleague (by username) who shares a client with the account.
    package var colleague: String? = nil
}

/// A `sync.pull` page as read by `SyncEngine.decodePull`.
package struct PulledPage: Sendable {
    package var changes: [PulledChange]
    package var cursor: Int64?
    package var more: Bool
    /// How many changes remain after the page, when the request asked and the server counted.
    package var remaining: Int? = nil
    /// The gym whose library the account reads, as the server named it.
    package var gym: UUID? = nil
    /// The clients colleagues share with the account, as the server named them.
    package var shared: [SharedClientEntry] = []
    /// The clients the account's coach handed over after the page's start, whose rows go before it applies.
    package var gone: [UUID] = []
    /// The account's own clients it shares with colleagues, as the server named them.
    package var sharing: [GivenShare] = []
    /// The reply line's length in bytes.
    package var bytes = 0
}
