import Foundation
import GorillaClientCore
import GorillaShared

/// A change to one row of the catalogue (or of a client's data): what was done, and the row as it stands.
package struct EntityChange: Sendable {
    package enum Action: Sendable {
        case added
        case renamed(from: String)
        case updated
        case deleted
    }

    package let kind: EntityKind
    package let action: Action
    package let name: String
    /// The row after the change as `--json` shows it (a ``DocumentRecord``); nil when the server refused the change
    /// during the sync and it was rolled back.
    package let record: (any Encodable & Sendable)?
    package let id: UUID

    package init(_ kind: EntityKind, _ action: Action, name: String, id: UUID, record: (any Encodable & Sendable)?) {
        self.kind = kind
        self.action = action
        self.name = name
        self.id = id
        self.record = record
    }

    /// The change to the row `id` of `Document`'s kind, read back from the cache after the sync that followed it.
    package init<Document: EntityDocument>(
        _ type: Document.Type, _ action: Action, name: String, id: UUID, in cache: LocalCache
    ) throws {
        self.init(
            Document.kind, action, name: name, id: id, record: try cache.one(type, id).map { DocumentRecord($0) })
    }

    package var jsonForm: ChangedRow<AnyJSONForm> { ChangedRow(record.map(AnyJSONForm.init), id: id) }
}

/// The member `--json` adds to a row the command deleted (or a client it removed): `"deleted": true`.
package struct DeletedMark: Encodable, Sendable {
    package let deleted = true
}
