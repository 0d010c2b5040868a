import Foundation
import GorillaShared

/// The rows a sync reads and writes beside the documents: the outcomes earlier pushes remembered, the change log, the
/// live rows and the counts of `sync.updated`, each scoped by the principal where it concerns one.
extension ServerStore {
    /// The outcomes of the mutations `ids` that earlier pushes applied or refused: account and result text by id.
    static func rememberedOutcomes(
        _ db: any SQLTransaction, ids: [UUID]
    ) throws -> [UUID: (userID: String, result: String)] {
        var outcomes: [UUID: (userID: String, result: String)] = [:]
        try SQL.forEachRow(db, "user_id, result", from: "applied_mutations", ids: ids) { id, row in
            outcomes[id] = (row[1], row[2])
        }
        return outcomes
    }

    /// Logs one field an update changed, with the device that pushed it (``recordConflict`` names it when the value is
    /// overwritten later).
    ///
    /// A kind with revisions (`revisioned`, sessions) keeps only the way back: the older value as a ``RevisionDelta``
    /// when that is shorter, and no newer value, which is the next revision's (``sessionHistory`` walks back from the
    /// current document). `mutation` is the id of the pushed mutation that made the change.
    static func logChange(
        _ db: any SQLTransaction, row: EntityRow, mutation: UUID, principal: UserRecord,
        device: SyncDevice? = nil,
        field: String, old: JSONValue?, new: JSONValue?, newVersion: Int64, now: Date, revisioned: Bool = false,
        stored: (text: String?, isDelta: Bool)? = nil
    ) throws {
        let encoder = WireCoding.encoder
        let (oldText, newText, isDelta): (String?, String?, Bool)
        if revisioned {
            let stored = stored ?? RevisionDelta.stored(older: old, newer: new)
            (oldText, newText, isDelta) = (stored.text, nil, stored.isDelta)
        } else {
            oldText = try old.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            newText = try new.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            isDelta = false
        }
        try db.execute(
            sql: """
                INSERT INTO change_log (entity_id, kind, mutation_id, user_id, field, old_value, new_value, old_version, new_version, at, device, old_delta)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                row.id.key, row.kind, mutation.key, principal.id.key, field, oldText, newText,
                row.fieldVersions[field] ?? row.version, newVersion, ISOTime.format(now),
                device.map { FastJSON.text(["id": .string($0.id.key), "name": .string($0.name)]) }, isDelta,
            ])
    }

    /// The news audience an account belongs to.
    static func audience(_ principal: UserRecord) -> String {
        principal.role == .coach ? "coaches" : "clients"
    }

    /// The kinds whose changes are pushed live to the accounts they concern (``LiveFeed``); the partial index
    /// `entities_live_version` is declared with this exact condition.
    static let liveCondition = "kind IN ('event', 'message')"

    /// The live rows (messages and appointments, not deleted) among the first `limit` written after version `after`,
    /// oldest first; the version read through (the last row's, or the newest of all when fewer came); and whether
    /// there may be more.
    func liveChanges(
        after: Int64, limit: Int
    ) async throws -> (changes: [(change: Change, tenant: UUID)], through: Int64, more: Bool) {
        try await read { db in
            let rows = try db.fetchAll(
                sql: """
                    SELECT id, kind, coach_id, client_id, data, field_versions, version, deleted, created_by
                    FROM entities WHERE version > ? AND \(Self.liveCondition) ORDER BY version LIMIT ?
                    """, arguments: [after, limit]
            ).map(EntityRow.init(row:))
            let through =
                rows.count == limit
                ? rows.last!.version
                : try Self.newestVersion(db) ?? after
            return (
                rows.filter { !$0.deleted }.map { ($0.change, $0.coachID) }, max(after, through), rows.count == limit
            )
        }
    }

    /// The newest version taken.
    func currentVersion() async throws -> Int64 {
        try await read { db in try Self.newestVersion(db) ?? 0 }
    }

    /// Which sections changed after `since`, with counts (the seed's `updated`; a coach's clients handed over since
    /// count as `gone`), the gym whose library the principal reads and the clients shared with them.
    func updated(since: Int64, principal: UserRecord, now: Date = Date()) async throws -> UpdatedReply {
        try await read { db in
            let (visible, arguments) = Self.visibleRows(
                principal, columns: "kind, version", since: since, now: now, dialect: db.dialect)
            var sections: [String: Int] = [:]
            var newest = since
            for row in try db.fetchAll(
                sql: """
                    SELECT kind, COUNT(*) AS n, MAX(version) AS newest FROM (\(visible)) AS visible GROUP BY kind
                    """, arguments: arguments)
            {
                sections[row["kind"]] = row["n"]
                newest = max(newest, row["newest"])
            }
            if let row = try db.fetchOne(
                sql: """
                    SELECT COUNT(*) AS n, MAX(version) AS newest FROM news WHERE version > ? AND audience IN ('all', ?)
                    """, arguments: [since, Self.audience(principal)]), (row["n"] as Int) > 0
            {
                sections["news"] = row["n"]
                newest = max(newest, row["newest"])
            }
            var shared: [SharedClientEntry]?
            var sharing: [GivenShare]?
            if principal.role == .coach {
                sharing = try Self.givenShares(db, by: principal.id, now: now)
                let gone = try Self.departures(db, of: principal.tenantID, after: since)
                if let version = gone.newest {
                    sections["gone"] = gone.clients.count
                    newest = max(newest, version)
                }
                shared = try Self.sharedClientEntries(db, with: principal.id, now: now)
            }
            return UpdatedReply(
                version: newest, sections: sections, gym: try Self.libraryGym(db, principal), shared: shared,
                sharing: sharing)
        }
    }
}
