import Foundation
import GorillaShared

/// A mutation of a push as the server reads it. Its `fields` stay the request's bytes until a validator needs
/// them: a kind that validates documents straight from the bytes (``KindRules/canonicalCreate``) never builds them.
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
        /// The text of an object, found by its brackets (``FastJSON/Parser/skipBalanced()``): whoever reads it checks it
        /// in full (``parsedFields()`` or a kind's ``KindRules/canonicalCreate``).
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

    init(id: UUID, kind: String, entity: UUID, action: MutationAction, base: Int64?, fieldsText: [UInt8]?) {
        self.id = id
        self.kind = kind
        self.entity = entity
        self.action = action
        self.base = base
        fields = fieldsText.map(Fields.text) ?? .parsed(nil)
    }

    /// The fields as the request's text, when they arrived as text.
    var fieldsText: [UInt8]? {
        if case .text(let bytes) = fields { return bytes }
        return nil
    }

    /// The fields set by a create or update (nil when the mutation has none). Throws ``ServerError`` for fields that
    /// cannot be read (bad JSON, a number out of range, a repeated key, invalid UTF-8): that mutation is refused, the
    /// others of the push are not.
    func parsedFields() throws -> [String: JSONValue]? {
        switch fields {
        case .parsed(let object): return object
        case .text(let bytes):
            do {
                return try FastJSON.parse(bytes).objectValue
            } catch let error as FastJSON.Malformed {
                throw ServerError.invalid("fields (\(error.reason))")
            }
        }
    }

    /// The kind's one-pass reader, when this mutation is a create it may read.
    var documentReader: (@Sendable ([UInt8]) throws -> CanonicalDocument)? {
        guard action == .create, case .text = fields else { return nil }
        return EntityKinds.all[kind]?.canonicalCreate
    }

    /// The document of a create whose kind has a one-pass reader, as that reader makes it (nil for any other mutation,
    /// or when the kind's `validate` is left to decide). A push reads them with ``DocumentReading``.
    func canonicalDocument() -> CanonicalDocument? {
        guard let read = documentReader, let text = fieldsText else { return nil }
        return CanonicalWriter.document(text, read)
    }

    /// A request line read in one pass with the byte parser as a `sync.push`: its `id` and `op` (as
    /// ``RequestHeader/read(_:)`` reads them) and its mutations, each mutation's `fields` kept as text (found by its
    /// brackets; read in full later).
    /// Nil if anything is off, the body is not a push's, or the line nests deeper than `JSONDepth.requestLimit`:
    /// then the line is read the general way, which names the problem.
    static func readRequest(
        _ line: [UInt8]
    ) -> (id: Int?, op: String?, mutations: [PushedMutation], device: SyncDevice?)? {
        struct Refused: Error {}
        var id: Int?, op: String?
        var mutations: [PushedMutation]?
        var device: SyncDevice?
        do {
            try FastJSON.withParser(line, maxDepth: JSONDepth.requestLimit) { parser in
                var seen = 0
                var others: Set<String> = []
                try parser.members { key, parser in
                    let bit: Int
                    switch key {
                    case "id":
                        bit = 1
                        id = RequestHeader.integer(parser.text(try parser.skipValue()))
                    case "op":
                        bit = 2
                        guard let name = try parser.rawString() else { throw Refused() }
                        op = String(decoding: name, as: UTF8.self)
                    case "body":
                        bit = 4
                        (mutations, device) = try scanBody(&parser)
                    default:
                        bit = 0
                        // The strict reader refuses a repeated member of any name: so does this one.
                        guard others.insert(key).inserted else { throw Refused() }
                        try parser.checkValue()
                    }
                    guard seen & bit == 0 else { throw Refused() }
                    seen |= bit
                }
            }
        } catch {
            return nil
        }
        guard let mutations else { return nil }
        return (id, op, mutations, device)
    }

    /// A push's body: `{"device":{…},"mutations":[…]}`. Its first member must be the device or the mutations (devices
    /// write keys sorted), so that another operation's body, which is read the general way, is given up at once.
    private static func scanBody(_ parser: inout FastJSON.Parser) throws -> ([PushedMutation], SyncDevice?) {
        struct Refused: Error {}
        var mutations: [PushedMutation]?
        var device: SyncDevice?
        var sawDevice = false
        var others: Set<String> = []
        try parser.members { key, parser in
            if key == "mutations" {
                guard mutations == nil else { throw Refused() }
                var read: [PushedMutation] = []
                try parser.elements { parser in read.append(try scanMutation(&parser)) }
                mutations = read
            } else if key == "device" {
                guard !sawDevice else { throw Refused() }
                sawDevice = true
                device = try scanDevice(&parser)
            } else {
                guard mutations != nil, others.insert(key).inserted else { throw Refused() }
                try parser.checkValue()
            }
        }
        guard let mutations else { throw Refused() }
        return (mutations, device)
    }

    /// A push's `device`: `{"id":…,"name":…}` or null; anything else (another member, an escaped text) is left to
    /// `Codable`, which names the problem.
    private static func scanDevice(_ parser: inout FastJSON.Parser) throws -> SyncDevice? {
        struct Refused: Error {}
        if try parser.skipNull() { return nil }
        var id: UUID?, name: String?
        var seen = 0
        try parser.members { key, parser in
            let bit: Int
            switch key {
            case "id": bit = 1; id = try uuid(&parser)
            case "name": bit = 2; name = try parser.string()
            default: throw Refused()
            }
            guard seen & bit == 0 else { throw Refused() }
            seen |= bit
        }
        guard let id, let name else { throw Refused() }
        return SyncDevice(id: id, name: name)
    }

    /// An id as `Codable` reads it; nil for text that is no id. An escaped one throws: the general way reads it.
    private static func uuid(_ parser: inout FastJSON.Parser) throws -> UUID? {
        struct Escaped: Error {}
        guard let text = try parser.rawString() else { throw Escaped() }
        return UUID(text: text)
    }

    /// One mutation object; throws if it is not exactly what `Codable` would read.
    private static func scanMutation(_ parser: inout FastJSON.Parser) throws -> PushedMutation {
        struct Refused: Error {}
        var id: UUID?, kind: String?, entity: UUID?, action: MutationAction?, base: Int64?
        var fieldsText: [UInt8]?
        var seen = 0
        var others: Set<String> = []
        try parser.members { key, parser in
            let bit: Int
            switch key {
            case "id": bit = 1; id = try uuid(&parser)
            case "kind": bit = 2; kind = try parser.string()
            case "entity": bit = 4; entity = try uuid(&parser)
            case "action": bit = 8; action = MutationAction(rawValue: try parser.string())
            case "base":
                bit = 16
                if !(try parser.skipNull()) {
                    // Written as an integer, it is read exactly, as `Codable` reads it (a double loses digits past 2^53).
                    let (number, text) = try parser.numberAndText()
                    guard let whole = Int64(String(decoding: text, as: UTF8.self)) ?? Int64(exactly: number) else {
                        throw Refused()
                    }
                    base = whole
                }
            case "fields":
                bit = 32
                if !(try parser.skipNull()) {
                    // Only where it ends: the documents are most of a push, and whoever reads them checks them in full
                    // (one that cannot be read refuses its own mutation).
                    let range = try parser.skipBalanced()
                    guard parser.isObject(range) else { throw Refused() }
                    fieldsText = parser.copyBytes(range)
                }
            default:
                bit = 0
                // The general reader refuses a repeated member of any name: so does this one.
                guard others.insert(key).inserted else { throw Refused() }
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
