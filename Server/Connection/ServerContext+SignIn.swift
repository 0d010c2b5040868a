import Foundation
import GorillaShared

extension ServerContext {
    /// The account `login` (username or email, any case) names, when `password` is its password: the one check of
    /// `auth.login` and the web door's sign-in, with their shared limits.
    ///
    /// Failures count against the account and the peer's address (``RateLimiter``) and answer alike whether the
    /// account exists or not, in the same time (an unknown account still costs a hash).
    /// - Throws: ``ServerError`` `rateLimited` (with the wait), `invalidField`, `wrongCredentials`, or
    ///   `accountDisabled` (only to someone who knows the password, in the account's language).
    func signIn(login: String, password: String, address: String) async throws -> UserRecord {
        let addressKey = "address:" + address
        if let wait = await addressFailures.retryAfter(addressKey) {
            throw ServerError(.rateLimited, retryAfter: wait)
        }
        guard let key = Validation.loginKey(login) else {
            await addressFailures.record(addressKey)
            throw ServerError(.invalidField, "user")
        }
        let user = try await store.user(login: key)
        // Keyed like the lookup: every name of an account (username, email, any case) shares its one limit.
        let accountKey = Self.accountLimitKey(user: user, login: key)
        if let wait = await loginFailures.retryAfter(accountKey) {
            throw ServerError(.rateLimited, retryAfter: wait)
        }
        guard let user, try await passwords.verify(password, against: user.passwordHash) else {
            if user == nil { try await passwords.dummyVerify(password) }
            await loginFailures.record(accountKey)
            await addressFailures.record(addressKey)
            throw ServerError(.wrongCredentials)
        }
        // Only someone who knows the password learns that the coach removed the account (`clients rm`); everyone
        // else gets the same answer as for an unknown account or a wrong password, in the same time.
        guard !user.disabled else {
            var error = ServerError(.accountDisabled)
            error.language = user.language
            throw error
        }
        await loginFailures.reset(accountKey)
        return user
    }

    /// The key of an account's failed-password limit: its id when the name found one, else the normalised name.
    static func accountLimitKey(user: UserRecord?, login: String) -> String {
        user.map { "account:\($0.id)" } ?? "login:" + login
    }
}
