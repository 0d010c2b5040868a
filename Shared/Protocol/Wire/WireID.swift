import Foundation

/// An id member as stored documents and the wire write it: lower case (``Foundation/UUID/key``), where `UUID`'s own
/// coding writes upper case. A type marks its id members `@WireID` and keeps its synthesised coding; an optional id is
/// left out when absent and read as absent when missing, as `encodeIfPresent` and `decodeIfPresent` do.
@propertyWrapper
package struct WireID<Value: WireIDValue>: Hashable, Sendable {
    package var wrappedValue: Value

    package init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

/// What a ``WireID`` member holds: an id, or an optional one.
package protocol WireIDValue: Hashable, Sendable {
    /// The id's text, nil for an absent one.
    var wireKey: String? { get }
    /// The value of a member that is missing or null; nil when the member is required.
    static var absent: Self? { get }
    /// The value read from an id.
    init(id: UUID)
}

extension UUID: WireIDValue {
    package var wireKey: String? { key }
    package static var absent: UUID? { nil }
    package init(id: UUID) { self = id }
}

extension Optional: WireIDValue where Wrapped == UUID {
    package var wireKey: String? { self?.key }
    package static var absent: UUID?? { .some(nil) }
    package init(id: UUID) { self = id }
}

extension WireID: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let absent = Value.absent, container.decodeNil() {
            wrappedValue = absent
        } else {
            wrappedValue = Value(id: try container.decode(UUID.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let key = wrappedValue.wireKey { try container.encode(key) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing optional id reads as absent (synthesised coding would require the member).
    package func decode<Value>(_ type: WireID<Value>.Type, forKey key: Key) throws -> WireID<Value> {
        if let absent = Value.absent {
            return try decodeIfPresent(type, forKey: key) ?? WireID(wrappedValue: absent)
        }
        return try WireID(wrappedValue: Value(id: decode(UUID.self, forKey: key)))
    }
}

extension KeyedEncodingContainer {
    /// An absent optional id is left out (synthesised coding would write null).
    package mutating func encode<Value>(_ value: WireID<Value>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue.wireKey, forKey: key)
    }
}
