import Foundation

/// `hello`: the first request of every connection.
package struct HelloBody: Codable, Sendable {
    package var version: Int
    package var language: Language?
    package init(version: Int = ProtocolVersion.current, language: Language? = nil) {
        self.version = version
        self.language = language
    }
}

/// `hello` reply: the server's protocol version and name, and the address of its web door when it has one.
package struct HelloReply: Codable, Sendable {
    package var version: Int
    package var server: String
    /// The address people open in a browser (`--web-url`, else `https://HOST:WEBPORT`); absent without a web door.
    package var web: String?
    package init(version: Int, server: String, web: String? = nil) {
        self.version = version
        self.server = server
        self.web = web
    }
}

/// The role of an account.
package enum Role: String, Codable, Sendable, CaseIterable {
    case coach, client
}

/// `auth.signup`: a coach signs up, or a client redeems a registration code (`code`).
package struct SignupBody: Codable, Sendable {
    package var username: String
    package var email: String
    package var password: String
    package var name: String?
    package var surname: String?
    package var nif: String?
    package var language: Language?
    /// A registration code (`XXXX-XXXX`); present when a client joins their coach.
    package var code: String?
    /// A gym's invitation code (`XXXX-XXXX`): the new coach joins that gym (`register coach --gym-code`).
    package var gymCode: String?

    package init(
        username: String, email: String, password: String, name: String?, surname: String?,
        nif: String? = nil, language: Language? = nil, code: String? = nil, gymCode: String? = nil
    ) {
        self.username = username
        self.email = email
        self.password = password
        self.name = name
        self.surname = surname
        self.nif = nif
        self.language = language
        self.code = code
        self.gymCode = gymCode
    }
}

/// `auth.login`: username or email, and password.
package struct LoginBody: Codable, Sendable {
    package var user: String
    package var password: String
    package init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// `auth.resume`: bind this connection to an existing session token.
package struct ResumeBody: Codable, Sendable {
    package var token: String
    package init(token: String) { self.token = token }
}

/// Reply to signup, login and resume: the session token and the account.
package struct SessionReply: Codable, Sendable {
    /// The session token; empty in a `resume` reply (the client already has it).
    package var token: String
    package var expires: Date
    package var profile: Profile
    package init(token: String, expires: Date, profile: Profile) {
        self.token = token
        self.expires = expires
        self.profile = profile
    }
}

/// `auth.check` reply (the seed's CheckSession).
package struct CheckReply: Codable, Sendable, Equatable {
    package var valid: Bool
    package var expires: Date
    @WireID package var user: UUID
    package init(valid: Bool, expires: Date, user: UUID) {
        self.valid = valid
        self.expires = expires
        self.user = user
    }
}

/// `auth.password.change`: old and new password; the account's other tokens are revoked.
package struct PasswordChangeBody: Codable, Sendable {
    package var old: String
    package var new: String
    package init(old: String, new: String) {
        self.old = old
        self.new = new
    }
}

/// `auth.password.reset`: redeem a one-time reset token for a new password.
package struct PasswordResetBody: Codable, Sendable {
    package var user: String
    package var token: String
    package var password: String
    package init(user: String, token: String, password: String) {
        self.user = user
        self.token = token
        self.password = password
    }
}
