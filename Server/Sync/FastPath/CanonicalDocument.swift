import Foundation
import GorillaShared

/// A created document validated and written in its stored form in one pass over the request's bytes, without
/// building a ``JSONValue`` tree: the text is what ``FastJSON`` writes for the document the kind's `validate`
/// makes of the same fields (sorted keys, defaults filled in, values normalised), provided the rows it names hold.
///
/// The pass reads no rows, so a push's documents are read on other cores while its transaction runs
/// (``DocumentReading``); the transaction checks ``references`` and writes the text.
struct CanonicalDocument: Sendable {
    /// The document's stored JSON text (valid UTF-8: bound to the database as it is).
    var text: [UInt8] = []
    /// Its top-level members, in the order written (each gets the mutation's version).
    var fields: [StaticString] = []
    /// The client the row belongs to, for client-scoped kinds.
    var clientID: UUID?
    /// The text of its start, for dated kinds (``StartColumn``).
    var startsAt: String?
    /// The rows the document names, in the order named; `validate` refuses the document unless each holds.
    var references: [CanonicalReference] = []
    /// The role of the account whose create the text stands for (a session records who recorded it), or nil for any:
    /// the text is not used for a push by another role.
    var writer: Role?

    /// Whether every row the document names is in the principal's tenant as `validate` requires; when one is not,
    /// `validate` runs and names it.
    func referencesHold(_ context: MutationContext) throws -> Bool {
        for reference in references {
            let row =
                try reference.live
                ? context.liveReference(reference.id, kind: reference.kind)
                : context.reference(reference.id, kind: reference.kind)
            guard let row else { return false }
            if let client = reference.client, row.clientID != client.key { return false }
        }
        return true
    }

    private var object = FastJSON.ObjectWriter()

    /// Starts the top-level member `name` in `out` (the text being written); members must come in sorted order.
    mutating func member(_ name: StaticString, into out: inout [UInt8]) {
        fields.append(name)
        object.member(name, into: &out)
    }

    /// Closes the document written in `out`, and keeps it as ``text``.
    mutating func finish(_ out: consuming [UInt8]) {
        object.close(into: &out)
        text = out
    }

    /// The `field_versions` text: every member at `version`.
    func versionsText(_ version: Int64) -> [UInt8] {
        var out: [UInt8] = []
        var object = FastJSON.ObjectWriter()
        let number = String(version)
        for field in fields {
            object.member(field, into: &out)
            out += number.utf8
        }
        object.close(into: &out)
        return out
    }
}

/// A row a ``CanonicalDocument`` names: of `kind`, in the principal's tenant, live unless it is a history reference
/// (a session's training and exercises may since have been deleted), and of `client` when one is given.
struct CanonicalReference: Sendable {
    let id: UUID
    let kind: EntityKind
    let live: Bool
    var client: UUID?
}

/// The reading of one object of a canonical writer (``CanonicalWriter/sortedMembers(_:_:into:)``): the object's member
/// names, and what to do with each, writing to `out` as it goes. A struct, so that its state is read and written without
/// the closure contexts and exclusivity checks that capturing it would cost.
protocol SortedMembersReader {
    /// The members' names, sorted as they are written.
    static var keys: CanonicalWriter.Keys { get }
    /// The member at `index` of ``keys`` is missing, or `null`: `validate` puts its default there, or refuses.
    mutating func absent(_ index: Int, null: Bool, into out: inout [UInt8]) throws
    /// Reads the member at `index` of ``keys`` (it is not `null`).
    mutating func present(_ index: Int, _ parser: inout FastJSON.Parser, into out: inout [UInt8]) throws
}

/// Pieces of a canonical writer, over ``FastJSON/Parser``'s step-by-step reading. Each reader throws ``Unusual``
/// (or the parser's `Malformed`) for anything outside the plain case: a wrong type, an unknown, repeated, escaped or
/// out-of-order key, a value out of range. The caller then leaves the document to the kind's `validate`, which
/// names the problem.
enum CanonicalWriter {
    struct Unusual: Error {}

    /// The document `read` makes of `text`, or nil when it leaves the text to the kind's `validate`: it threw
    /// ``Unusual``, or `Malformed` for a wrong type where it expected another (the text's grammar was checked), or the
    /// document is over the size limit.
    static func document(_ text: [UInt8], _ read: ([UInt8]) throws -> CanonicalDocument) -> CanonicalDocument? {
        guard let document = try? read(text), document.text.count <= SyncLimits.maxDocumentBytes else { return nil }
        return document
    }

    /// Member names as bytes, sorted as they are written.
    typealias Keys = [[UInt8]]

    static func keys(_ names: [String]) -> Keys { names.map { Array($0.utf8) } }

