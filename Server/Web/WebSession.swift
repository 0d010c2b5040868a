import Foundation
import GorillaShared
import Hummingbird
import NIOCore

/// A signed-in browser: the account its session cookie stands for, and the token its forms must carry.
///
/// The cookie is a random 256-bit secret (``Tokens``) the store keeps only hashed, with an expiry
/// (``ServerStore/insertWebSession(hash:userID:expires:now:)``); nothing of it stays in the process, so any instance
/// answers any browser. A form's token is derived from the cookie (a hash no other site can compute, since it cannot
/// read the cookie), so it needs no storage either.
struct WebSession: Sendable {
    /// The signed-in account, as the store has it now.
    let user: UserRecord
    /// The session cookie's value.
    let secret: String

    /// The token every form of this session carries.
    var formToken: String { WebCookies.formToken(for: secret) }
}

/// The web door's two cookies, and the form tokens made from them.
enum WebCookies {
    /// The session cookie. The `__Host-` prefix makes browsers refuse it unless it is `Secure`, for `/`, and set by
    /// this host alone.
    static let session = "__Host-gorilla-session"
    /// A random secret given before sign-in, so that the sign-in form carries a token too.
    static let form = "__Host-gorilla-form"

    /// The token a form carries for the cookie `secret`.
    static func formToken(for secret: String) -> String { Tokens.hash("form:" + secret) }

    /// Whether `given` is the token of `secret`, compared in constant time; false when either is missing.
    static func formTokenMatches(_ given: String?, secret: String?) -> Bool {
        guard let given, let secret, !secret.isEmpty else { return false }
        let expected = Array(formToken(for: secret).utf8), actual = Array(given.utf8)
        guard expected.count == actual.count else { return false }
        return zip(expected, actual).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A cookie holding `value` for `seconds` (0: remove it): `Secure; HttpOnly; SameSite=Lax; Path=/`.
    static func cookie(_ name: String, _ value: String, seconds: Int) -> Cookie {
        Cookie(name: name, value: value, maxAge: seconds, path: "/", secure: true, httpOnly: true, sameSite: .lax)
    }
}

/// The fields of the web door's forms, read from an `application/x-www-form-urlencoded` body.
struct WebForm: Sendable {
    /// The most bytes a form's body may have.
    static let maximumBytes = 16 * 1024

    private let fields: [String: String]

    /// A field's value; nil when the form has none.
    subscript(_ name: String) -> String? { fields[name] }

    /// The token the form carries (the hidden field `csrf`).
    var token: String? { fields["csrf"] }

    /// Reads the body of `request` (at most ``maximumBytes``; a larger one is refused with 413).
    static func read(_ request: Request, context: WebRequestContext) async throws -> WebForm {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge)
        }
        // A body that is not UTF-8, or a value whose escapes are not, is refused rather than read in part.
        guard let text = String(validating: body.readableBytesView, as: UTF8.self), let form = WebForm(strictly: text)
        else { throw HTTPError(.badRequest) }
        return form
    }

    /// The fields of `encoded`, or nil when a name or a value does not decode (a broken `%` escape, bytes that are not
    /// UTF-8).
    init?(strictly encoded: String) {
        for pair in encoded.split(separator: "&") {
            for part in pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            where part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding == nil {
                return nil
            }
        }
        self.init(encoded: encoded)
    }

    /// The fields of `encoded` (`a=1&b=two+words`); a repeated name keeps its first value.
    init(encoded: String) {
        var fields: [String: String] = [:]
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String? {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            guard let name = parts.first.flatMap(decode), fields[name] == nil else { continue }
            fields[name] = parts.count == 2 ? decode(parts[1]) ?? "" : ""
        }
        self.fields = fields
    }
}
