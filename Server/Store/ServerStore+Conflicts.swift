import Foundation
import GorillaShared

extension ServerStore {
    /// A pushing device as conflicts name it: its name cleaned and bounded like a draft's (a name that cannot be shown
    /// becomes `device` and the id's first digits).
    static func named(_ device: SyncDevice) -> SyncDevice {
        let limit = TrainingDraft.maxDeviceNameLength
        let name = Validation.cleanName(String(device.name.prefix(limit)), maxLength: limit)
        return SyncDevice(id: device.id, name: name ?? "device \(device.id.key.prefix(8))")
    }

    /// The value an update is about to overwrite, with who wrote it (from the change log's entry that made `version`
    /// of `field`); nil when it is no conflict: the same device wrote it (two changes it queued before a sync carry the
    /// same base, and the second knows the first). A value another account wrote is marked as such, its device
    /// never named.
    static func replacedSide(
        _ db: any SQLTransaction, entity: UUID, field: String, version: Int64, value: JSONValue?, principal: UserRecord,
        device: SyncDevice?
    ) throws -> SyncConflict.Side? {
        var side = SyncConflict.Side(value: value?.isNull == false ? value : nil)
        guard
            let logged = try db.fetchOne(
                sql: """
                    SELECT user_id, device, at FROM change_log WHERE entity_id = ? AND field = ? AND new_version = ?
                    ORDER BY id DESC LIMIT 1
                    """, arguments: [entity.key, field, version])
        else { return side }
        side.at = (logged["at"] as String?).flatMap(ISOTime.parse)
        guard (logged["user_id"] as String) == principal.id.key else {
            side.otherAccount = true
            return side
        }
        side.device = (logged["device"] as String?).flatMap {
            try? WireCoding.decoder.decode(SyncDevice.self, from: Data($0.utf8))
        }
        if let writer = side.device?.id, writer == device?.id { return nil }
        return side
    }

    /// Stores the conflict of an update that overwrote `field` of `row` (already saved with the new value): a
    /// ``SyncConflict`` row of its own, with a version of its own, seen only by `principal`'s account.
    static func recordConflict(
        _ db: any SQLTransaction, row: EntityRow, field: String, replaced: SyncConflict.Side, principal: UserRecord,
        device: SyncDevice?, now: Date
    ) throws {
        let conflict = SyncConflict(
            entity: row.id, section: row.kind, field: field, at: now, replaced: replaced,
            kept: SyncConflict.Side(value: row.data[field], device: device, at: now), version: row.version)
        var dataText: [UInt8] = []
        FastJSON.write(.object(conflict.document), into: &dataText)
        try EntityRow.write(
            db, id: UUID(), kind: EntityKind.conflict.rawValue, coachID: principal.tenantID,
            clientID: principal.role == .client ? principal.id : nil, nameKey: nil, dataText: dataText,
            versionsText: Array("{}".utf8), version: try nextVersion(db), deleted: false, createdBy: principal.id,
            now: now)
    }
}
