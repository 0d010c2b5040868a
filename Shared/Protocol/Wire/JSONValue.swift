import Foundation

/// A JSON value of any shape, for fields whose type depends on the entity they belong to.
package enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string, if this is a string.
    package var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number, if this is a number.
    package var doubleValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The number as an integer, if it is a whole number.
    package var intValue: Int? {
        guard case .number(let n) = self, n.isFinite, n.rounded() == n, abs(n) < 9e15 else { return nil }
        return Int(n)
    }
    /// The flag, if this is a boolean.
    package var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The elements, if this is an array.
    package var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members, if this is an object.
    package var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o } else { return nil } }
    /// Whether this is JSON `null`.
    package var isNull: Bool { self == .null }

    /// Decodes a `Decodable` value from this JSON value.
    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try WireCoding.decoder.decode(T.self, from: WireCoding.encoder.encode(self))
    }

    /// Encodes an `Encodable` value as a JSON value.
    package static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try WireCoding.decoder.decode(JSONValue.self, from: WireCoding.encoder.encode(value))
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(nilLiteral: ()) { self = .null }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
