import Foundation

/// What a document's members hold beyond their JSON type, where every reader must take them alike: ids and counts.
///
/// An id has one form: lower case (``Foundation/UUID/key``). The wire may carry one in either case (`Codable` writes
/// ids upper case), and it is lower-cased on the way in rather than refused, so that a peer written with plain `Codable`
/// is understood and stored text still compares equal to the ids every query and reference check makes. A count (sets,
/// repetitions, an appointment's minutes) is a whole number: one with a fraction is refused, naming the field.
///
/// Each document type declares its members' forms (``EntityDocument/forms``). The server applies them to every pushed
/// document before its kind's rules, and its fast readers take the same rules (``isCount(_:)``); the device applies
/// them to every document it pulls and to the mutations it reads back from its journal.
package struct DocumentForms: Sendable {
    /// What one member holds.
    package indirect enum Form: Sendable {
        /// An id: any case on the wire, lower case once read.
        case id
        /// A count: a whole number.
        case count
        /// A count, or a list of counts (repetitions planned as one target per set).
        case counts
        /// An object whose members have forms of their own.
        case object(DocumentForms)
        /// A list of objects whose members have forms of their own.
        case list(DocumentForms)
    }

    /// The forms of the members that have one, by name.
    package let members: [String: Form]

    /// The same, sorted by name: the order they are checked in.
    private let ordered: [(name: String, form: Form)]

    /// Every member the object may hold, when its type says (``unknownMember(in:)``).
    package let names: Set<String>?

    /// The forms of `members`, named by a type's coding keys.
    package init<Key: RawRepresentable<String>>(_ members: KeyValuePairs<Key, Form>) {
        self.init(members: Dictionary(uniqueKeysWithValues: members.map { ($0.key.rawValue, $0.value) }), names: nil)
    }

    /// The forms of `members`, named by a type's coding keys, which are every member the object may hold.
    package init<Key: RawRepresentable<String> & CaseIterable>(_ members: KeyValuePairs<Key, Form>) {
        self.init(
            members: Dictionary(uniqueKeysWithValues: members.map { ($0.key.rawValue, $0.value) }),
            names: Set(Key.allCases.map(\.rawValue)))
    }

    /// A document with neither ids nor counts.
    package static let none = DocumentForms(members: [:], names: nil)

    private init(members: [String: Form], names: Set<String>?) {
        self.members = members
        self.names = names
        ordered = members.sorted { $0.key < $1.key }.map { (name: $0.key, form: $0.value) }
    }

    /// The path of the first member (by name) of the objects nested in `document` that their type does not hold:
    /// `exercises[0].sets[1].colour`; nil when there is none. The document's own members are its type's to check
    /// (``EntityDocument/unknownMember(in:)``).
    package func unknownNestedMember(in document: [String: JSONValue], path: String = "") -> String? {
        for (name, form) in ordered {
            guard let value = document[name] else { continue }
            let field = path.isEmpty ? name : "\(path).\(name)"
            switch (form, value) {
            case (.object(let forms), .object(let members)):
                if let unknown = forms.unknownMember(in: members, path: field) { return unknown }
            case (.list(let forms), .array(let items)):
                for (index, item) in items.enumerated() {
                    guard case .object(let members) = item else { continue }
                    if let unknown = forms.unknownMember(in: members, path: "\(field)[\(index)]") { return unknown }
                }
            default:
                continue
            }
        }
        return nil
    }

    /// The path of the first member of `object` (or of an object nested in it) that its type does not hold.
    func unknownMember(in object: [String: JSONValue], path: String) -> String? {
        if let names, let unknown = object.keys.sorted().first(where: { !names.contains($0) }) {
            return "\(path).\(unknown)"
        }
        return unknownNestedMember(in: object, path: path)
    }

    /// A member that breaks its form: a count with a fraction.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Where it is, as a path: `exercises[0].sets[1].reps`.
        package let field: String

        package init(field: String) { self.field = field }

        package var description: String { "\(field) must be a whole number" }
    }

    /// Whether `number` may stand as a count: finite and whole.
    package static func isCount(_ number: Double) -> Bool { number.isFinite && number.rounded() == number }

    /// The stored form of an id written as `text` (either case), or nil when `text` is no id. It reads what `Codable`
    /// reads as a `UUID`.
    package static func storedID(_ text: String) -> String? {
        if let id = UUID(member: text) { return id.key }
        return nil
    }

    /// Lower-cases the ids of `document` and checks its counts (unless `checkingCounts` is false), members nested in
    /// objects and lists included. Values of another type (a number for an id, text for a count) are left as they
    /// are, for the kind's rules to name.
    /// - Throws: ``Problem`` for the first count (by member name) that is not whole.
    package func normalise(_ document: inout [String: JSONValue], checkingCounts: Bool = true) throws(Problem) {
        try normalise(&document, path: "", counts: checkingCounts)
    }

    /// The names of the top-level members that hold an id.
    package var idMembers: [String] {
        members.filter { if case .id = $0.value { true } else { false } }.keys.sorted()
    }

    private func normalise(_ document: inout [String: JSONValue], path: String, counts: Bool) throws(Problem) {
        for (name, form) in ordered {
            guard let value = document[name] else { continue }
            let field = path.isEmpty ? name : "\(path).\(name)"
            document[name] = try Self.normalise(value, as: form, at: field, counts: counts)
        }
    }

    private static func normalise(
        _ value: JSONValue, as form: Form, at field: String, counts: Bool
    ) throws(Problem) -> JSONValue {
        switch (form, value) {
        case (.id, .string(let text)):
            return storedID(text).map(JSONValue.string) ?? value
        case (.count, .number(let number)), (.counts, .number(let number)):
            guard isCount(number) || !counts else { throw Problem(field: field) }
            return value
        case (.counts, .array(let items)):
            for (index, item) in items.enumerated() where counts {
                if case .number(let number) = item, !isCount(number) { throw Problem(field: "\(field)[\(index)]") }
            }
            return value
        case (.object(let forms), .object(var members)):
            try forms.normalise(&members, path: field, counts: counts)
            return .object(members)
        case (.list(let forms), .array(let items)):
            var normalised: [JSONValue] = []
            normalised.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard case .object(var members) = item else {
                    normalised.append(item)
                    continue
                }
                try forms.normalise(&members, path: "\(field)[\(index)]", counts: counts)
                normalised.append(.object(members))
            }
            return .array(normalised)
        default:
            return value
        }
    }
}

