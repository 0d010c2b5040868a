import Foundation

/// A UUID as text, without Foundation's `uuidString` and `UUID(uuidString:)`: on Linux they format through `sprintf`
/// and parse through `sscanf`, which costs more than the rest of reading or writing a push's mutation.
extension UUID {
    /// `uuidString.lowercased()`: as the server and the device store ids. Every query and reference check makes one.
    package var key: String {
        String(unsafeUninitializedCapacity: 36) { text in
            Self.write(uuid, uppercase: false, into: text.baseAddress!)
            return 36
        }
    }

    /// Calls `body` with the text of ``key``, without making a string.
    package func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let uuid = uuid
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            Self.write(uuid, uppercase: false, into: text.baseAddress!)
            return try body(UnsafeBufferPointer(text))
        }
    }

    /// Appends the id as a JSON string: the text of `uuidString` (upper case, as `Codable` writes an id) or of ``key``.
    package func writeJSON(into out: inout [UInt8], uppercase: Bool) {
        let uuid = uuid
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { text in
            text[0] = UInt8(ascii: "\"")
            Self.write(uuid, uppercase: uppercase, into: text.baseAddress! + 1)
            text[37] = UInt8(ascii: "\"")
            out.append(contentsOf: text)
        }
    }

    /// Reads the 36-character form (8-4-4-4-12 hex digits of either case). Where it reads an id, `UUID(uuidString:)`
    /// reads the same one; on Linux that one also takes some sloppier texts (a sign, a space or a single digit in place
    /// of a byte's two), so readers of wire input that must agree with `Codable` give such texts to it.
    package init?(text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
            var offset = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard text[offset] == UInt8(ascii: "-") else { return false }
                    offset += 1
                }
                guard let high = Self.nibble(text[offset]), let low = Self.nibble(text[offset + 1]) else {
                    return false
                }
                bytes[index] = high << 4 | low
                offset += 2
            }
            return true
        }
        guard valid else { return nil }
        self.init(uuid: uuid)
    }

    /// Reads an id's text as ``init(text:)-(UnsafeBufferPointer<UInt8>)`` does.
    package init?(text: String) {
        var text = text
        guard let uuid = text.withUTF8({ UUID(text: $0) }) else { return nil }
        self = uuid
    }

    /// An id a document holds as a member: its 36-character text read as ``init(text:)-(String)`` reads it, any other
    /// as `Codable` reads it (`UUID(uuidString:)`), so that every id `Codable` took is read the same.
    package init?(member text: String) {
        guard let id = UUID(text: text) ?? UUID(uuidString: text) else { return nil }
        self = id
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func write(_ uuid: uuid_t, uppercase: Bool, into text: UnsafeMutablePointer<UInt8>) {
        let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        var position = 0
        withUnsafeBytes(of: uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = digits.utf8Start[Int(byte >> 4)]
                text[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                position += 2
            }
        }
    }
}
