import Crypto
import Foundation
import GorillaShared
import GorillaTransport
import NIOConcurrencyHelpers

extension GorillaApp {
    /// `gorilla connect HOST:PORT`: pins the server's certificate (trust on first use, `--trust`, or `--fingerprint`).
    ///
    /// - Parameter confirm: Asked with the fingerprint when neither `trust` nor `fingerprint` is given.
    public func connect(
        _ address: String, fingerprint: String?, trust: Bool,
        confirm: @Sendable (String) -> Bool
    ) async throws -> CommandOutput {
        guard var endpoint = ServerEndpoint.parse(address) else {
            throw ClientError(.usage, "'\(address)' is not HOST:PORT")
        }
        var pinned: String?
        if let fingerprint {
            guard let normalized = Fingerprint.normalize(fingerprint) else {
                throw ClientError(.usage, "--fingerprint must be 64 hex digits (colons allowed)")
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
            throw ClientError(
                .certificateChanged,
                "the server's certificate \(seen.withLockedValue { $0 } ?? "?") does not match --fingerprint \(pinned ?? "")"
            )
        }
        guard let presented = seen.withLockedValue({ $0 }) else {
            throw ClientError(.protocolError, "the server presented no certificate")
        }
        let previous = home.loadConfig().server
        if pinned == nil && !trust {
            if previous?.fingerprint == presented {
                // Already trusted (the same server, perhaps at another address): nothing to ask.
            } else if !confirm(presented) {
                throw ClientError(.usage, "not connected: the certificate was not trusted")
            }
        }
        endpoint.fingerprint = presented
        var config = home.loadConfig()
        config.server = endpoint
        try home.saveConfig(config)
        var moved = ""
        if let previous, previous.fingerprint != presented {
            // Another server (the certificate is its identity): the old session and cache belong to it.
            home.removeSession()
        } else if let previous, previous.host != endpoint.host || previous.port != endpoint.port {
            // The same server at a new address: the session stays valid.
            moved = "\nSame server as \(previous.host):\(previous.port) (same certificate): the login is kept."
        }
        return CommandOutput(
            text: "Connected to \(endpoint.host):\(endpoint.port)\nCertificate SHA-256: \(presented) (pinned)" + moved,
            json: [
                "host": .string(endpoint.host), "port": .number(Double(endpoint.port)),
                "fingerprint": .string(presented),
            ])
    }

    /// `gorilla register coach` (no code) or `gorilla register client --code` : signs up and logs in.
    public func register(_ body: SignupBody) async throws -> CommandOutput {
        if let code = body.code, RegistrationCode.normalize(code) == nil {
            throw ClientError(.usage, "the registration code looks like XXXX-XXXX (letters and digits)")
        }
        var body = body
        body.code = body.code.flatMap(RegistrationCode.normalize)
        let signup = body
        let reply = try await withServer(authenticated: false) { connection in
            try await connection.request(Operation.signup, signup, as: SessionReply.self)
        }
        try startSession(reply)
        let (_, notes) = try await syncOpportunistically()
        let role = reply.profile.role == .coach ? "coach" : "client"
        return CommandOutput(
            text: "Registered and logged in as \(reply.profile.username) (\(role)).",
            json: try JSONValue.encode(reply.profile), notes: notes)
    }

    /// `gorilla login`.
    public func login(user: String, password: String) async throws -> CommandOutput {
        let reply = try await withServer(authenticated: false) { connection in
            try await connection.request(
                Operation.login, LoginBody(user: user, password: password), as: SessionReply.self)
        }
        try startSession(reply)
        let (_, notes) = try await syncOpportunistically()
        return CommandOutput(
            text: "Logged in as \(reply.profile.username) (\(reply.profile.name) \(reply.profile.surname)).",
            json: try JSONValue.encode(reply.profile), notes: notes)
    }

    /// Saves the token and makes sure the cache belongs to this account.
    func startSession(_ reply: SessionReply) throws {
        let cache = try cache()
        let owner = try cache.meta("user")
        if let owner, owner != reply.profile.id.uuidString.lowercased() {
            let queued = try cache.queuedCount()
            if queued > 0 {
                throw ClientError(
                    .local,
                    "\(queued) queued change(s) of another account are still on this device; log in as that account and run gorilla sync first"
                )
            }
            try cache.reset()
        }
        try cache.setMeta("user", reply.profile.id.uuidString.lowercased())
        try? cache.ensureJournal()
        try home.saveSession(StoredSession(token: reply.token, expires: reply.expires, profile: reply.profile))
    }

    /// `gorilla logout`: revokes the token on the server (when reachable) and forgets it here.
    public func logout() async throws -> CommandOutput {
        let session = try session()
        var notes: [String] = []
        do {
            try await withServer(timeout: connectTimeout) { connection in
                try await connection.send(Operation.logout, Empty())
            }
        } catch let error as ClientError where error.kind == .notLoggedIn {
            // Already revoked on the server.
        } catch let error as ClientError where error.kind == .certificateChanged {
            notes.append(
                "server refused — the session was forgotten here but not revoked on the server: \(error.message)")
        } catch {
            notes.append("offline — the session was forgotten here but could not be revoked on the server")
        }
        home.removeSession()
        let queued = (try? cache().queuedCount()) ?? 0
        if queued > 0 { notes.append("\(queued) queued change(s) stay on this device until you log in again") }
        return CommandOutput(text: "Logged out \(session.profile.username).", json: ["loggedOut": true], notes: notes)
    }

    /// `gorilla whoami`: the account, from the server when reachable, else from this device.
    public func whoami() async throws -> CommandOutput {
        var profile = try session().profile
        var notes: [String] = []
        do {
            profile = try await withServer(timeout: connectTimeout) { connection in
                try await connection.request(Operation.profileGet, Empty(), as: Profile.self)
            }
        } catch let error as ClientError where error.kind == .notLoggedIn {
            throw error
        } catch let error as ClientError where error.kind == .certificateChanged {
            notes.append(
                "server refused — showing the account saved on this device, nothing was sent: \(error.message)")
        } catch {
            notes.append("offline — showing the account saved on this device; \(GorillaClient.describe(error))")
        }
        let endpoint = home.loadConfig().server
        let text = """
            \(profile.username) (\(profile.role.rawValue)) — \(profile.name) \(profile.surname) <\(profile.email)>
            server: \(endpoint.map { "\($0.host):\($0.port)" } ?? "none")
            """
        return CommandOutput(text: text, json: try JSONValue.encode(profile), notes: notes)
    }

    /// `gorilla profile show`.
    public func profileShow() async throws -> CommandOutput {
        let profile = try await withServer { connection in
            try await connection.request(Operation.profileGet, Empty(), as: Profile.self)
        }
        try refreshSessionProfile(profile)
        return CommandOutput(text: Self.describe(profile), json: try JSONValue.encode(profile))
    }

    /// `gorilla profile edit`: changes the given fields; `photo` is a PNG or JPEG file to upload.
    public func profileEdit(_ update: ProfileUpdateBody, photoFile: String?) async throws -> CommandOutput {
        let photo = try photoFile.map(MediaTransfer.readImage)
        let profile = try await withServer { connection in
            var update = update
            if let photo {
                update.photo = try await MediaTransfer.upload(photo, over: connection)
            }
            return try await connection.request(Operation.profileUpdate, update, as: Profile.self)
        }
        try refreshSessionProfile(profile)
        return CommandOutput(text: "Profile updated.\n" + Self.describe(profile), json: try JSONValue.encode(profile))
    }

    func refreshSessionProfile(_ profile: Profile) throws {
        if var session = home.loadSession() {
            session.profile = profile
            try home.saveSession(session)
        }
    }

    static func describe(_ profile: Profile) -> String {
        var lines = [
            "username: \(profile.username)",
            "role:     \(profile.role.rawValue)",
            "name:     \(profile.name) \(profile.surname)",
            "email:    \(profile.email)",
            "language: \(profile.language.rawValue)",
        ]
        if let nif = profile.nif { lines.append("NIF:      \(nif)") }
        if let photo = profile.photo { lines.append("photo:    \(photo.prefix(12))…") }
        lines.append("since:    \(ISOTime.format(profile.created).prefix(10))")
        return lines.joined(separator: "\n")
    }

    /// `gorilla password change`.
    public func changePassword(old: String, new: String) async throws -> CommandOutput {
        guard Validation.isAcceptablePassword(new) else {
            throw ClientError(
                .usage, "the new password must have at least \(Validation.minimumPasswordLength) characters")
        }
        try await withServer { connection in
            try await connection.send(Operation.passwordChange, PasswordChangeBody(old: old, new: new))
        }
        return CommandOutput(
            text: "Password changed; your other devices have been logged out.", json: ["changed": true])
    }

    /// `gorilla password reset --user U --token T`.
    public func resetPassword(user: String, token: String, password: String) async throws -> CommandOutput {
        guard Validation.isAcceptablePassword(password) else {
            throw ClientError(
                .usage, "the new password must have at least \(Validation.minimumPasswordLength) characters")
        }
        try await withServer(authenticated: false) { connection in
            try await connection.send(
                Operation.passwordReset, PasswordResetBody(user: user, token: token, password: password))
        }
        return CommandOutput(text: "Password reset. Log in with: gorilla login --user \(user)", json: ["reset": true])
    }
}
