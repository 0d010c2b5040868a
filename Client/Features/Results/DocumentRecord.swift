import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A typed row as `--json` shows it: its document's members, its `id`, and the members a result adds (`Extra`, an
/// `Encodable` whose members sit beside the document's).
package struct DocumentRecord<Document: EntityDocument, Extra: Encodable & Sendable>: Encodable, Sendable {
    package let id: UUID
    package var value: Document
    package var extra: Extra

    package init(_ row: Stored<Document>, adding extra: Extra) {
        id = row.id
        value = row.value
        self.extra = extra
    }

    private enum Key: String, CodingKey { case id }

    /// Written by hand because its wire form flattens the document, the added members and the id into one object
    /// (`JSONFormsTests` reads it back).
    package func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        try extra.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id.key, forKey: .id)
    }
}

/// No members added to a row.
package struct NoExtra: Encodable, Sendable, Equatable {
    package init() {}
}

extension DocumentRecord where Extra == NoExtra {
    /// The row as it is.
    package init(_ row: Stored<Document>) { self.init(row, adding: NoExtra()) }
}

/// The member that marks a row of the gym's library in a list (`"gym": true`; absent on the coach's own rows).
package struct LibraryMark: Encodable, Sendable, Equatable {
    let gym: Bool?
    /// The colleague whose catalogue the row is of (read-only: she shares a client with the coach).
    let colleague: String?

    package init(_ gym: Bool, colleague: String? = nil) {
        self.gym = gym ? true : nil
        self.colleague = colleague
    }
}
