import Foundation
import GorillaShared

/// A queued mutation as the outbox keeps it (``OutboxJournal``): its fields are still the JSON text that was queued,
/// which a push sends as it is.
package struct OutboxEntry: Sendable, MutationWriting {
    /// The entry's place in the outbox (increasing).
    package var seq: Int64
    package var id: UUID
    package var kind: String
    package var entity: UUID
    package var action: MutationAction
    package var base: Int64?
    /// The fields as queued (a JSON object), or nil.
    package var fieldsText: String?
    /// Whether `fieldsText` is known to be one object a push request reads (written by this device, or delimited
    /// when read back), so that a push copies it without looking at it again.
    package var fieldsChecked: Bool

    package init(
        seq: Int64, id: UUID, kind: String, entity: UUID, action: MutationAction, base: Int64?, fieldsText: String?,
        fieldsChecked: Bool = false
    ) {
        self.seq = seq
        self.id = id
        self.kind = kind
        self.entity = entity
        self.action = action
        self.base = base
        self.fieldsText = fieldsText
        self.fieldsChecked = fieldsChecked
    }

    /// How deep `fields` may nest: a request's own object, its body, the mutations and the mutation hold it.
    static let maxFieldsDepth = JSONDepth.requestLimit - 4

    /// The mutation with its fields read (nil fields if the text is not a JSON object).
    package var mutation: Mutation {
        Mutation(
            id: id, kind: kind, entity: entity, action: action,
            fields: fieldsText.flatMap { (try? FastJSON.parse($0))?.objectValue }, base: base)
    }

    /// Writes the mutation for a `sync.push` body. Fields that would make the whole request unreadable are left out,
    /// as ``mutation`` reads them: brackets or quotes that do not close as one object, a line break (which would end
    /// the request line; ``FastJSON/Parser/skipBalanced()`` refuses it), or nesting deeper than the server reads at
    /// that place in a request. The server refuses just this mutation for anything else it cannot read (bad JSON
    /// inside, a number out of range, a repeated key).
    package func write(into out: inout [UInt8]) {
        guard var text = fieldsText else {
            return Mutation.write(
                id: id, kind: kind, entity: entity, action: action, base: base, fieldsJSON: nil, into: &out)
        }
        text.withUTF8 { bytes in
            if fieldsChecked {
                return Mutation.write(
                    id: id, kind: kind, entity: entity, action: action, base: base, fieldsJSON: bytes, into: &out)
            }
            let readable =
                (try? FastJSON.withParser(bytes, maxDepth: Self.maxFieldsDepth) { parser in
                    parser.isObject(try parser.skipBalanced())
                }) == true
            Mutation.write(
                id: id, kind: kind, entity: entity, action: action, base: base, fieldsJSON: readable ? bytes : nil,
                into: &out)
        }
    }
}
