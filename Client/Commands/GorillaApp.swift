import Foundation
import GorillaShared
import NIOCore

/// What a command produced: text for a person and a JSON value for `--json`.
public struct CommandOutput: Sendable {
    public var text: String
    public var json: JSONValue
    /// Lines for standard error (notes such as "offline — 2 changes queued").
    public var notes: [String] = []

    public init(text: String, json: JSONValue, notes: [String] = []) {
        self.text = text
        self.json = json
        self.notes = notes
    }
}

/// The CLI's behaviour, independent of argument parsing: one value per process.
public struct GorillaApp: Sendable {
    public let home: ClientHome
    /// Bound on connecting (the issue's ~2 s) for opportunistic syncs.
    public var connectTimeout: TimeAmount = .seconds(2)

    public init(home: ClientHome = ClientHome()) {
        self.home = home
    }

    /// The pinned server, or a `notConnected` error telling how to set one.
    func endpoint() throws -> ServerEndpoint {
        guard let server = home.loadConfig().server else {
            throw ClientError(.notConnected, "no server configured on this device; run: gorilla connect HOST:PORT")
        }
        return server
    }

    /// The logged-in session, or a `notLoggedIn` error.
    func session() throws -> StoredSession {
        guard let session = home.loadSession() else {
            throw ClientError(.notLoggedIn, "not logged in; run: gorilla login --user USERNAME (or gorilla register coach ...)")
        }
        return session
    }

    /// The local cache of the logged-in account.
    public func cache() throws -> LocalCache {
        try home.prepare()
        do {
            return try LocalCache.open(path: home.cachePath)
        } catch {
            throw ClientError(.local, "cannot open the local cache at \(home.cachePath): \(error)")
        }
    }

    /// Connects, resumes the session when there is one, and runs `body`.
    func withServer<T: Sendable>(authenticated: Bool = true, timeout: TimeAmount? = nil,
                                 _ body: @Sendable (ServerConnection) async throws -> T) async throws -> T {
        let endpoint = try endpoint()
        let session = authenticated ? try self.session() : nil
        let home = self.home
        return try await ServerConnection.withConnection(
            to: endpoint, language: session?.profile.language, connectTimeout: timeout ?? .seconds(5)
        ) { connection in
            if let session {
                do {
                    let reply = try await connection.request(Operation.resume, ResumeBody(token: session.token), as: SessionReply.self)
                    if reply.profile != session.profile {
                        try? home.saveSession(StoredSession(token: session.token, expires: reply.expires, profile: reply.profile))
                    }
                } catch let error as ClientError where error.wire?.code == .notAuthenticated {
                    home.removeSession()
                    throw ClientError(.notLoggedIn, "your session has expired or was revoked; log in again with: gorilla login --user \(session.profile.username)")
                }
            }
            return try await body(connection)
        }
    }

    /// Syncs if the server can be reached within the connect timeout; offline is not an error.
    ///
    /// Returns the notes to show: nothing when all went well, "offline — N changes queued" otherwise.
    /// - Throws: ``ClientError`` `.certificateChanged` (never degraded to "offline": the server may be an impostor).
    public func syncOpportunistically() async throws -> (SyncSummary?, [String]) {
        guard home.loadSession() != nil, home.loadConfig().server != nil, let cache = try? cache() else { return (nil, []) }
        do {
            let summary = try await withServer(timeout: connectTimeout) { connection in
                try await SyncEngine(cache: cache).sync(over: connection)
            }
            var notes: [String] = []
            notes += summary.rejected.map { "refused by the server: \($0)" }
            notes += summary.overwritten.map { "conflict: \($0)" }
            notes += summary.codes
            return (summary, notes)
        } catch let error as ClientError where error.kind == .certificateChanged {
            throw error
        } catch let error as ClientError where error.kind == .notLoggedIn {
            return (nil, [error.message])
        } catch {
            let queued = (try? cache.queuedCount()) ?? 0
            return (nil, [queued > 0 ? "offline — \(queued) change\(queued == 1 ? "" : "s") queued" : "offline — showing the local copy"])
        }
    }
}
