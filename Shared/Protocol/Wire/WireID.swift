import Foundation

/// An id member as stored documents and the wire write it: lower case (``Foundation/UUID/key``), where `UUID`'s own
/// coding writes upper case. A type marks its id members `@WireID` and keeps its synthesised coding; an optional id is
/// left out when absent and read as absent when missing, as `encodeIfPresent` and `decodeIfPresent` do.
@propertyWrapper
public struct WireID<Value: WireIDValue>: Hashable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

/// What a ``WireID`` member holds: an id, or an optional one.
public protocol WireIDValue: Hashable, Sendable {
    /// The id's text, nil for an absent one.
    var wireKey: String? { get }
    /// The value of a member that is missing or null; nil when the member is required.
    static var absent: Self? { get }
    /// The value read from an id.
    init(id: UUID)
}

extension UUID: WireIDValue {
    public var wireKey: String? { key }
    public static var absent: UUID? { nil }
    public init(id: UUID) { self = id }
}

extension Optional: WireIDValue where Wrapped == UUID {
    public var wireKey: String? { self?.key }
    public static var absent: UUID?? { .some(nil) }
    public init(id: UUID) { self = id }
}

extension WireID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let absent = Value.absent, container.decodeNil() {
            wrappedValue = absent
        } else {
            wrappedValue = Value(id: try container.decode(UUID.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let key = wrappedValue.wireKey { try container.encode(key) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing optional id reads as absent (synthesised coding would require the member).
    public func decode<Value>(_ type: WireID<Value>.Type, forKey key: Key) throws -> WireID<Value> {
        if let absent = Value.absent {
            return try decodeIfPresent(type, forKey: key) ?? WireID(wrappedValue: absent)
        }
        return try WireID(wrappedValue: Value(id: decode(UUID.self, forKey: key)))
    }
}

extension KeyedEncodingContainer {
    /// An absent optional id is left out (synthesised coding would write null).
    public mutating func encode<Value>(_ value: WireID<Value>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue.wireKey, forKey: key)
    }
}
