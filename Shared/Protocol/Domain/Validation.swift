import Foundation

/// Input rules shared by the CLI (early, friendly errors) and the server (the authority).
package enum Validation {
    /// Shortest password accepted.
    package static let minimumPasswordLength = 8
    /// Longest password accepted (a hash of a huge input is a cheap denial of service).
    package static let maximumPasswordLength = 1024
    /// Longest name of anything a person names (a machine, an exercise, a client).
    package static let maximumNameLength = 100

    /// Normalises a username or email for uniqueness checks (case-insensitive). Names of rows have their own key,
    /// ``NameMatch/key(_:)``.
    package static func key(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The key a login name (username or email) is looked up and rate-limited by: ``key(_:)`` of it, or nil when it holds
    /// a control character (no account name does, and a name that differs only by one must not count as another).
    package static func loginKey(_ login: String) -> String? {
        containsControlCharacters(login) ? nil : key(login)
    }

    /// How many characters a username has.
    package static let usernameLength = 3...32

    /// Whether `username` is ``usernameLength`` of `a-z A-Z 0-9 . _ -`, starting with a letter or digit.
    package static func isValidUsername(_ username: String) -> Bool {
        let scalars = username.unicodeScalars
        guard usernameLength.contains(scalars.count), let first = scalars.first,
            CharacterSet.alphanumerics.contains(first), first.isASCII
        else { return false }
        return scalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }
    }

    /// Whether `email` looks like `local@domain.tld` (no spaces, at most 254 characters).
    package static func isValidEmail(_ email: String) -> Bool {
        guard email.count <= 254, !email.contains(where: { $0.isWhitespace || $0.isNewline }) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix(".")
        else { return false }
        return !containsControlCharacters(email)
    }

    /// Whether `text` holds control characters (newline allowed only when `allowNewline`).
    package static func containsControlCharacters(_ text: String, allowNewline: Bool = false) -> Bool {
        text.unicodeScalars.contains { scalar in
            if allowNewline && scalar == "\n" { return false }
            // The joiners that emoji sequences (👩‍💻) and some scripts need are format characters, not controls; the
            // other format characters (bidirectional overrides among them) stay refused.
            if scalar.value == 0x200D || scalar.value == 0x200C { return false }
            return CharacterSet.controlCharacters.contains(scalar) || (0xD800...0xDFFF).contains(scalar.value)
        }
    }

    /// A trimmed display name of 1–`maxLength` characters without control characters, or nil.
    package static func cleanName(_ text: String?, maxLength: Int = maximumNameLength) -> String? {
        // Fast path, for the printable ASCII names almost every document holds: nothing to trim or refuse.
        if let utf8 = text?.utf8, let first = utf8.first, let last = utf8.last, first > 0x20, last > 0x20,
            utf8.count <= maxLength, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        {
            return text
        }
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty,
            trimmed.count <= maxLength, !containsControlCharacters(trimmed)
        else { return nil }
        return trimmed
    }

    /// Whether `password` has an acceptable length.
    package static func isAcceptablePassword(_ password: String) -> Bool {
        (minimumPasswordLength...maximumPasswordLength).contains(password.count)
    }

    /// The image type of `bytes` by its magic bytes (`image/png` or `image/jpeg`), or nil.
    package static func imageType(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(8))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        return nil
    }
}
