import Foundation
import GorillaShared
import Logging

extension RequestRouter {
    /// A coach's sign-up, limited per address (every attempt counts: each costs a password hash), or a client's
    /// registration with a code, held only by the address's wrong codes (``guessingCode``): code guesses never block
    /// a coach, and coaches' sign-ups never block a gym's clients.
    func signup(_ body: SignupBody, state: inout ConnectionState) async throws -> ResponsePayload {
        if let gymCode = body.gymCode {
            // A coach joining a gym as they sign up: held, like a client's code, only by the address's wrong codes.
            guard body.code == nil else { throw ServerError.invalid("code and gymCode: give one") }
            try await waitForCodeGuesses(state)
            let user = try await context.newUser(body, role: .coach, language: state.language)
            let gym = try await guessingCode(state) {
                try await context.store.registerCoach(user, gymCode: gymCode, now: now)
            }
            context.logger.info("coach signed up", metadata: ["user": "\(user.id)", "gym": "\(gym.id)"])
            return try await startSession(for: user, state: &state)
        }
        guard let code = body.code else {
            let addressKey = "signup:" + state.address
            if let wait = await context.signups.retryAfter(addressKey) {
                throw ServerError(.rateLimited, retryAfter: wait)
            }
            await context.signups.record(addressKey)
            let user = try await context.newUser(body, role: .coach, language: state.language)
            try await context.store.createUser(user)
            context.logger.info("coach signed up", metadata: ["user": "\(user.id)"])
            return try await startSession(for: user, state: &state)
        }
        // Before the password is hashed: an address that must wait costs no hash.
        try await waitForCodeGuesses(state)
        let user = try await context.newUser(body, role: .client, language: state.language)
        let account = try await context.registerClient(user, code: code, address: state.address)
        return try await startSession(for: account, state: &state)
    }

    func login(_ body: LoginBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let user = try await context.signIn(login: body.user, password: body.password, address: state.address)
        return try await startSession(for: user, state: &state)
    }

    /// Issues a token for `user` and binds the connection to it.
    func startSession(for user: UserRecord, state: inout ConnectionState) async throws -> ResponsePayload {
        if state.principal?.id != user.id { await endSubscription(&state) }
        let epoch = context.store.epochs.accounts
        let token = Tokens.make()
        let hash = Tokens.hash(token)
        let now = self.now
        let expires = now.addingTimeInterval(context.configuration.tokenLifetime)
        try await context.store.insertToken(hash: hash, userID: user.id, expires: expires)
        state.principal = user
        state.tokenHash = hash
        state.tokenChecked(epoch: epoch, expires: expires, now: now)
        return .value(SessionReply(token: token, expires: expires, profile: user.profile))
    }

    func resume(_ body: ResumeBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let hash = Tokens.hash(body.token)
        let epoch = context.store.epochs.accounts
        let now = self.now
        guard let (user, expires) = try await context.store.session(tokenHash: hash, now: now) else {
            throw ServerError.notAuthenticated
        }
        if state.principal?.id != user.id { await endSubscription(&state) }
        state.principal = user
        state.tokenHash = hash
        state.tokenChecked(epoch: epoch, expires: expires, now: now)
        return .value(SessionReply(token: "", expires: expires, profile: user.profile))
    }

    func check(state: inout ConnectionState) async throws -> ResponsePayload {
        guard let hash = state.tokenHash,
            let (user, expires) = try await context.store.session(tokenHash: hash, now: now)
        else {
            await endSubscription(&state)
            state.principal = nil
            state.tokenHash = nil
            throw ServerError.notAuthenticated
        }
        state.principal = user
        return .value(CheckReply(valid: true, expires: expires, user: user.id))
    }

    func logout(state: inout ConnectionState) async throws -> ResponsePayload {
        if let hash = state.tokenHash { try await context.store.revokeToken(hash: hash) }
        await endSubscription(&state)
        state.principal = nil
        state.tokenHash = nil
        return .none
    }

    /// `auth.logout.all`: ends every session of the account (this one, its other devices', its web sign-ins) and its
    /// calendar feed's address.
    func logoutEverywhere(state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        try await context.store.revokeTokens(userID: principal.id)
        await endSubscription(&state)
        state.principal = nil
        state.tokenHash = nil
        return .none
    }

    /// `feed.get`: the account's calendar feed address on the web door (with `reset`, a new one); 503 without a web
    /// door.
    func feed(_ body: FeedBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        guard let web = context.webAddress.url else { throw ServerError(.noWebDoor) }
        let path = try await context.store.feedPath(userID: principal.id, reset: body.reset == true)
        return .value(FeedReply(url: web + path))
    }

    func changePassword(_ body: PasswordChangeBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        guard let user = try await context.store.user(id: principal.id) else { throw ServerError.notAuthenticated }
        // A wrong old password is a failed login: the same limit, under the same key.
        let accountKey = ServerContext.accountLimitKey(user: user, login: "")
        if let wait = await context.loginFailures.retryAfter(accountKey) {
            throw ServerError(.rateLimited, retryAfter: wait)
        }
        guard try await context.passwords.verify(body.old, against: user.passwordHash) else {
            await context.loginFailures.record(accountKey)
            throw ServerError(.wrongCredentials)
        }
        await context.loginFailures.reset(accountKey)
        guard Validation.isAcceptablePassword(body.new) else { throw ServerError(.weakPassword) }
        try await context.store.setPasswordHash(userID: user.id, hash: try await context.passwords.hash(body.new))
        try await context.store.revokeTokens(userID: user.id, keeping: state.tokenHash)
        return .none
    }

    func resetPassword(_ body: PasswordResetBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let addressKey = "reset:" + state.address
        if let wait = await context.addressFailures.retryAfter(addressKey) {
            throw ServerError(.rateLimited, retryAfter: wait)
        }
        guard Validation.isAcceptablePassword(body.password) else { throw ServerError(.weakPassword) }
        let hash = try await context.passwords.hash(body.password)
        let redeemed = try await context.store.redeemResetToken(
            login: body.user, tokenHash: Tokens.hash(body.token.trimmingCharacters(in: .whitespaces)),
            newPasswordHash: hash, now: now)
        guard redeemed else {
            await context.addressFailures.record(addressKey)
            throw ServerError(.invalidResetToken)
        }
        return .none
    }
}
