import Foundation
import GorillaShared
import NIOConcurrencyHelpers
import NIOCore

/// What one process of the CLI shares: the device's folders, its configuration, the logged-in session, one local
/// cache, and a connection opened when a command first needs the server.
///
/// The services (``MachineService``, ``SyncService``, …) take it and return typed results; presenters turn those
/// into text. Notes that a command's syncs produce ("offline — 2 changes queued") and warnings (a lost cache) are
/// gathered here and shown by the caller once the command ends.
///
/// - Important: one context per process (or per test device); it is `Sendable` and its state is behind a lock.
package final class DeviceContext: Sendable {
    package let home: ClientHome
    /// Deadlines of every connection: 10 s of silence at each step, or `GORILLA_TIMEOUT`.
    package let deadlines: ConnectionDeadlines
    /// Bound on connecting for opportunistic syncs: 2 s, or `GORILLA_TIMEOUT`.
    package let connectTimeout: TimeAmount

    private struct State {
        var config: ClientConfig?
        /// The session as last read or saved (`.some(nil)`: read, and there is none).
        var session: StoredSession??
        var cache: LocalCache?
        var warnings: [String] = []
        var notes: [String] = []
        /// Open ``command(_:)`` scopes; the held connection closes when the last one ends.
        var commands = 0
        /// The language asked for with `--language`, over the account's.
        var language: Language?
        /// The mark that the server did not answer, as last read or saved (`.some(nil)`: there is none).
        var silentMark: SilentServerMark??
    }

    private let state = NIOLockedValueBox(State())
    let held = HeldConnection()
    /// Progress and quiet: what the command says beside its result.
    package let side = SideOutput()

    package init(home: ClientHome = ClientHome(), deadlines: ConnectionDeadlines = .fromEnvironment()) {
        self.home = home
        self.deadlines = deadlines
        self.connectTimeout =
            ConnectionDeadlines.fromEnvironment(
                base: ConnectionDeadlines(connect: .seconds(2), handshake: .seconds(5), reply: .seconds(30))
            ).connect
    }

    // MARK: Configuration and session

    /// The device's configuration, read once.
    /// - Throws: ``ClientError`` `.local` when `config.json` cannot be read.
    package func config() throws -> ClientConfig {
        if let config = state.withLockedValue({ $0.config }) { return config }
        let config = try home.readConfig()
        state.withLockedValue { $0.config = config }
        return config
    }

    /// Saves the configuration and keeps it as this process's copy.
    package func saveConfig(_ config: ClientConfig) throws {
        try home.saveConfig(config)
        state.withLockedValue { $0.config = config }
    }

    /// The pinned server, or a `notConnected` error telling how to set one.
    package func endpoint() throws -> ServerEndpoint {
        guard let server = try config().server else {
            throw ClientError(.notConnected, AccountPhrases.noServerConfigured.t())
        }
        return server
    }

    /// The stored session, read once; nil when nobody is logged in.
    package func storedSession() -> StoredSession? {
        if let session = state.withLockedValue({ $0.session }) { return session }
        let session = home.loadSession()
        state.withLockedValue { $0.session = .some(session) }
        return session
    }

    /// The logged-in session, or a `notLoggedIn` error.
    package func session() throws -> StoredSession {
        guard let session = storedSession() else {
            throw ClientError(.notLoggedIn, AccountPhrases.notLoggedIn.t())
        }
        return session
    }

    /// Saves a new or refreshed session.
    package func saveSession(_ session: StoredSession) throws {
        try home.saveSession(session)
        state.withLockedValue { $0.session = .some(session) }
    }

    /// The account's profile from the server (`profile.get`), kept in the stored session: a client's coaches, among
    /// others, are what the server says now.
    package func fetchProfile(timeout: TimeAmount? = nil) async throws -> Profile {
        let profile = try await withServer(timeout: timeout) { connection in
            try await connection.request(Operation.profileGet, Empty(), as: Profile.self)
        }
        try keepProfile(profile)
        return profile
    }

    /// Keeps the server's copy of the profile in the stored session.
    package func keepProfile(_ profile: Profile) throws {
        if var session = storedSession() {
            session.profile = profile
            try saveSession(session)
        }
    }

    /// Forgets the session on this device; the command goes on speaking the account's language (`gorilla logout`
    /// says it is done in it).
    package func removeSession() {
        let language = storedSession()?.profile.language
        home.removeSession()
        state.withLockedValue { state in
            state.session = .some(nil)
            if state.language == nil { state.language = language }
        }
    }

    /// The logged-in account's role, if any.
    package var role: Role? { storedSession()?.profile.role }

    // MARK: Language

    /// The language this device speaks in: `--language`'s, else the account's, else `GORILLA_LANGUAGE`'s, else the
    /// system locale's (``GorillaShared/Language/fromEnvironment(_:)``), else English.
    package var language: Language {
        state.withLockedValue { $0.language } ?? storedSession()?.profile.language ?? Language.fromEnvironment()
    }

    /// Speaks `language` whatever the account's (`--language`).
    package func speak(_ language: Language) {
        state.withLockedValue { $0.language = language }
    }

    /// Runs `body` with texts written in this device's language (``GorillaShared/Language/current``).
    package func speaking<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        try await Language.$current.withValue(language, operation: body, isolation: isolation)
    }

    // MARK: The local cache

    /// The local cache, opened once per process.
    ///
    /// A cache that was deleted or emptied while an account is logged in is taken back for that account with the
    /// queued changes its outbox journal still holds, and a warning says what happened.
    package func cache() throws -> LocalCache {
        if let cache = state.withLockedValue({ $0.cache }) { return cache }
        try home.prepare()
        let cache: LocalCache
        do {
            cache = try LocalCache.open(path: home.cachePath)
        } catch {
            throw ClientError(.local, AccountPhrases.cannotOpenCache.t(["path": home.cachePath, "error": "\(error)"]))
        }
        if let session = storedSession() {
            let recovery: LocalCache.Recovery?
            do {
                recovery = try cache.adopt(user: session.profile.id.key)
            } catch {
                throw ClientError(
                    .local, AccountPhrases.cannotTakeBackCache.t(["path": home.cachePath, "error": "\(error)"]))
            }
            if let recovery {
                warn(Self.lostCacheWarning(recovery, path: home.cachePath, user: session.profile.username))
            }
        }
        return state.withLockedValue { state in
            if let opened = state.cache { return opened }
            state.cache = cache
            return cache
        }
    }

    /// Forgets the opened cache (after the account changed); the next ``cache()`` opens it again.
    func reopenCache() {
        state.withLockedValue { $0.cache = nil }
    }

    static func lostCacheWarning(_ recovery: LocalCache.Recovery, path: String, user: String) -> String {
        let text = AccountPhrases.lostCacheWarning.t(["path": path, "user": user])
        let journal = recovery.journalName
        if !recovery.journalFound {
            return text + AccountPhrases.lostCacheJournalMissing.t(["journal": journal])
        } else if recovery.restored > 0 {
            return text + AccountPhrases.lostCacheRecovered.t(["count": recovery.restored, "journal": journal])
        } else {
            return text + AccountPhrases.lostCacheNothingQueued.t()
        }
    }

    // MARK: Notes and warnings

    /// Adds a warning to show before the command's output or error (a lost cache).
    func warn(_ warning: String) {
        state.withLockedValue { $0.warnings.append(warning) }
    }

    /// The warnings not shown yet; forgets them.
    package func takeWarnings() -> [String] {
        state.withLockedValue { state in
            defer { state.warnings = [] }
            return state.warnings
        }
    }

    /// Adds notes to show beside the command's output (offline, conflicts, refusals).
    package func note(_ notes: [String]) {
        guard !notes.isEmpty else { return }
        state.withLockedValue { $0.notes += notes }
    }

    /// The notes not shown yet, chatter left out under `--quiet` (``SideOutput``); forgets them.
    package func takeNotes() -> [String] {
        side.shown(
            state.withLockedValue { state in
                defer { state.notes = [] }
                return state.notes
            })
    }

    // MARK: Commands and the connection

    /// Runs one command: the connection it opens (if any) is shared by every step of it and closed at its end.
    package func command<T>(_ body: () async throws -> T) async throws -> T {
        state.withLockedValue { $0.commands += 1 }
        do {
            let result = try await body()
            await endCommand()
            return result
        } catch {
            await endCommand()
            throw error
        }
    }

    private func endCommand() async {
        let last = state.withLockedValue { state -> Bool in
            state.commands -= 1
            return state.commands == 0
        }
        if last { await held.close() }
    }

    /// Connects (or reuses this command's connection), resumes the session when there is one, and runs `body`.
    ///
    /// Inside a ``command(_:)`` an authenticated connection is opened once and kept for the command's later steps;
    /// outside one, for an unauthenticated exchange, or with `ownConnection` (a view that reconnects by itself, such
    /// as the chat), the connection lasts for `body` only.
    ///
    /// While the server is marked silent (``SilentServerMark``) it fails at once, without trying, unless
    /// `evenIfSilent` (`gorilla sync`), the exchange is unauthenticated (`login`, `register`) or the connection is a
    /// live view's own. A server that sends nothing within the deadlines marks it; one that answers clears it.
    package func withServer<T: Sendable>(
        authenticated: Bool = true, timeout: TimeAmount? = nil, ownConnection: Bool = false,
        evenIfSilent: Bool = false, _ body: @Sendable (ServerConnection) async throws -> T
    ) async throws -> T {
        let endpoint = try endpoint()
        let address = "\(endpoint.host):\(endpoint.port)"
        if !(evenIfSilent || ownConnection || !authenticated), let mark = silentMark(address) {
            throw mark.error()
        }
        do {
            return try await connected(
                to: endpoint, authenticated: authenticated, timeout: timeout, ownConnection: ownConnection, body)
        } catch let error as ClientError where error.serverWasSilent {
            markSilent(address)
            throw error
        }
    }

    private func connected<T: Sendable>(
        to endpoint: ServerEndpoint, authenticated: Bool, timeout: TimeAmount?, ownConnection: Bool,
        _ body: @Sendable (ServerConnection) async throws -> T
    ) async throws -> T {
        let session = authenticated ? try self.session() : nil
        let inCommand = state.withLockedValue { $0.commands > 0 }
        // The server writes its refusals in the command's language: `--language`, else the account's.
        let language = self.language
        guard let session, inCommand, !ownConnection else {
            return try await ServerConnection.withConnection(
                to: endpoint, language: language, connectTimeout: timeout, deadlines: deadlines
            ) { connection in
                serverAnswered()
                if let session { try await resume(session, on: connection) }
                return try await body(connection)
            }
        }
        let connection = try await held.connection { ready in
            try await ServerConnection.withConnection(
                to: endpoint, language: language, connectTimeout: timeout, deadlines: self.deadlines
            ) { connection in
                self.serverAnswered()
                try await self.resume(session, on: connection)
                try await ready(connection)
            }
        }
        do {
            return try await body(connection)
        } catch let error as ClientError where error.kind != .server {
            // The connection itself failed: the next step opens a new one.
            await held.discard(connection)
            throw error
        }
    }

    /// `auth.resume` with the stored token; keeps a changed profile; an expired or revoked token logs out.
    private func resume(_ session: StoredSession, on connection: ServerConnection) async throws {
        do {
            let reply = try await connection.request(
                Operation.resume, ResumeBody(token: session.token), as: SessionReply.self)
            if reply.profile != session.profile {
                try? saveSession(StoredSession(token: session.token, expires: reply.expires, profile: reply.profile))
            }
        } catch let error as ClientError where error.wire?.code == .notAuthenticated {
            removeSession()
            throw ClientError(
                .notLoggedIn, AccountPhrases.sessionExpired.t(["user": session.profile.username]))
        }
    }
}

extension DeviceContext {
    /// The mark that the server at `address` did not answer, while it holds.
    func silentMark(_ address: String) -> SilentServerMark? {
        let known = state.withLockedValue { $0.silentMark }
        let mark = known ?? SilentServerMark.load(from: home, address: address)
        if known == nil { state.withLockedValue { $0.silentMark = .some(mark) } }
        guard let mark, mark.address == address, mark.age(at: Date()) != nil else { return nil }
        return mark
    }

    /// Remembers that the server at `address` sent nothing within the deadlines (this process and the next ones).
    func markSilent(_ address: String) {
        let mark = SilentServerMark(address: address, at: Date())
        mark.save(in: home)
        state.withLockedValue { $0.silentMark = .some(mark) }
    }

    /// The server answered `hello`: forgets any mark that it did not.
    func serverAnswered() {
        let known = state.withLockedValue { state -> Bool in
            defer { state.silentMark = .some(nil) }
            return state.silentMark == .some(nil)
        }
        if !known { SilentServerMark.clear(in: home) }
    }
}
