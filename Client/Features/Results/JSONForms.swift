import Foundation
import GorillaClientCore
import GorillaShared

/// A row a command changed, as `--json` shows it: the row, or `{"id", "rejected": true}` when the server refused the
/// change during the sync and this device rolled it back.
package typealias ChangedRow<Row: Encodable> = OneOf<Row, RowRefusal>

/// What `--json` shows of a change the server refused: the row's id, marked rejected.
package struct RowRefusal: Encodable, Sendable {
    @WireID var id: UUID
    let rejected = true
}

extension OneOf where Second == RowRefusal {
    /// `row` when there is one, else the refusal of `id`.
    package init(_ row: First?, id: UUID) {
        self = row.map(OneOf.first) ?? .second(RowRefusal(id: id))
    }
}

/// A value whose type is known only as `Encodable`, with that value's JSON form: a result that holds rows of several
/// kinds (``EntityChange``).
package struct AnyJSONForm: Encodable, Sendable {
    package let value: any Encodable & Sendable

    package init(_ value: any Encodable & Sendable) { self.value = value }

    /// The value's own members (a wrapper has no wire form of its own).
    package func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// Two values' members side by side in one JSON object: a record and the members a result adds to it.
///
/// Written by hand because its wire form flattens the two (`JSONFormsTests` reads it back).
package struct Merged<Base: Encodable & Sendable, Added: Encodable & Sendable>: Encodable, Sendable {
    package var base: Base
    package var added: Added

    package init(_ base: Base, adding added: Added) {
        self.base = base
        self.added = added
    }

    /// The base's members, then the added ones (one of the same name replaces the base's).
    package func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        try added.encode(to: encoder)
    }
}

/// One of two JSON forms, as the result's case decides (a session exported as text or as its document; a changed row
/// or its refusal).
///
/// Written by hand because its wire form is the chosen value's own, not the case named around it (`JSONFormsTests`).
package enum OneOf<First: Encodable, Second: Encodable>: Encodable {
    case first(First)
    case second(Second)

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .first(let value): try value.encode(to: encoder)
        case .second(let value): try value.encode(to: encoder)
        }
    }
}

extension OneOf: Sendable where First: Sendable, Second: Sendable {}
