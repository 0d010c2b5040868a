import Foundation

extension WireCoding {
    /// `value` as one line of JSON text with every absent value left out: a member that would be `null` is not
    /// written, at any depth (`--json` never says `null`; a reader tests whether a member is there).
    package static func textWithoutNulls(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(JSONValue.encode(value).withoutNulls), as: UTF8.self)
    }
}
