import Foundation
import GorillaShared
import Logging

extension RequestRouter {
    /// Refuses (113, with the seconds left) while the connection's address waits after wrong codes
    /// (``ServerContext/waitForCodeGuesses(address:)``).
    func waitForCodeGuesses(_ state: ConnectionState) async throws {
        try await context.waitForCodeGuesses(address: state.address)
    }

    /// ``ServerContext/guessingCode(address:spends:_:)`` for the connection's address.
    func guessingCode<T>(
        _ state: ConnectionState, spends: Bool = true, _ attempt: () async throws -> T
    ) async throws -> T {
        try await context.guessingCode(address: state.address, spends: spends, attempt)
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
        return .value(
            IssuedSecret(
                client: body.client, secret: code, expires: expires,
                link: context.webAddress.url.map { "\($0)/join/\(code)" }))
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
