/// The languages every user-facing message exists in (the seed's `errors` table columns).
package enum Language: String, Sendable, Codable, CaseIterable {
    case ca, es, en

    /// Parses `ca`, `es`, `en` and the seed's `esca`/`eses`/`enen`, case-insensitively.
    package init?(code: String) {
        switch code.lowercased() {
        case "ca", "esca", "ca-es": self = .ca
        case "es", "eses", "es-es": self = .es
        case "en", "enen", "en-gb", "en-us": self = .en
        default: return nil
        }
    }
}
