import Foundation
import GRDB
import GorillaShared

/// What a sync found that a person must be told, kept in the `reports` table until shown once: refusals, conflicts
/// this device took part in, registration codes.
extension LocalCache {
    static func registerReportMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-report-details") { db in
            // A report's facts as JSON (a refusal's mutation, fields and reason; a conflict's id), for `--json`.
            try db.execute(sql: "ALTER TABLE reports ADD COLUMN detail TEXT")
        }
    }

    /// One report not shown yet: its kind (`rejected`, `conflict`, `code`), its text, and its facts as JSON.
    public struct PendingReport: Sendable {
        public var kind: String
        public var text: String
        public var detail: [String: JSONValue]?
    }

    /// The reports not shown yet, oldest first; marks them shown.
    public func takePendingReports() throws -> [PendingReport] {
        try writer.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT kind, text, detail FROM reports WHERE shown = 0 ORDER BY seq")
            try db.execute(sql: "UPDATE reports SET shown = 1 WHERE shown = 0")
            return rows.map { row in
                PendingReport(
                    kind: row["kind"], text: row["text"],
                    detail: (row["detail"] as String?).flatMap { (try? FastJSON.parse($0))?.objectValue })
            }
        }
    }

    /// Keeps a refusal's report: its text, and what a `--json` reader needs to tell what was refused (what stands
    /// instead is read when the report is shown, after the sync's pull).
    static func addRefusal(
        _ db: Database, _ mutation: Mutation, label: String, of ofLabel: String, error: WireError?, device: String?
    ) throws {
        let reason = error?.message ?? AccountPhrases.refusedWithoutReason.t()
        var detail: [String: JSONValue] = [
            "id": .string(mutation.id.key), "entity": .string(mutation.entity.key), "kind": .string(mutation.kind),
            "action": .string(mutation.action.rawValue), "name": .string(label), "reason": .string(reason),
            "at": .string(ISOTime.format(Date())),
        ]
        if let code = error?.code.rawValue { detail["code"] = .number(Double(code)) }
        if let device { detail["device"] = .string(device) }
        if let fields = mutation.fields, mutation.action != .delete { detail["fields"] = .object(fields) }
        try db.execute(
            sql: "INSERT INTO reports (at, kind, text, detail) VALUES (?, ?, ?, ?)",
            arguments: [
                ISOTime.format(Date()), "rejected", refusal(mutation.action).t(["ofRow": ofLabel, "reason": reason]),
                FastJSON.text(.object(detail)),
            ])
    }

    /// The sentence of a refused change: `update of training 'Cames B' was refused: name taken`.
    private static func refusal(_ action: MutationAction) -> AccountPhrases {
        switch action {
        case .create: .createRefused
        case .update: .updateRefused
        case .delete: .deleteRefused
        }
    }

    /// Keeps a report of a pulled conflict the first time it arrives, when this device wrote one of its two values:
    /// the device whose value was replaced learns it this way, and so does the one that replaced it. Conflicts between
    /// two other devices of the account are only listed (`gorilla sync --conflicts`).
    static func noteConflict(_ db: Database, id: UUID, dataText: String) throws {
        guard
            try
                !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entities WHERE id = ?)", arguments: [id.key])
                ?? false),
            let device = try String.fetchOne(
                db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [DeviceIdentity.idKey]
            ).flatMap(UUID.init(uuidString:)),
            let document = (try? FastJSON.parse(dataText))?.objectValue,
            let conflict = try? SyncConflict(document: document),
            conflict.kept.device?.id == device || conflict.replaced.device?.id == device
        else { return }
        try addReport(db, kind: "conflict", text: id.key)
    }
}
