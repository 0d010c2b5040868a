import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import NIOCore

/// One device of a user: its own `GORILLA_HOME` (configuration, pinned certificate, session, cache)
/// driven through the services the CLI uses (`app`'s commands in `Commands/`, one device context per command).
package final class Device: Sendable {
    package static let password = "correct-horse-battery"

    package let folder: TemporaryFolder
    package let app: DeviceCommands

    package init() throws {
        folder = try TemporaryFolder("gorilla-e2e-device")
        var app = DeviceCommands(home: ClientHome(environment: ["GORILLA_HOME": folder.url.path]))
        app.deadlines = TestDeadlines.patient
        self.app = app
    }

    /// The device's `GORILLA_HOME`.
    package var home: URL { folder.url }

    /// A new device that pins the server and signs `username` up as a coach.
    package static func coach(_ username: String, on server: some RunningServer) async throws -> Device {
        let device = try Device()
        try await device.connect(to: server)
        _ = try await device.app.register(
            SignupBody(
                username: username, email: "\(username)@example.com", password: password,
                name: username.capitalized, surname: "Tester"))
        return device
    }

    /// A new device that pins the server and logs in as `username` (who signed up elsewhere).
    package static func loggedIn(_ username: String, on server: some RunningServer) async throws -> Device {
        let device = try Device()
        try await device.connect(to: server)
        _ = try await device.app.login(user: username, password: password)
        return device
    }

    /// `gorilla connect 127.0.0.1:PORT --trust`.
    package func connect(to server: some RunningServer) async throws {
        _ = try await app.connect("127.0.0.1:\(server.port)", fingerprint: nil, trust: true, confirm: { _ in false })
    }

    /// The device's local cache.
    package func cache() throws -> LocalCache { try app.cache() }

    /// `gorilla sync`, decoded.
    @discardableResult
    package func sync() async throws -> SyncSummary {
        try await app.sync().json.decode(SyncSummary.self)
    }

    /// The live entities of `kind` in the local cache.
    package func entities(_ kind: String) throws -> [CachedEntity] {
        try cache().entities(kind)
    }

    /// The names of the live entities of `kind` in the local cache, sorted.
    package func names(_ kind: String) throws -> [String] {
        try entities(kind).map(\.name).sorted()
    }

    /// The live entity of `kind` named `name` in the local cache.
    package func entity(_ kind: String, named name: String) throws -> CachedEntity? {
        try entities(kind).first { $0.name == name }
    }

    /// Opens a connection, resumes this device's session on it, and runs `body`.
    package func withConnection<T: Sendable>(_ body: @Sendable (ServerConnection) async throws -> T) async throws -> T {
        guard let endpoint = app.home.loadConfig().server, let session = app.home.loadSession() else {
            throw ClientError(.notLoggedIn, "the test device is not logged in")
        }
        return try await ServerConnection.withConnection(to: endpoint, deadlines: TestDeadlines.patient) { connection in
            _ = try await connection.request(Operation.resume, ResumeBody(token: session.token), as: SessionReply.self)
            return try await body(connection)
        }
    }

    /// One raw `sync.push` of `mutations`; the local cache is not told about the answer.
    package func push(_ mutations: [Mutation]) async throws -> [MutationResult] {
        try await withConnection { connection in
            try await connection.request(Operation.syncPush, PushBody(mutations: mutations), as: PushReply.self).results
        }
    }

    /// Every change the server shows this account, pulled from version 0 without touching the cache.
    package func pullEverything() async throws -> [Change] {
        try await withConnection { connection in
            var changes: [Change] = []
            var since: Int64 = 0
            while true {
                let page = try await connection.request(
                    Operation.syncPull, PullBody(since: since, limit: SyncLimits.maxPullLimit),
                    as: PullReply.self)
                changes += page.changes
                since = page.cursor
                if !page.more { return changes }
            }
        }
    }
}

extension Mutation {
    /// A mutation that creates a machine named `name`.
    package static func createMachine(_ name: String, id: UUID = UUID.v7()) -> Mutation {
        Mutation(id: UUID.v7(), kind: "machine", entity: id, action: .create, fields: ["name": .string(name)])
    }
}
