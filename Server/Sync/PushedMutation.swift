import Foundation
import GorillaShared

/// A mutation of a push as the server reads it. Its `fields` stay the request's bytes until a validator needs
/// them: a kind that validates documents straight from the bytes (``EntityKind/canonicalCreate``) never builds them.
struct PushedMutation: Sendable {
    let id: UUID
    let kind: String
    let entity: UUID
    let action: MutationAction
    /// The entity version the device had when it made the change (for conflict reports).
    let base: Int64?
    private let fields: Fields

    private enum Fields: Sendable {
        case parsed([String: JSONValue]?)
        /// The JSON text of an object, its grammar checked (numbers' ranges and repeated keys are checked by whoever
        /// reads it: ``parsedFields()`` or a kind's ``EntityKind/canonicalCreate``).
        case text([UInt8])
    }

    init(_ mutation: Mutation) {
        id = mutation.id
        kind = mutation.kind
        entity = mutation.entity
        action = mutation.action
        base = mutation.base
        fields = .parsed(mutation.fields)
    }

    private init(id: UUID, kind: String, entity: UUID, action: MutationAction, base: Int64?, fieldsText: [UInt8]?) {
        self.id = id
        self.kind = kind
        self.entity = entity
        self.action = action
        self.base = base
        fields = fieldsText.map(Fields.text) ?? .parsed(nil)
    }

    /// The fields as JSON text, when they arrived as text and were not read yet.
    var fieldsText: [UInt8]? {
        if case .text(let bytes) = fields { return bytes }
        return nil
    }

    /// The fields set by a create or update (nil when the mutation has none). Throws ``RequestError`` for fields
    /// `Codable` would not read either (a number out of range, a repeated key): that refuses the whole push, whose
    /// transaction then applies nothing, as if the request had been refused when it was read.
    func parsedFields() throws -> [String: JSONValue]? {
        switch fields {
        case .parsed(let object): return object
        case .text(let bytes):
            do {
                return try FastJSON.parse(bytes).objectValue
            } catch let error as FastJSON.Malformed {
                throw RequestError(.malformedRequest, "fields of mutation \(id.uuidString): \(error.reason)")
            }
        }
    }

    /// The mutations of a `sync.push` request line, read with the byte parser: each mutation's `fields` is checked
    /// and kept as text. Nil if anything is off; then `Codable` decodes the line, for its error messages.
    static func scan(_ line: [UInt8]) -> [PushedMutation]? {
        struct Refused: Error {}
        var mutations: [PushedMutation] = []
        do {
            try FastJSON.withParser(line) { parser in
                var sawBody = false
                try parser.members { key, parser in
                    guard key == "body" else { try parser.checkValue(); return }
                    guard !sawBody else { throw Refused() }
                    sawBody = true
                    var sawMutations = false
                    try parser.members { key, parser in
                        guard key == "mutations" else { try parser.checkValue(); return }
                        guard !sawMutations else { throw Refused() }
                        sawMutations = true
                        try parser.elements { parser in mutations.append(try scanMutation(&parser)) }
                    }
                    guard sawMutations else { throw Refused() }
                }
                guard sawBody else { throw Refused() }
            }
        } catch {
            return nil
        }
        return mutations
    }

    /// One mutation object; throws if it is not exactly what `Codable` would read.
    private static func scanMutation(_ parser: inout FastJSON.Parser) throws -> PushedMutation {
        struct Refused: Error {}
        var id: UUID?, kind: String?, entity: UUID?, action: MutationAction?, base: Int64?
        var fieldsText: [UInt8]?
        var seen = 0
        try parser.members { key, parser in
            let bit: Int
            switch key {
            case "id": bit = 1; id = UUID(uuidString: try parser.string())
            case "kind": bit = 2; kind = try parser.string()
            case "entity": bit = 4; entity = UUID(uuidString: try parser.string())
            case "action": bit = 8; action = MutationAction(rawValue: try parser.string())
            case "base":
                bit = 16
                if !(try parser.skipNull()) {
                    guard let whole = Int64(exactly: try parser.number()) else { throw Refused() }
                    base = whole
                }
            case "fields":
                bit = 32
                if !(try parser.skipNull()) {
                    // Only the grammar here: the documents are most of a push, and whoever reads them checks the rest.
                    let range = try parser.skipValue()
                    guard parser.isObject(range) else { throw Refused() }
                    fieldsText = parser.copyBytes(range)
                }
            default:
                bit = 0
                try parser.checkValue()
            }
            // A repeated member would let this reader and `Codable` see different mutations.
            guard seen & bit == 0 else { throw Refused() }
            seen |= bit
        }
        guard let id, let kind, let entity, let action else { throw Refused() }
        return PushedMutation(id: id, kind: kind, entity: entity, action: action, base: base, fieldsText: fieldsText)
    }
}
