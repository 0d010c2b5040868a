import Foundation
import GorillaShared
import NIOConcurrencyHelpers
import NIOCore

/// The CLI's behaviour, independent of argument parsing: one value per process.
public struct GorillaApp: Sendable {
    public let home: ClientHome
    /// Deadlines of every connection: connect, handshake, each reply (`GORILLA_TIMEOUT`, `GORILLA_REPLY_TIMEOUT`).
    public var deadlines = ConnectionDeadlines.fromEnvironment()
    /// Bound on connecting for opportunistic syncs: 2 s, or `GORILLA_TIMEOUT`.
    public var connectTimeout: TimeAmount = ConnectionDeadlines.fromEnvironment(
        base: ConnectionDeadlines(connect: .seconds(2), handshake: .seconds(5), reply: .seconds(30))
    ).connect

    /// Warnings found while a command runs (a lost cache), shown before its output or error.
    private let warnings = NIOLockedValueBox<[String]>([])

    public init(home: ClientHome = ClientHome()) {
        self.home = home
    }

    /// Keeps warnings to show with the next ``takeWarnings()``.
    public func keepWarnings(_ more: [String]) {
        warnings.withLockedValue { $0 += more }
    }

    /// The warnings not shown yet; forgets them.
    public func takeWarnings() -> [String] {
        warnings.withLockedValue { pending in
            defer { pending = [] }
            return pending
        }
    }

    /// The pinned server, or a `notConnected` error telling how to set one.
    /// - Throws: ``ClientError`` `.local` when `config.json` cannot be read.
    func endpoint() throws -> ServerEndpoint {
        guard let server = try home.readConfig().server else {
            throw ClientError(.notConnected, "no server configured on this device; run: gorilla connect HOST:PORT")
        }
        return server
    }

    /// The logged-in session, or a `notLoggedIn` error.
    func session() throws -> StoredSession {
        guard let session = home.loadSession() else {
            throw ClientError(
                .notLoggedIn, "not logged in; run: gorilla login --user USERNAME (or gorilla register coach ...)")
        }
        return session
    }

    /// The local cache of the logged-in account.
    ///
    /// A cache that was deleted or emptied while an account is logged in is taken back for that account with the
    /// queued changes its outbox journal still holds, and a warning says what happened.
    public func cache() throws -> LocalCache {
        try home.prepare()
        let cache: LocalCache
        do {
            cache = try LocalCache.open(path: home.cachePath)
        } catch {
            throw ClientError(.local, "cannot open the local cache at \(home.cachePath): \(error)")
        }
        if let session = home.loadSession() {
            let recovery: LocalCache.Recovery?
            do {
                recovery = try cache.adopt(user: session.profile.id.uuidString.lowercased())
            } catch {
                throw ClientError(.local, "cannot take back the local cache at \(home.cachePath): \(error)")
            }
            if let recovery {
                warnings.withLockedValue {
                    $0.append(Self.lostCacheWarning(recovery, path: home.cachePath, user: session.profile.username))
                }
            }
        }
        return cache
    }

    static func lostCacheWarning(_ recovery: LocalCache.Recovery, path: String, user: String) -> String {
        var text =
            "warning: the local cache \(path) was missing or empty although \(user) is logged in on this device; "
            + "it is filled again from the server on the next sync. "
        if !recovery.journalFound {
            text +=
                "Its copy of the queue (\(recovery.journalName)) is missing too: changes made on this device and not synced yet are lost."
        } else if recovery.restored > 0 {
            text +=
                "\(recovery.restored) queued change\(recovery.restored == 1 ? " was" : "s were") recovered from "
                + "\(recovery.journalName) and will be pushed on the next sync (gorilla sync --status lists them)."
        } else {
            text += "No queued changes were waiting to be sent."
        }
        return text
    }

    /// Connects, resumes the session when there is one, and runs `body`.
    func withServer<T: Sendable>(
        authenticated: Bool = true, timeout: TimeAmount? = nil,
        _ body: @Sendable (ServerConnection) async throws -> T
    ) async throws -> T {
        let endpoint = try endpoint()
        let session = authenticated ? try self.session() : nil
        let home = self.home
        return try await ServerConnection.withConnection(
            to: endpoint, language: session?.profile.language, connectTimeout: timeout, deadlines: deadlines
        ) { connection in
            if let session {
                do {
                    let reply = try await connection.request(
                        Operation.resume, ResumeBody(token: session.token), as: SessionReply.self)
                    if reply.profile != session.profile {
                        try? home.saveSession(
                            StoredSession(token: session.token, expires: reply.expires, profile: reply.profile))
                    }
                } catch let error as ClientError where error.wire?.code == .notAuthenticated {
                    home.removeSession()
                    throw ClientError(
                        .notLoggedIn,
                        "your session has expired or was revoked; log in again with: gorilla login --user \(session.profile.username)"
                    )
                }
            }
            return try await body(connection)
        }
    }

    /// Syncs if the server can be reached within the deadlines; offline is not an error, and neither is a server
    /// refused for a changed certificate (nothing is sent to it).
    ///
    /// Returns the notes to show: nothing when all went well, "offline — N changes queued; why" or "server refused —
    /// …" otherwise. It never throws, so a command that queued a change before calling it never fails after queuing.
    public func syncOpportunistically() async throws -> (SyncSummary?, [String]) {
        guard home.loadSession() != nil else { return (nil, []) }
        let config: ClientConfig
        do {
            config = try home.readConfig()
        } catch {
            return (nil, ["not synced: \(GorillaClient.describe(error))"])
        }
        guard config.server != nil, let cache = try? cache() else { return (nil, []) }
        do {
            let summary = try await withServer(timeout: connectTimeout) { connection in
                try await SyncEngine(cache: cache).sync(over: connection)
            }
            var notes: [String] = []
            notes += summary.rejected.map { "refused by the server: \($0)" }
            notes += summary.overwritten.map { "conflict: \($0)" }
            notes += summary.codes
            return (summary, notes)
        } catch let error as ClientError where error.kind == .notLoggedIn {
            return (nil, [error.message])
        } catch {
            let queued = (try? cache.queuedCount()) ?? 0
            let state = queued > 0 ? "\(queued) change\(queued == 1 ? "" : "s") queued" : "showing the local copy"
            if let error = error as? ClientError, error.kind == .certificateChanged {
                return (nil, ["server refused — \(state), nothing was sent: \(error.message)"])
            }
            return (nil, ["offline — \(state); \(GorillaClient.describe(error))"])
        }
    }
}