    /// A document type's members in the order devices write them (sorted), for a reader's ``SortedMembersReader/keys``.
    static func sorted<Key: CaseIterable & RawRepresentable<String>>(_ type: Key.Type) -> [Key] {
        Key.allCases.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
    }

    /// The names of `members`, as bytes.
    static func keys<Key: RawRepresentable<String>>(_ members: [Key]) -> Keys {
        members.map { Array($0.rawValue.utf8) }
    }

    /// Reads an object whose members must come in the order of `Reader.keys` (sorted, as devices write them), each
    /// among them and at most once, handing each member to `reader` (see ``SortedMembersReader``).
    static func sortedMembers<Reader: SortedMembersReader>(
        _ parser: inout FastJSON.Parser, _ reader: inout Reader,
        into out: inout [UInt8]
    ) throws {
        let keys = Reader.keys
        try parser.beginObject()
        var previous = -1
        while true {
            // Each key is looked for only after the previous one: that also refuses a repeated key.
            var key: Int?
            if let name = try parser.nextKey() {
                key = ((previous + 1)..<keys.count).first { keys[$0].elementsEqual(name) }
                guard key != nil else { throw Unusual() }
            }
            for skipped in (previous + 1)..<(key ?? keys.count) { try reader.absent(skipped, null: false, into: &out) }
            guard let key else { return }
            previous = key
            if try parser.skipNull() {
                try reader.absent(key, null: true, into: &out)
            } else {
                try reader.present(key, &parser, into: &out)
            }
        }
    }

    /// Reads an array of at most `limit` elements and writes it, `body` reading and writing each element.
    static func array(
        _ parser: inout FastJSON.Parser, limit: Int, into out: inout [UInt8],
        _ body: (_ index: Int, _ parser: inout FastJSON.Parser, _ out: inout [UInt8]) throws -> Void
    ) throws {
        out.append(UInt8(ascii: "["))
        try parser.beginArray()
        var count = 0
        while try parser.nextElement() {
            guard count < limit else { throw Unusual() }
            if count > 0 { out.append(UInt8(ascii: ",")) }
            try body(count, &parser, &out)
            count += 1
        }
        out.append(UInt8(ascii: "]"))
    }

    /// An id written in the usual form (8-4-4-4-12 hex digits, without escapes).
    static func id(_ parser: inout FastJSON.Parser) throws -> UUID {
        guard let text = try parser.rawString(), let id = UUID(text: text) else { throw Unusual() }
        return id
    }

    /// A number in `limits`, written as stored (as read when it already is in that form).
    static func writeNumber(
        _ parser: inout FastJSON.Parser, within limits: ClosedRange<Double>, into out: inout [UInt8]
    ) throws {
        let (number, text) = try parser.numberAndText()
        guard number.isFinite, limits.contains(number) else { throw Unusual() }
        FastJSON.writeNumber(number, readFrom: text, into: &out)
    }

    /// A count in `limits` (a whole number, ``GorillaShared/DocumentForms/isCount(_:)``), written as stored.
    static func writeCount(
        _ parser: inout FastJSON.Parser, within limits: ClosedRange<Double>, into out: inout [UInt8]
    ) throws {
        let (number, text) = try parser.numberAndText()
        guard DocumentForms.isCount(number), limits.contains(number) else { throw Unusual() }
        FastJSON.writeNumber(number, readFrom: text, into: &out)
    }

    /// One of the values of `Value` (a plain string without escapes), written as read.
    static func writeChoice<Value: CaseIterable & RawRepresentable<String>>(
        _ parser: inout FastJSON.Parser, _ type: Value.Type,
        into out: inout [UInt8]
    ) throws {
        guard let text = try parser.rawString() else { throw Unusual() }
        for value in Value.allCases where value.rawValue.utf8.elementsEqual(text) {
            writeString(value, into: &out)
            return
        }
        throw Unusual()
    }

    /// A value of a closed set of plain strings, as JSON.
    static func writeString<Value: RawRepresentable<String>>(_ value: Value, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: value.rawValue.utf8)
        out.append(UInt8(ascii: "\""))
    }

    /// A plain string as JSON.
    static func writeString(_ text: StaticString, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        out.append(UInt8(ascii: "\""))
    }

    /// An id as stored: lower case.
    static func writeID(_ id: UUID, into out: inout [UInt8]) {
        id.writeJSON(into: &out, uppercase: false)
    }
}

/// For `gorilla-bench`'s diagnostics: a pushed session's fields read as a push reads them.
package enum CanonicalSessionProbe {
    /// The stored text the one-pass reader makes of a session's `fields`, or nil when it leaves them to `validate`.
    package static func read(_ fields: [UInt8]) -> [UInt8]? {
        EntityKinds.session.canonicalCreate.flatMap { CanonicalWriter.document(fields, $0)?.text }
    }
}
