import Foundation
import GorillaShared
import Logging

extension RequestRouter {
    /// The key of an address's wrong registration codes.
    static func codeGuessKey(_ state: ConnectionState) -> String { "code:" + state.address }

    /// Refuses (113, with the seconds left) while the address waits after wrong codes.
    func waitForCodeGuesses(_ state: ConnectionState) async throws {
        if let wait = await context.codeGuesses.retryAfter(Self.codeGuessKey(state)) {
            throw ServerError(.rateLimited, retryAfter: wait)
        }
    }

    /// Runs `attempt`, a use of a registration code, unless the address must wait: a wrong code (unknown, used or
    /// expired) makes the address's next wait longer, a right one that `spends` the code clears its wrong codes. Only
    /// codes count, never a try refused during a wait, so a gym's clients behind one address are held seconds, not
    /// locked out. A right code that is only looked at (`codes.check`) clears nothing: else one valid code, checked
    /// between guesses, would reset the wait as often as wanted.
    func guessingCode<T>(
        _ state: ConnectionState, spends: Bool = true, _ attempt: () async throws -> T
    ) async throws -> T {
        try await waitForCodeGuesses(state)
        let key = Self.codeGuessKey(state)
        do {
            let value = try await attempt()
            if spends { await context.codeGuesses.reset(key) }
            return value
        } catch let error as ServerError where [.invalidCode, .codeUsed, .codeExpired].contains(error.code) {
            await context.codeGuesses.record(key)
            throw error
        }
    }

    func registerClient(_ user: UserRecord, code: String, state: inout ConnectionState) async throws -> UserRecord {
        let account = try await guessingCode(state) {
            try await context.store.registerClient(user, code: code, now: now)
        }
        context.logger.info(
            "client registered",
            metadata: ["user": "\(account.id)", "coach": "\(account.coachID.map { "\($0)" } ?? "")"])
        return account
    }

    func checkCode(_ body: CodeCheckBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let grant = try await guessingCode(state, spends: false) {
            try await context.store.checkCode(body.code, now: now)
        }
        return .value(CodeCheckReply(name: grant.name, surname: grant.surname, expires: grant.expires))
    }

    func newCode(_ body: ClientBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        // Issuing a code or a reset token changes the coach's client record.
        guard Access.may(.update, .client, as: principal.role) else { throw ServerError.forbidden }
        let (code, expires) = try await context.store.newRegistrationCode(
            coach: principal, clientID: body.client, lifetime: context.configuration.registrationCodeLifetime, now: now)
        return .value(IssuedSecret(client: body.client, secret: code, expires: expires))
    }

    func clientResetToken(_ body: ClientBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        // Issuing a code or a reset token changes the coach's client record.
        guard Access.may(.update, .client, as: principal.role) else { throw ServerError.forbidden }
        let client = try await context.store.ownClientAccount(coach: principal, clientID: body.client)
        let token = Tokens.make()
        let expires = now.addingTimeInterval(context.configuration.resetTokenLifetime)
        try await context.store.insertResetToken(hash: Tokens.hash(token), userID: client.id, expires: expires)
        return .value(IssuedSecret(client: client.id, secret: token, expires: expires))
    }
}
