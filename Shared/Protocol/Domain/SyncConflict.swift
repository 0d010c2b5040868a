import Foundation

/// A device as sync names it: a random id kept on the device, and a name a person recognises (`laptop`, `Ada's
/// phone`). A push names the device it comes from (``PushBody/device``); a draft names the device holding it.
package typealias SyncDevice = TrainingDraft.Device

/// An overwrite the server resolved: a field of a row changed by one device was changed again by another that had not
/// seen the first change, and the value received last stayed (last writer wins per field).
///
/// The server writes one for every field such an update overwrites, as a row of its own section (`conflict`) that
/// only the account that pushed the overwrite sees, on all of its devices: so the device whose value was replaced
/// learns it from its next pull, and the replaced value stays at hand to bring back. Devices never write them.
package struct SyncConflict: EntityDocument {
    package static let kind = EntityKind.conflict

    /// One of the two values, and where it came from.
    package struct Side: Codable, Sendable, Equatable {
        /// The field's value (nil when the change removed the field).
        package var value: JSONValue?
        /// The device that wrote it, when it named itself and belongs to the same account.
        package var device: SyncDevice?
        /// When the server received it (unknown for a value the server wrote itself).
        package var at: Date?
        /// Whether another account wrote it (a coach's correction of a session her client logged): its device is
        /// never named.
        package var otherAccount: Bool?

        package init(value: JSONValue?, device: SyncDevice? = nil, at: Date? = nil, otherAccount: Bool? = nil) {
            self.value = value
            self.device = device
            self.at = at
            self.otherAccount = otherAccount
        }
    }

    /// The row whose field was overwritten.
    @WireID package var entity: UUID
    /// The row's section (`training`).
    package var section: String
    /// The overwritten field (`exercises`).
    package var field: String
    /// When the overwrite happened.
    package var at: Date
    /// The value that was replaced: the change the other device had not seen.
    package var replaced: Side
    /// The value that replaced it and stands (until a later change).
    package var kept: Side
    /// The row's version the overwrite made.
    package var version: Int64

    package init(
        entity: UUID, section: String, field: String, at: Date, replaced: Side, kept: Side, version: Int64
    ) {
        self.entity = entity
        self.section = section
        self.field = field
        self.at = at
        self.replaced = replaced
        self.kept = kept
        self.version = version
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case entity, section, field, at, replaced, kept, version
    }

    package static let forms = DocumentForms([CodingKeys.entity: .id, .version: .count])
}
