import Foundation

/// Why a document cannot be stored as its type, found by the type's own rules (``Machine/normalised()`` and the
/// like) or by reading it (``EntityDocument/init(checking:owner:)``): what is wrong, naming the field.
package struct DocumentProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is; each is one wire error code on the server.
    package enum Reason: Sendable, Equatable {
        /// A required member is absent.
        case missing
        /// A member holds a value its type refuses.
        case invalid
        /// A member is larger than its type keeps.
        case tooLarge
    }

    package let reason: Reason
    /// The field and, where it helps, what is allowed: `name (1–100 characters, no control characters)`.
    package let detail: String

    package init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// A required `field` is absent.
    package static func missing(_ field: String) -> DocumentProblem { DocumentProblem(.missing, field) }
    /// A value the rules refuse; `detail` names the field.
    package static func invalid(_ detail: String) -> DocumentProblem { DocumentProblem(.invalid, detail) }

    /// The same problem of a member of `path`: `exercises[0]` and `name` make `exercises[0].name`.
    package func inside(_ path: String) -> DocumentProblem { DocumentProblem(reason, "\(path).\(detail)") }

    /// The problem a decoder found, naming the member by its coding path (`exercises[0].sets[1].reps`).
    package init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(.missing, Self.path(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            self.init(.missing, Self.path(context.codingPath))
        case .typeMismatch(let type, let context):
            self.init(.invalid, "\(Self.path(context.codingPath)) (\(Self.expected(type)))")
        case .dataCorrupted(let context):
            self.init(.invalid, "\(Self.path(context.codingPath)) (not a valid value)")
        @unknown default:
            self.init(.invalid, "document")
        }
    }

    package var description: String { detail }

    /// `exercises[0].sets[1].reps`.
    static func path(_ keys: [any CodingKey]) -> String {
        var path = ""
        for key in keys {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path.isEmpty ? "document" : path
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text expected"
        case is Double.Type, is Int.Type: "a number expected"
        case is Bool.Type: "true or false expected"
        default: "a value of another type expected"
        }
    }
}

extension EntityDocument {
    /// Reads a pushed or merged document as this type: a member it does not hold, one of the wrong type or a required
    /// one absent is a ``DocumentProblem`` naming it. `owner` is the client a client-scoped document belongs to when it
    /// does not name one (a client's own pushes).
    package init(checking document: [String: JSONValue], owner: UUID? = nil) throws(DocumentProblem) {
        try Self.checkMembers(of: document)
        self = try DocumentReader.read(Self.self, from: document, owner: owner)
    }

    /// Refuses a member of `document`, or of an object nested in it, that the type does not hold.
    package static func checkMembers(of document: [String: JSONValue]) throws(DocumentProblem) {
        if let unknown = document.keys.sorted().first(where: { !fieldNames.contains($0) }) {
            throw .invalid("unknown field '\(unknown)'")
        }
        if let unknown = forms.unknownNestedMember(in: document) {
            throw .invalid("unknown field '\(unknown)'")
        }
    }

    /// The document as stored: its members as its type writes them, ids lower case (``DocumentForms``).
    package var storedDocument: [String: JSONValue] {
        var document = (try? DocumentReader.json(self).objectValue) ?? [:]
        try? Self.forms.normalise(&document, checkingCounts: false)
        return document
    }
}

/// How pushed documents are read as types (``EntityDocument/init(checking:owner:)``).
package enum DocumentReader {
    /// Reads `document` as `type`; a decoding error becomes the ``DocumentProblem`` naming its member.
    package static func read<Value: Decodable>(
        _ type: Value.Type, from document: [String: JSONValue], owner: UUID? = nil
    ) throws(DocumentProblem) -> Value {
        do {
            let data = Data(FastJSON.text(document).utf8)
            return try decoder(owner: owner).decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw DocumentProblem(error)
        } catch {
            throw .invalid("document")
        }
    }

    /// `value` as JSON, as the wire encoder writes it (read back with ``FastJSON``, quicker than `JSONDecoder`).
    package static func json<Value: Encodable>(_ value: Value) throws -> JSONValue {
        try FastJSON.parse(Array(WireCoding.encoder.encode(value)))
    }

    /// The wire decoder, or one that also knows `owner`.
    package static func decoder(owner: UUID?) -> JSONDecoder {
        guard let owner else { return WireCoding.decoder }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = WireCoding.decoder.dateDecodingStrategy
        decoder.userInfo[.documentOwner] = owner
        return decoder
    }
}

extension CodingUserInfoKey {
    /// The client a document belongs to when it names none: the account of a client writing their own.
    package static let documentOwner = CodingUserInfoKey(rawValue: "gorilla.documentOwner")!
}

extension KeyedDecodingContainer {
    /// The client a document belongs to: as written, else the decoder's ``CodingUserInfoKey/documentOwner``.
    func decodeOwner(forKey key: Key, in decoder: any Decoder) throws -> UUID {
        if let id = try decodeIfPresent(UUID.self, forKey: key) { return id }
        if let owner = decoder.userInfo[.documentOwner] as? UUID { return owner }
        return try decode(UUID.self, forKey: key)
    }
}
