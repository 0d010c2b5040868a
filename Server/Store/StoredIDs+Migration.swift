import Foundation
import GorillaShared

/// Ids stored before they had one form (``GorillaShared/DocumentForms``): an appointment's or a measurement's `client`
/// kept as a coach's push wrote it, upper case included, which the devices' lookups (by the lower-case id) then missed.
enum StoredIDs {
    /// Rewrites every stored document whose top-level ids are not all lower case the way a push stores them now, each
    /// under a new version so that devices pull it again (the fields it changes get that version too). Run once by the
    /// migrations `v10-lower-case-ids` (SQLite) and `v3-lower-case-ids` (PostgreSQL), inside their transaction; the
    /// rows are read a bounded batch at a time, in id order.
    static func lowerCase(_ db: any SQLTransaction) throws {
        for kind in EntityKind.allCases {
            let fields = kind.forms.idMembers
            guard !fields.isEmpty else { continue }
            let condition = fields.map {
                let text = db.dialect.jsonText("data", $0)
                return "\(text) <> lower(\(text))"
            }.joined(separator: " OR ")
            var after = ""
            while true {
                let rows = try db.fetchAll(
                    sql: """
                        SELECT id, data, field_versions FROM entities WHERE kind = ? AND id > ? AND (\(condition))
                        ORDER BY id LIMIT \(batch)
                        """, arguments: [kind.rawValue, after])
                guard let last = rows.last else { break }
                after = last[0]
                for row in rows { try rewrite(db, id: row[0], data: row[1], versions: row[2], kind: kind) }
            }
        }
    }

    /// Documents a migration reads at once.
    static let batch = 64

    private static func rewrite(_ db: any SQLTransaction, id: String, data: String, versions: String, kind: EntityKind)
        throws
    {
        guard case .object(let stored) = try FastJSON.parse(data) else { return }
        var document = stored
        // Only the ids: a count stored before counts were checked stays as it was.
        try? kind.forms.normalise(&document, checkingCounts: false)
        let changed = document.keys.filter { document[$0] != stored[$0] }
        guard !changed.isEmpty else { return }
        let version = try ServerStore.nextVersion(db)
        var fieldVersions = (try? FastJSON.parse(versions).objectValue) ?? [:]
        for field in changed { fieldVersions[field] = .number(Double(version)) }
        try db.execute(
            sql: "UPDATE entities SET data = ?, field_versions = ?, version = ? WHERE id = ?",
            arguments: [
                FastJSON.text(.object(document)), FastJSON.text(.object(fieldVersions)), version, id,
            ])
    }
}
