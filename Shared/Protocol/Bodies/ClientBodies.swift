import Foundation

/// `codes.check`: is this registration code valid, and for whom?
public struct CodeCheckBody: Codable, Sendable {
    public var code: String
    public init(code: String) { self.code = code }
}

/// `codes.check` reply: the names the coach prefilled and the code's expiry.
public struct CodeCheckReply: Codable, Sendable {
    public var name: String?
    public var surname: String?
    public var expires: Date
    public init(name: String?, surname: String?, expires: Date) {
        self.name = name
        self.surname = surname
        self.expires = expires
    }
}

/// A request about one of the coach's clients (`clients.code`, `clients.resetPassword`).
public struct ClientBody: Codable, Sendable {
    public var client: UUID
    public init(client: UUID) { self.client = client }
}

/// A secret issued for a client: a registration code or a password-reset token, with its expiry.
public struct IssuedSecret: Codable, Sendable {
    public var client: UUID
    public var secret: String
    public var expires: Date
    public init(client: UUID, secret: String, expires: Date) {
        self.client = client
        self.secret = secret
        self.expires = expires
    }
}
