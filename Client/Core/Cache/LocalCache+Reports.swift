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

    /// One report not shown yet: its kind (`rejected`, `conflict`, `code`) and its facts, worded when shown.
    package struct PendingReport: Sendable {
        package var kind: String
        /// The sentence a report kept before reports kept facts only; empty since.
        package var text: String
        /// The facts as JSON text.
        var detail: String?

        /// The facts read as `Facts`; nil when the report holds none of that form.
        package func facts<Facts: Decodable>(_ type: Facts.Type) -> Facts? {
            detail.flatMap { try? WireCoding.decoder.decode(type, from: Data($0.utf8)) }
        }
    }

    /// The reports not shown yet, oldest first; marks them shown.
    package func takePendingReports() throws -> [PendingReport] {
        try writer.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT kind, text, detail FROM reports WHERE shown = 0 ORDER BY seq")
            try db.execute(sql: "UPDATE reports SET shown = 1 WHERE shown = 0")
            return rows.map { PendingReport(kind: $0["kind"], text: $0["text"], detail: $0["detail"]) }
        }
    }

    /// Keeps a refusal's report: the facts a reader needs to tell what was refused and why (what stands instead is
    /// read when the report is shown, after the sync's pull). Its sentence is worded when it is shown.
    static func addRefusal(
        _ db: Database, _ mutation: Mutation, row: ReportedRow, error: WireError?, device: String?
    )
        throws
    {
        let facts = Refusal(
            id: mutation.id, entity: mutation.entity, kind: mutation.kind, action: mutation.action, name: row.name,
            start: row.start, reason: error?.message, code: error?.code.rawValue, at: ISOTime.format(Date()),
            device: device, fields: mutation.action == .delete ? nil : mutation.fields)
        try addReport(db, kind: "rejected", facts: facts)
    }

    /// Keeps the report of a registration code the server issued for a client this device invited.
    static func addCodeReport(_ db: Database, row: ReportedRow, code: String, expires: String) throws {
        try addReport(db, kind: "code", facts: IssuedCode(row: row, code: code, expires: expires))
    }

    /// Keeps the report that the gym's library left this device (the coach left the gym, was removed, or it was
    /// dissolved).
    static func addLibraryLostReport(_ db: Database) throws {
        try addReport(db, kind: "libraryLost", facts: [String: String]())
    }

    /// Keeps a report of `kind` with its facts (its text column stays empty: reports kept before facts had their
    /// sentence there).
    static func addReport(_ db: Database, kind: String, facts: some Encodable) throws {
        try db.execute(
            sql: "INSERT INTO reports (at, kind, text, detail) VALUES (?, ?, '', ?)",
            arguments: [
                ISOTime.format(Date()), kind, String(decoding: try WireCoding.encoder.encode(facts), as: UTF8.self),
            ])
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
        try addReport(db, kind: "conflict", facts: ReportedConflict(id: id))
    }
}

/// What names a row in a report: its kind and id, and its name or (a session) its start, as stored.
package struct ReportedRow: Codable, Sendable, Equatable {
    package let kind: String
    package let entity: UUID
    package var name: String? = nil
    package var start: String? = nil

    package init(kind: String, entity: UUID, name: String? = nil, start: String? = nil) {
        self.kind = kind
        self.entity = entity
        self.name = name
        self.start = start
    }
}

/// The facts a refusal's report keeps: the refused mutation, its row, the server's reason and code, when and on which
/// device, and the fields the change held.
package struct Refusal: Codable, Sendable {
    @WireID package var id: UUID
    @WireID package var entity: UUID
    package let kind: String
    package let action: MutationAction
    package let name: String?
    package let start: String?
    package let reason: String?
    package let code: Int?
    package let at: String
    package let device: String?
    package let fields: [String: JSONValue]?
}

/// The fact a conflict's report keeps: the conflict's id (the conflict itself is a row of the cache).
package struct ReportedConflict: Codable, Sendable {
    @WireID package var id: UUID
}

/// The facts of a registration code's report: the client's row, the code and its expiry.
package struct IssuedCode: Codable, Sendable {
    package let row: ReportedRow
    package let code: String
    package let expires: String
}
