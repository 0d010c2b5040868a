import Foundation
import GorillaShared
import Logging

/// Registration, shared by `auth.signup` and the web door's join page: the new account's fields checked once, and the
/// wait an address serves after wrong registration codes.
extension ServerContext {
    /// Checks the signup fields and hashes the password; the account is not stored yet.
    func newUser(_ body: SignupBody, role: Role, language: Language) async throws -> UserRecord {
        let username = body.username.trimmingCharacters(in: .whitespaces)
        let email = body.email.trimmingCharacters(in: .whitespaces)
        var missing: [String] = []
        if username.isEmpty { missing.append("username") }
        if email.isEmpty { missing.append("email") }
        if body.password.isEmpty { missing.append("password") }
        if role == .coach {
            if (body.name ?? "").trimmingCharacters(in: .whitespaces).isEmpty { missing.append("name") }
            if (body.surname ?? "").trimmingCharacters(in: .whitespaces).isEmpty { missing.append("surname") }
        }
        guard missing.isEmpty else { throw ServerError(.missingFields, missing.joined(separator: ", ")) }
        guard Validation.isValidUsername(username) else {
            throw ServerError(.invalidField, "username (3–32 letters, digits, '.', '_' or '-')")
        }
        guard Validation.isValidEmail(email) else { throw ServerError(.invalidField, "email") }
        guard Validation.isAcceptablePassword(body.password) else { throw ServerError(.weakPassword) }
        let name = body.name.map { Validation.cleanName($0) } ?? ""
        let surname = body.surname.map { Validation.cleanName($0) } ?? ""
        guard let name, let surname else { throw ServerError(.invalidField, "name or surname") }
        var nif: String?
        if let given = body.nif, !given.isEmpty {
            guard let clean = Validation.cleanName(given, maxLength: 20) else {
                throw ServerError(.invalidField, "nif")
            }
            nif = clean
        }
        let hash = try await passwords.hash(body.password)
        return UserRecord(
            role: role, username: username, email: email, passwordHash: hash, name: name,
            surname: surname, nif: nif, language: body.language ?? language)
    }

    /// The key of an address's wrong registration codes.
    static func codeGuessKey(address: String) -> String { "code:" + address }

    /// Refuses (113, with the seconds left) while `address` waits after wrong codes.
    func waitForCodeGuesses(address: String) async throws {
        if let wait = await codeGuesses.retryAfter(Self.codeGuessKey(address: address)) {
            throw ServerError(.rateLimited, retryAfter: wait)
        }
    }

    /// Runs `attempt`, a use of a registration code, unless `address` must wait: a wrong code (unknown, used or
    /// expired) makes the address's next wait longer, a right one that `spends` the code clears its wrong codes. Only
    /// codes count, never a try refused during a wait, so a gym's clients behind one address are held seconds, not
    /// locked out. A right code that is only looked at (`codes.check`) clears nothing: else one valid code, checked
    /// between guesses, would reset the wait as often as wanted.
    func guessingCode<T>(
        address: String, spends: Bool = true, _ attempt: () async throws -> T
    ) async throws -> T {
        try await waitForCodeGuesses(address: address)
        let key = Self.codeGuessKey(address: address)
        do {
            let value = try await attempt()
            if spends { await codeGuesses.reset(key) }
            return value
        } catch let error as ServerError where [.invalidCode, .codeUsed, .codeExpired].contains(error.code) {
            await codeGuesses.record(key)
            throw error
        }
    }

    /// Registers the client `user` with the registration code `code`, from `address` (its wrong codes count).
    func registerClient(_ user: UserRecord, code: String, address: String) async throws -> UserRecord {
        let now = configuration.clock.now
        let account = try await guessingCode(address: address) {
            try await store.registerClient(user, code: code, now: now)
        }
        logger.info(
            "client registered",
            metadata: ["user": "\(account.id)", "coach": "\(account.coachID.map { "\($0)" } ?? "")"])
        return account
    }
}
