import Foundation

/// `codes.check`: is this registration code valid, and for whom?
package struct CodeCheckBody: Codable, Sendable {
    package var code: String
    package init(code: String) { self.code = code }
}

/// `codes.check` reply: the names the coach prefilled and the code's expiry.
package struct CodeCheckReply: Codable, Sendable {
    package var name: String?
    package var surname: String?
    package var expires: Date
    package init(name: String?, surname: String?, expires: Date) {
        self.name = name
        self.surname = surname
        self.expires = expires
    }
}

/// A request about one of the coach's clients (`clients.code`, `clients.resetPassword`).
package struct ClientBody: Codable, Sendable {
    package var client: UUID
    package init(client: UUID) { self.client = client }
}

/// A secret issued for a client: a registration code or a password-reset token, with its expiry.
package struct IssuedSecret: Codable, Sendable {
    package var client: UUID
    package var secret: String
    package var expires: Date
    /// For a registration code, the web door's page where the client registers with it (`WEB-URL/join/CODE`); absent
    /// without a web door.
    package var link: String?
    package init(client: UUID, secret: String, expires: Date, link: String? = nil) {
        self.client = client
        self.secret = secret
        self.expires = expires
        self.link = link
    }
}
