import Foundation
import GorillaShared

extension ServerStore {
    /// One page of a session's history: the reply's JSON (a ``SessionHistoryReply``) and how much work it took.
    struct SessionHistoryPage: Sendable {
        let reply: RawJSONValue
        /// Revisions put on the page.
        let revisions: Int
        /// Corrections undone to reach and fill it (the walk from the current document).
        let walked: Int
    }

    /// The revisions of the training session `id` older than version `before` (all when nil), as `principal` may read
    /// them: a coach those of their own clients, a client their own (the rows a pull gives them, see
    /// ``visibleRows(_:columns:since:now:dialect:narrowedBy:)``).
    ///
    /// Only the current document is stored whole; every earlier revision is rebuilt by walking the change log
    /// backwards from it, undoing one correction at a time (each changed field is logged with its older value, whole
    /// or as a ``RevisionDelta``; the session's `revision` among them). The first revision is the session as
    /// recorded. A page takes revisions newest first until the next would pass `maxBytes` (it always holds one) and
    /// lists them oldest first; its `cursor` is the `before` of the next page. The old values are read a bounded batch
    /// at a time, so a page holds the document, one batch and its own bytes, whatever the session's size. The walk
    /// stops early (a short page marked `more`) once `proceed` says nobody will read the reply.
    /// - Throws: ``ServerError`` 112 (`notFound`) for a session that does not exist for `principal`.
    func sessionHistory(
        id: UUID, principal: UserRecord, before: Int64? = nil, maxBytes: Int = .max,
        proceed: @escaping @Sendable () -> Bool = { true }
    ) async throws -> SessionHistoryPage {
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
            let corrections = try Self.corrections(db, of: id)
            let accounts = try Self.names(db, of: Set(corrections.map(\.by) + [stored["created_by"] as String]))
            var page = HistoryPageWriter(before: before, maxBytes: maxBytes, accounts: accounts)
            var document = row.data
            var walked = 0
            var next = 0
            while next < corrections.count {
                // A batch of corrections whose old values together stay within the batch budget (at least one).
                var end = next
                var bytes = 0
                repeat {
                    bytes += corrections[end].bytes
                    end += 1
                } while end < corrections.count && bytes + corrections[end].bytes <= Self.historyBatchBytes
                let batch = corrections[next..<end]
                let olds = try Self.oldValues(db, of: id, versions: batch.last!.version...batch.first!.version)
                for correction in batch {
                    let added = page.add(
                        document, correction.version, at: correction.at, by: correction.by, changed: correction.fields)
                    guard added, proceed() else { return page.finish(more: true, walked: walked) }
                    try Self.undo(olds[correction.version] ?? [], in: &document)
                    walked += 1
                }
                next = end
            }
            // A field that never changed keeps the version of the create (the session's client never does); every
            // later version is newer.
            let created = row.fieldVersions.values.min() ?? row.version
            guard page.add(document, created, at: stored["created_at"], by: stored["created_by"], changed: []) else {
                return page.finish(more: true, walked: walked)
            }
            return page.finish(more: false, walked: walked)
        }
    }

    /// Turns `document` into the revision before a correction, given the old values the correction logged.
    /// - Throws: ``ServerError`` (internal) for a delta that does not fit the document.
    static func undo(
        _ olds: [(field: String, value: JSONValue?, isDelta: Bool)], in document: inout [String: JSONValue]
    ) throws {
        for old in olds {
            guard old.isDelta else {
                document[old.field] = old.value
                continue
            }
            guard let newer = document[old.field], let older = try? RevisionDelta.apply(old.value ?? .null, to: newer)
            else { throw ServerError(.internalError) }
            document[old.field] = older
        }
    }

    /// Most bytes of old values a history walk reads at once.
    static let historyBatchBytes = 1024 * 1024

    /// A logged correction of a session: its version, when and by whom, the fields it changed, and the bytes of
    /// their old values.
    struct Correction {
        var version: Int64
        var at: String
        var by: String
        var fields: [String]
        var bytes: Int
    }

    /// The corrections of entity `id`, newest first, without their old values. One update is one version: its log
    /// rows are consecutive.
    static func corrections(_ db: any SQLTransaction, of id: UUID) throws -> [Correction] {
        var corrections: [Correction] = []
        try db.forEachRow(
            sql: """
                SELECT user_id, field, new_version, at, COALESCE(LENGTH(old_value), 0) FROM change_log
                WHERE entity_id = ? ORDER BY new_version DESC, id DESC
                """, arguments: [id.key]
        ) { change in
            let version: Int64 = change[2]
            let bytes: Int = change[4]
            if corrections.last?.version == version {
                corrections[corrections.count - 1].fields.append(change[1])
                corrections[corrections.count - 1].bytes += bytes
            } else {
                corrections.append(Correction(version: version, at: change[3], by: change[0], fields: [change[1]], bytes: bytes))
            }
            return true
        }
        return corrections
    }

    /// The old values the corrections of entity `id` with a version in `versions` logged, by version.
    static func oldValues(
        _ db: any SQLTransaction, of id: UUID, versions: ClosedRange<Int64>
    ) throws -> [Int64: [(field: String, value: JSONValue?, isDelta: Bool)]] {
        var olds: [Int64: [(field: String, value: JSONValue?, isDelta: Bool)]] = [:]
        try db.forEachRow(
            sql: """
                SELECT new_version, field, old_value, old_delta FROM change_log
                WHERE entity_id = ? AND new_version >= ? AND new_version <= ? ORDER BY new_version DESC, id DESC
                """, arguments: [id.key, versions.lowerBound, versions.upperBound]
        ) { change in
            let text: String? = change[2]
            let value = try text.map { try FastJSON.parse($0) }
            olds[change[0], default: []].append((change[1], value, change[3] as Bool))
            return true
        }
        return olds
    }

    /// The condition (and its arguments) that finds the session `id` among the rows `principal` may read, as
    /// ``visibleRows(_:columns:since:now:dialect:narrowedBy:)`` scopes a pull: in the relation the access table lets the principal read
    /// sessions in, a coach's clients' (her whole tenant) or a client's own.
    static func visibleSession(_ principal: UserRecord, id: UUID) -> (String, SQLArguments) {
        let relation = Access.newRowRelation(.session, as: principal.role)
        guard Access.may(.read, .session, as: principal.role, relation: relation) else {
            return ("id = ? AND 1 = 0", [id.key])
        }
        if relation == .ownClient {
            return ("id = ? AND kind = 'session' AND coach_id = ?", [id.key, principal.tenantID.key])
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
