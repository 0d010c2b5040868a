import Foundation
import GorillaShared
import Logging

extension RequestRouter {
    /// Code attempts are limited per address; every attempt counts, so guessing is slow as well as hopeless.
    private func limitCodeAttempts(_ state: ConnectionState) async throws {
        let key = "code:" + state.address
        if let wait = await context.codeAttempts.retryAfter(key) {
            throw ServerError(.rateLimited, retryAfter: wait)
        }
        await context.codeAttempts.record(key)
    }

    func registerClient(_ user: UserRecord, code: String, state: inout ConnectionState) async throws -> UserRecord {
        try await limitCodeAttempts(state)
        let account = try await context.store.registerClient(user, code: code)
        context.logger.info(
            "client registered",
            metadata: ["user": "\(account.id)", "coach": "\(account.coachID.map { "\($0)" } ?? "")"])
        return account
    }

    func checkCode(_ body: CodeCheckBody, state: inout ConnectionState) async throws -> ResponsePayload {
        try await limitCodeAttempts(state)
        let grant = try await context.store.checkCode(body.code)
        return .value(CodeCheckReply(name: grant.name, surname: grant.surname, expires: grant.expires))
    }

    func newCode(_ body: ClientBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        guard principal.role == .coach else { throw ServerError.forbidden }
        let (code, expires) = try await context.store.newRegistrationCode(
            coach: principal, clientID: body.client, lifetime: context.configuration.registrationCodeLifetime)
        return .value(IssuedSecret(client: body.client, secret: code, expires: expires))
    }

    func clientResetToken(_ body: ClientBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        guard principal.role == .coach else { throw ServerError.forbidden }
        let client = try await context.store.ownClientAccount(coach: principal, clientID: body.client)
        let token = Tokens.make()
        let expires = Date().addingTimeInterval(context.configuration.resetTokenLifetime)
        try await context.store.insertResetToken(hash: Tokens.hash(token), userID: client.id, expires: expires)
        return .value(IssuedSecret(client: client.id, secret: token, expires: expires))
    }
}