extension DocumentForms {
    /// The text of a document as a device keeps it: `text` itself when no id in it holds an upper-case digit (a scan of
    /// its bytes, the usual case), else the document with its ids lower-cased (``normalise(_:checkingCounts:)``, counts
    /// left to the server, which refuses them), written again. Text that is not an object is returned as it is.
    package func lowerCasingIDs(inText text: String) -> String {
        guard !members.isEmpty, Self.mayHoldUpperCaseID(text),
            case .object(var document)? = try? FastJSON.parse(text)
        else { return text }
        try? normalise(&document, checkingCounts: false)
        return FastJSON.text(.object(document))
    }

    /// Whether `text` holds a quoted 8-4-4-4-12 run of hex digits with an upper-case one among them.
    static func mayHoldUpperCaseID(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            func isHex(_ byte: UInt8) -> Bool {
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
            }
            var index = 9
            while index + 28 <= bytes.count {
                // Each id's first dash sits nine bytes after its opening quote.
                if bytes[index] == UInt8(ascii: "-"), bytes[index - 9] == UInt8(ascii: "\""),
                    bytes[(index - 8)..<index].allSatisfy(isHex),
                    bytes[(index - 8)..<(index + 28)].contains(where: { $0 >= 0x41 && $0 <= 0x46 })
                {
                    return true
                }
                index += 1
            }
            return false
        }
    }
}

extension EntityKind {
    /// The forms of a document of this kind (``EntityDocument/forms``).
    package var forms: DocumentForms { documentType.forms }
}
