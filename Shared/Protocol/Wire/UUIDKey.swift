import Foundation

/// A UUID as the server and the device store it: lowercase text.
extension UUID {
    /// `uuidString.lowercased()`, written digit by digit: every query and reference check makes one, and Foundation's
    /// `uuidString` formats through `sprintf`.
    public var key: String {
        String(unsafeUninitializedCapacity: 36) { text in
            let hex: StaticString = "0123456789abcdef"
            var position = 0
            withUnsafeBytes(of: uuid) { bytes in
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = hex.utf8Start[Int(byte >> 4)]
                    text[position + 1] = hex.utf8Start[Int(byte & 0x0F)]
                    position += 2
                }
            }
            return position
        }
    }
}
