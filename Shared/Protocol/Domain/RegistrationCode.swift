import Foundation

/// A registration code: 8 Crockford base32 characters (40 bits) shown `XXXX-XXXX`, single use, expiring.
package enum RegistrationCode {
    /// Crockford's base32 alphabet: digits and upper-case letters without I, L, O and U.
    package static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// Characters in a code.
    package static let length = 8
    /// Days a new code stays valid unless the server is configured otherwise.
    package static let defaultLifetimeDays = 14

    /// A new code from the system's cryptographic generator, as `XXXX-XXXX`.
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return format(characters)
    }

    /// A code as people type it, made canonical: upper-cased, spaces and dashes dropped, I/L read as 1 and O as 0.
    /// Returns `XXXX-XXXX`, or nil unless that leaves 8 characters of the alphabet.
    package static func normalize(_ text: String) -> String? {
        var out: [Character] = []
        for character in text.uppercased() {
            switch character {
            case "-", " ": continue
            case "I", "L": out.append("1")
            case "O": out.append("0")
            default:
                guard alphabet.contains(character) else { return nil }
                out.append(character)
            }
            if out.count > length { return nil }
        }
        guard out.count == length else { return nil }
        return format(out)
    }

    private static func format(_ characters: [Character]) -> String {
        String(characters[0..<4]) + "-" + String(characters[4..<8])
    }
}
