import Foundation

extension JSONValue {
    /// The value with every `null` member of every object left out, at any depth (and `null` elements of arrays).
    package var withoutNulls: JSONValue {
        // (`JSONValue` is `ExpressibleByNilLiteral`: the closures say `Optional.none`, or `nil` would be `.null`.)
        switch self {
        case .object(let members):
            .object(members.compactMapValues { $0 == .null ? Optional.none : Optional.some($0.withoutNulls) })
        case .array(let elements):
            .array(elements.compactMap { $0 == .null ? Optional.none : Optional.some($0.withoutNulls) })
        default: self
        }
    }
}
