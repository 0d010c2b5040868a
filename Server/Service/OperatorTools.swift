import Foundation
import GorillaShared

/// The operator's commands, run on the server's machine against its data folder.
package struct OperatorTools: Sendable {
    let store: ServerStore
    let configuration: ServerConfiguration

    package init(dataDirectory: URL) throws {
        let path = dataDirectory.appendingPathComponent("gorilla.sqlite").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw OperatorError(message: "no GorillaCoach database in \(dataDirectory.path) (use --data DIR)")
        }
        self.configuration = ServerConfiguration(dataDirectory: dataDirectory)
        self.store = try ServerStore.open(path: path)
    }

    /// The tools on the PostgreSQL database `database`, or else on the SQLite database in `dataDirectory`.
    package static func open(dataDirectory: URL, database: PostgresLocation?) async throws -> OperatorTools {
        guard let database else { return try OperatorTools(dataDirectory: dataDirectory) }
        do {
            return OperatorTools(
                store: try await ServerStore.open(postgres: database, connections: 2),
                configuration: ServerConfiguration(dataDirectory: dataDirectory))
        } catch {
            throw OperatorError(
                message: "cannot use the database \(database.description): \(StartupError.describe(error))")
        }
    }

    init(store: ServerStore, configuration: ServerConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    /// The accounts as a table or JSON.
    package func listUsers(json: Bool) async throws -> String {
        let users = try await store.allUsers()
        if json {
            let profiles = users.map(\.profile)
            return String(decoding: try WireCoding.encoder.encode(profiles), as: UTF8.self)
        }
        if users.isEmpty { return "No accounts yet. Coaches sign up with: gorilla register coach ..." }
        var lines = ["ROLE    USERNAME             EMAIL                          NAME                      CREATED"]
        for user in users {
            let name = "\(user.name) \(user.surname)" + (user.disabled ? " (removed)" : "")
            lines.append(
                user.role.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + user.username.padding(toLength: 21, withPad: " ", startingAt: 0)
                    + user.email.padding(toLength: 31, withPad: " ", startingAt: 0)
                    + name.padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(ISOTime.format(user.created).prefix(10)))
        }
        return lines.joined(separator: "\n")
    }

    /// Issues a reset token for the account named `login` and returns the text to print.
    package func issueResetToken(for login: String) async throws -> String {
        guard let user = try await store.user(login: login) else {
            throw OperatorError(message: "no account named '\(login)'")
        }
        let token = Tokens.make()
        let expires = configuration.clock.now.addingTimeInterval(configuration.resetTokenLifetime)
        try await store.insertResetToken(hash: Tokens.hash(token), userID: user.id, expires: expires)
        return """
            Reset token for \(user.username) (valid until \(ISOTime.format(expires))):
            \(token)
            Redeem it with: gorilla password reset --user \(user.username) --token \(token)
            """
    }
}

extension OperatorTools {
    /// `news add`: publishes to all users, coaches or clients.
    package func addNews(_ text: String, audience: String) async throws -> String {
        do {
            let item = try await store.addNews(text: text, audience: audience)
            return "Published news \(item.id.key.prefix(8)) to \(audience); users receive it on their next sync."
        } catch let error as ServerError {
            throw OperatorError(message: "cannot publish: \(error.detail ?? "\(error.code)")")
        }
    }

    /// `news list`.
    package func listNews(json: Bool) async throws -> String {
        let items = try await store.allNews()
        if json { return String(decoding: try WireCoding.encoder.encode(items), as: UTF8.self) }
        if items.isEmpty { return "No news. Publish with: gorilla-server news add TEXT --to all|coaches|clients" }
        return items.map {
            "\($0.id.key.prefix(8))  \(ISOTime.format($0.published).prefix(16))  \($0.audience.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))  \($0.text)"
        }
        .joined(separator: "\n")
    }

    /// `news rm ID`.
    package func removeNews(_ id: String) async throws -> String {
        do {
            let item = try await store.removeNews(idPrefix: id)
            return "Removed news \(item.id.key.prefix(8))."
        } catch let error as ServerError {
            throw OperatorError(message: error.detail ?? "\(error.code)")
        }
    }
}
