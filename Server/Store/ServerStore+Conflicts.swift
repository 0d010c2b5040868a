import Foundation
import GRDB
import GorillaShared

extension ServerStore {
    /// A pushing device as conflicts name it: its name cleaned and bounded like a draft's (a name that cannot be shown
    /// becomes `device` and the id's first digits).
    static func named(_ device: SyncDevice) -> SyncDevice {
        let limit = TrainingDraft.maxDeviceNameLength
        let name = Validation.cleanName(String(device.name.prefix(limit)), maxLength: limit)
        return SyncDevice(id: device.id, name: name ?? "device \(device.id.key.prefix(8))")
    }

    /// Stores the conflict of an update that overwrote `field` of `row` (already saved with the new value): a
    /// ``SyncConflict`` row of its own, with a version of its own, seen only by `principal`'s account.
    ///
    /// The replaced value's device and time come from the change log's entry that wrote it (`replacedVersion`); a
    /// value another account wrote is marked as such and its device is not named.
    static func recordConflict(
        _ db: Database, row: EntityRow, field: String, replacedVersion: Int64?, replaced: JSONValue?,
        principal: UserRecord, device: SyncDevice?, now: Date
    ) throws {
        var replacedSide = SyncConflict.Side(value: replaced?.isNull == false ? replaced : nil)
        if let replacedVersion,
            let logged = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT user_id, device, at FROM change_log WHERE entity_id = ? AND field = ? AND new_version = ?
                        ORDER BY id DESC LIMIT 1
                        """), arguments: [row.id.key, field, replacedVersion])
        {
            if (logged["user_id"] as String) == principal.id.key {
                replacedSide.device = (logged["device"] as String?).flatMap {
                    try? WireCoding.decoder.decode(SyncDevice.self, from: Data($0.utf8))
                }
            } else {
                replacedSide.otherAccount = true
            }
            replacedSide.at = (logged["at"] as String?).flatMap(ISOTime.parse)
        }
        let conflict = SyncConflict(
            entity: row.id, section: row.kind, field: field, at: now, replaced: replacedSide,
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
