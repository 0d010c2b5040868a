import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal
import GorillaTransport
import NIOConcurrencyHelpers

/// The account on this device: pinning a server, signing up, logging in and out, the profile and the password
/// (`gorilla connect|register|login|logout|whoami|profile|password`).
package struct AccountService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla connect HOST:PORT`: pins the server's certificate (trust on first use, `--trust`, or `--fingerprint`).
    ///
    /// - Parameter confirm: Asked with the fingerprint when neither `trust` nor `fingerprint` is given.
    package func connect(
        _ address: String, fingerprint: String?, trust: Bool, confirm: @Sendable (String) -> Bool
    ) async throws -> ServerPinned {
        guard var endpoint = ServerEndpoint.parse(address) else {
            throw ClientError(.usage, AccountPhrases.notHostPort.t(["address": address]))
        }
        var pinned: String?
        if let fingerprint {
            guard let normalized = Fingerprint.normalize(fingerprint) else {
                throw ClientError(.usage, AccountPhrases.fingerprintFormat.t())
            }
            pinned = normalized
        }
        endpoint.fingerprint = pinned
        let seen = NIOLockedValueBox<String?>(nil)
        do {
            try await ServerConnection.withConnection(
                to: endpoint, onFingerprint: { fp in seen.withLockedValue { $0 = fp } }
            ) { _ in }
        } catch let error as ClientError where error.kind == .certificateChanged {
            let presented = seen.withLockedValue { $0 } ?? "?"
            throw ClientError(
                .certificateChanged,
                AccountPhrases.fingerprintMismatch.t(["presented": presented, "pinned": pinned ?? ""]))
        }
        guard let presented = seen.withLockedValue({ $0 }) else {
            throw ClientError(.protocolError, AccountPhrases.noCertificate.t())
        }
        // An unreadable configuration is replaced, as connecting is the way to repair it.
        var config = (try? context.config()) ?? ClientConfig()
        let previous = config.server
        // Already trusted (the same server, perhaps at another address): nothing to ask.
        if pinned == nil && !trust && previous?.fingerprint != presented && !confirm(presented) {
            throw ClientError(.usage, AccountPhrases.certificateNotTrusted.t())
        }
        endpoint.fingerprint = presented
        config.server = endpoint
        try context.saveConfig(config)
        var movedFrom: ServerEndpoint?
        if let previous, previous.fingerprint != presented {
            // Another server (the certificate is its identity): the old session and cache belong to it.
            context.removeSession()
        } else if let previous, previous.host != endpoint.host || previous.port != endpoint.port {
            // The same server at a new address: the session stays valid.
            movedFrom = previous
        }
        return ServerPinned(server: endpoint, fingerprint: presented, movedFrom: movedFrom)
    }

    /// `gorilla register coach` (no code) or `gorilla register client --code`: signs up and logs in.
    package func register(_ body: SignupBody) async throws -> SignedIn {
        if let code = body.code, RegistrationCode.normalize(code) == nil {
            throw ClientError(.usage, AccountPhrases.registrationCodeFormat.t())
        }
        if let code = body.gymCode, RegistrationCode.normalize(code) == nil {
            throw ClientError(.usage, GymPhrases.codeFormat.t())
        }
        var signup = body
        signup.code = body.code.flatMap(RegistrationCode.normalize)
        signup.gymCode = body.gymCode.flatMap(RegistrationCode.normalize)
        let request = signup
        let reply: SessionReply
        do {
            reply = try await context.withServer(authenticated: false) { connection in
                try await connection.request(Operation.signup, request, as: SessionReply.self)
            }
        } catch let error as ClientError
            where error.wire?.code == .missingFields && body.code != nil && (body.name == nil || body.surname == nil)
        {
            throw error.noting(AccountPhrases.coachDidNotEnterName.t())
        }
        try startSession(reply)
        await syncInAccountLanguage()
        return SignedIn(profile: reply.profile, registered: true)
    }

    /// `gorilla login`.
    package func login(user: String, password: String) async throws -> SignedIn {
        let reply = try await context.withServer(authenticated: false) { connection in
            try await connection.request(
                Operation.login, LoginBody(user: user, password: password), as: SessionReply.self)
        }
        try startSession(reply)
        await syncInAccountLanguage()
        return SignedIn(profile: reply.profile, registered: false)
    }

    /// The first sync of an account just logged in, its notes written in the account's language (unless the command
    /// asked for another with `--language`): the command started before the account was known.
    private func syncInAccountLanguage() async {
        _ = await context.speaking { await context.syncOpportunistically() }
    }

    /// Saves the token and makes sure the cache belongs to this account.
    private func startSession(_ reply: SessionReply) throws {
        let cache = try context.cache()
        let account = reply.profile.id.key
        if let owner = try cache.meta("user"), owner != account {
            let queued = try cache.queuedCount()
            if queued > 0 {
                throw ClientError(.local, AccountPhrases.otherAccountQueued.t(["count": queued]))
            }
            try cache.reset()
        }
        try cache.setMeta("user", account)
        try? cache.ensureJournal()
        try context.saveSession(StoredSession(token: reply.token, expires: reply.expires, profile: reply.profile))
    }

    /// `gorilla logout --all`: ends every session of the account on the server (this device's, its other devices',
    /// its web sign-ins) and its calendar feed's address, then forgets the session here. It needs the server: when
    /// it cannot be reached nothing changes, here or there.
    package func logoutEverywhere() async throws -> LoggedOut {
        let session = try context.session()
        try await context.withServer(timeout: context.connectTimeout, evenIfSilent: true) { connection in
            try await connection.send(Operation.logoutAll, Empty())
        }
        context.removeSession()
        let queued = (try? context.cache().queuedCount()) ?? 0
        return LoggedOut(username: session.profile.username, revocation: .reached, queued: queued, everywhere: true)
    }

    /// `gorilla feed [--reset]`: the address of the account's calendar feed, which calendar apps subscribe to; with
    /// `reset` a new one, and the old one stops answering.
    package func feed(reset: Bool) async throws -> FeedAddress {
        let reply = try await context.withServer { connection in
            try await connection.request(Operation.feedGet, FeedBody(reset: reset ? true : nil), as: FeedReply.self)
        }
        return FeedAddress(url: reply.url, reset: reset)
    }

    /// `gorilla logout`: revokes the token on the server (when reachable) and forgets it here.
    package func logout() async throws -> LoggedOut {
        let session = try context.session()
        var revocation = ServerReach.reached
        do {
            // Revoking the token is worth a wait even when the server did not answer a moment ago.
            try await context.withServer(timeout: context.connectTimeout, evenIfSilent: true) { connection in
                try await connection.send(Operation.logout, Empty())
            }
        } catch let error as ClientError where error.kind == .notLoggedIn {
            // Already revoked on the server.
        } catch {
            revocation = ServerReach(error)
        }
        context.removeSession()
        let queued = (try? context.cache().queuedCount()) ?? 0
        return LoggedOut(username: session.profile.username, revocation: revocation, queued: queued)
    }

    /// `gorilla whoami`: the account, from the server when reachable, else from this device.
    package func whoami() async throws -> AccountSummary {
        var profile = try context.session().profile
        var source = ServerReach.reached
        do {
            profile = try await context.fetchProfile(timeout: context.connectTimeout)
        } catch let error as ClientError where error.kind == .notLoggedIn {
            throw error
        } catch {
            source = ServerReach(error)
        }
        return AccountSummary(profile: profile, server: (try? context.config())?.server, source: source)
    }

    /// `gorilla profile show [--save-photo FILE [--force]]`: with `savePhoto`, the account's photo is written there.
    /// - Throws: ``ClientError`` `.notFound` when the account has no photo to save.
    package func profile(savePhoto: PhotoFile? = nil) async throws -> ProfileDetail {
        let profile = try await context.fetchProfile()
        if let savePhoto {
            guard let photo = profile.photo else {
                throw ClientError(.notFound, SettingsPhrases.accountHasNoPhoto.t())
            }
            try await savePhoto.save(photo, context: context)
        }
        return ProfileDetail(profile: profile, updated: false, savedPhoto: savePhoto?.path)
    }

    /// `gorilla profile edit`: changes the given fields; `photoFile` is a PNG or JPEG file to upload.
    /// - Throws: ``ClientError`` `.usage` for a reminder outside ``GorillaShared/Profile/reminderRange``.
    package func editProfile(_ update: ProfileUpdateBody, photoFile: String?) async throws -> ProfileDetail {
        if let reminder = update.reminder, !Profile.reminderRange.contains(reminder) {
            throw ClientError(.usage, ReminderTime.rangeProblem(option: "--reminder", given: "\(reminder)"))
        }
        let photo = try photoFile.map(MediaTransfer.readImage)
        let profile = try await context.withServer { connection in
            var update = update
            if let photo {
                update.photo = try await MediaTransfer.upload(photo, over: connection)
            }
            return try await connection.request(Operation.profileUpdate, update, as: Profile.self)
        }
        try context.keepProfile(profile)
        return ProfileDetail(profile: profile, updated: true)
    }

    /// `gorilla password change`: logs out the account's other devices.
    package func changePassword(old: String, new: String) async throws -> PasswordUpdated {
        try Self.checkNewPassword(new)
        try await context.withServer { connection in
            try await connection.send(Operation.passwordChange, PasswordChangeBody(old: old, new: new))
        }
        return .changed
    }

    /// `gorilla password reset --user U --token T`.
    package func resetPassword(user: String, token: String, password: String) async throws -> PasswordUpdated {
        try Self.checkNewPassword(password)
        try await context.withServer(authenticated: false) { connection in
            try await connection.send(
                Operation.passwordReset, PasswordResetBody(user: user, token: token, password: password))
        }
        return .reset(user: user)
    }

    private static func checkNewPassword(_ password: String) throws {
        guard Validation.isAcceptablePassword(password) else {
            throw ClientError(
                .usage, AccountPhrases.newPasswordTooShort.t(["count": Validation.minimumPasswordLength]))
        }
    }
}
