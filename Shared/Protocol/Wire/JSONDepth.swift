import Foundation

/// A linear scan for how deeply JSON nests, run before handing a line to `JSONDecoder`.
///
/// Foundation's decoder can trap while describing an error in very deeply nested input, so lines that
/// nest deeper than any request needs are refused before they reach it.
package enum JSONDepth {
    /// Deepest nesting a request may have (real requests nest about 8 levels; Foundation's own limit is 512).
    package static let requestLimit = 256

    /// The top-level `"id"` of a line too deep to decode, found by a plain scan (nil if there is none).
    package static func leadingID(in bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let range = text.range(of: #"^\s*\{\s*"id"\s*:\s*-?[0-9]{1,15}"#, options: .regularExpression) else {
            return nil
        }
        return Int(text[range].split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
    }

    /// Whether `bytes` opens more than `limit` arrays or objects at once (outside strings). This runs on every
    /// request line, so the common case reads the bytes through a buffer pointer.
    package static func exceeds(_ limit: Int, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { exceeds(limit, in: $0) }
    }

    /// Whether `bytes` opens more than `limit` arrays or objects at once (outside strings).
    package static func exceeds(_ limit: Int, in bytes: some Sequence<UInt8>) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }
}
