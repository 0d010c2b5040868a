import Foundation

/// `hello`: the first request of every connection.
public struct HelloBody: Codable, Sendable {
    public var version: Int
    public var language: Language?
    public init(version: Int = ProtocolVersion.current, language: Language? = nil) {
        self.version = version
        self.language = language
    }
}

/// `hello` reply: the server's protocol version and name.
public struct HelloReply: Codable, Sendable {
    public var version: Int
    public var server: String
    public init(version: Int, server: String) {
        self.version = version
        self.server = server
    }
}

/// The role of an account.
public enum Role: String, Codable, Sendable, CaseIterable {
    case coach, client
}

/// `auth.signup`: a coach signs up, or a client redeems a registration code (`code`).
public struct SignupBody: Codable, Sendable {
    public var username: String
    public var email: String
    public var password: String
    public var name: String?
    public var surname: String?
    public var nif: String?
    public var language: Language?
    /// A registration code (`XXXX-XXXX`); present when a client joins their coach.
    public var code: String?

    public init(
        username: String, email: String, password: String, name: String?, surname: String?,
        nif: String? = nil, language: Language? = nil, code: String? = nil
    ) {
        self.username = username
        self.email = email
        self.password = password
        self.name = name
        self.surname = surname
        self.nif = nif
        self.language = language
        self.code = code
    }
}

/// `auth.login`: username or email, and password.
public struct LoginBody: Codable, Sendable {
    public var user: String
    public var password: String
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// `auth.resume`: bind this connection to an existing session token.
public struct ResumeBody: Codable, Sendable {
    public var token: String
    public init(token: String) { self.token = token }
}

/// Reply to signup, login and resume: the session token and the account.
public struct SessionReply: Codable, Sendable {
    /// The session token; empty in a `resume` reply (the client already has it).
    public var token: String
    public var expires: Date
    public var profile: Profile
    public init(token: String, expires: Date, profile: Profile) {
        self.token = token
        self.expires = expires
        self.profile = profile
    }
}

/// `auth.check` reply (the seed's CheckSession).
public struct CheckReply: Codable, Sendable, Equatable {
    public var valid: Bool
    public var expires: Date
    @WireID public var user: UUID
    public init(valid: Bool, expires: Date, user: UUID) {
        self.valid = valid
        self.expires = expires
        self.user = user
    }
}

/// `auth.password.change`: old and new password; the account's other tokens are revoked.
public struct PasswordChangeBody: Codable, Sendable {
    public var old: String
    public var new: String
    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }
}

/// `auth.password.reset`: redeem a one-time reset token for a new password.
public struct PasswordResetBody: Codable, Sendable {
    public var user: String
    public var token: String
    public var password: String
    public init(user: String, token: String, password: String) {
        self.user = user
        self.token = token
        self.password = password
    }
}
