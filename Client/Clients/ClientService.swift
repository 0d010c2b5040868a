import Foundation
import GorillaShared

/// A coach's clients: invite, list, show, new codes, password resets, removal (`gorilla clients`).
public struct ClientService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla clients add [--name N] [--surname S]`: the registration code when the server was reached.
    public func add(name: String?, surname: String?) async throws -> ClientInvitation {
        try context.requireCoach()
        let cache = try context.cache()
        var fields: [String: JSONValue] = [:]
        for (field, value) in [("name", name), ("surname", surname)] {
            guard let value else { continue }
            guard let clean = Validation.cleanName(value) else {
                throw ClientError(.usage, "--\(field): 1–100 characters")
            }
            fields[field] = .string(clean)
        }
        let id = UUID.v7()
        try cache.enqueue(kind: EntityKind.client.rawValue, entity: id, action: .create, fields: fields)
        // The new client's code is the result itself: the sync's report of it is not repeated as a note.
        let (summary, notes) = await context.opportunisticSync()
        context.note(notes.filter { !(summary?.codes.contains($0) ?? false) })
        let code = try ClientDirectory(cache: cache).knownCode(id)
        return ClientInvitation(
            id: id, names: [name, surname].compactMap { $0 }.joined(separator: " "),
            code: code?.code, expires: code?.expires)
    }

    /// `gorilla clients list`: every client with when they last trained and, while invited, their code.
    public func list() async throws -> ClientList {
        let cache = try await context.freshCache()
        let directory = ClientDirectory(cache: cache)
        let clients = try cache.entities(.client).sorted {
            ClientDirectory.displayName($0).lowercased() < ClientDirectory.displayName($1).lowercased()
        }
        let lastTrained = try cache.latestSessionStarts()
        return ClientList(
            clients: try clients.map { client in
                let invited = (client[string: "status"] ?? "invited") == "invited"
                return ClientList.Row(
                    client: EntityRecord(client), name: ClientDirectory.displayName(client),
                    lastTrained: lastTrained[client.id.key],
                    code: invited ? try directory.knownCode(client.id)?.code : nil)
            })
    }

    /// `gorilla clients show CLIENT`: the profile, next events, recent sessions and unread messages.
    public func show(_ name: String) async throws -> ClientDetail {
        let cache = try await context.freshCache()
        let directory = ClientDirectory(cache: cache)
        let client = try directory.resolve(name)
        let events = try cache.timeline(.event, client: client.id, from: ISOTime.format(Date()))
            .filter { $0[string: "status"] != "cancelled" }
        let sessions = try cache.timeline(.session, client: client.id)
            .sorted { ($0[string: "start"] ?? "") > ($1[string: "start"] ?? "") }
        let me = try context.session().profile.id.key
        let unread = try cache.entities(.message).filter {
            $0[string: "from"] == client.id.key && $0[string: "to"] == me && $0.data["read"] == nil
        }.count
        let code = client[string: "status"] == "invited" ? try directory.knownCode(client.id) : nil
        return ClientDetail(
            client: EntityRecord(client), name: ClientDirectory.displayName(client),
            code: code?.code, codeExpires: code?.expires, unread: unread,
            nextEvents: events.prefix(5).map { EntityRecord($0) },
            recentSessions: sessions.prefix(5).map { EntityRecord($0) })
    }

    /// `gorilla clients code CLIENT`: a new registration code for a client who has not registered yet.
    public func newCode(_ name: String) async throws -> IssuedClientSecret {
        try context.requireCoach()
        let cache = try await quietlySyncedCache()
        let directory = ClientDirectory(cache: cache)
        let client = try directory.resolve(name)
        guard client[string: "status"] == "invited" else {
            throw ClientError(
                .usage,
                "\(ClientDirectory.displayName(client)) has already registered; "
                    + "use gorilla clients reset-password if they forgot their password")
        }
        let issued = try await context.withServer { connection in
            try await connection.request(Operation.clientCode, ClientBody(client: client.id), as: IssuedSecret.self)
        }
        let expires = ISOTime.format(issued.expires)
        try directory.keepCode(client.id, code: issued.secret, expires: expires)
        return IssuedClientSecret(
            .registrationCode, client: client.id, name: ClientDirectory.displayName(client),
            secret: issued.secret, expires: expires)
    }

    /// `gorilla clients reset-password CLIENT`: a one-time token for a registered client.
    public func resetPassword(_ name: String) async throws -> IssuedClientSecret {
        try context.requireCoach()
        let cache = try await quietlySyncedCache()
        let client = try ClientDirectory(cache: cache).resolve(name)
        guard let username = client[string: "username"] else {
            throw ClientError(
                .usage,
                "\(ClientDirectory.displayName(client)) has not registered yet; "
                    + "give them their registration code (gorilla clients code)"
            )
            .decidedLocally()
        }
        let issued = try await context.withServer { connection in
            try await connection.request(
                Operation.clientResetPassword, ClientBody(client: client.id), as: IssuedSecret.self)
        }
        return IssuedClientSecret(
            .passwordReset, client: client.id, name: username, secret: issued.secret,
            expires: ISOTime.format(issued.expires))
    }

    /// `gorilla clients rm CLIENT`: they can no longer log in; their history stays.
    public func remove(_ name: String) async throws -> ClientRemoval {
        try context.requireCoach()
        let cache = try context.cache()
        let client = try ClientDirectory(cache: cache).resolve(name)
        try await context.change(cache, .client, entity: client.id, action: .delete)
        return ClientRemoval(
            client: EntityRecord(client, adding: ["deleted": true]), name: ClientDirectory.displayName(client))
    }

    /// The cache synced first when possible, without notes: the server is asked right after, and says what fails.
    private func quietlySyncedCache() async throws -> LocalCache {
        _ = try context.session()
        let cache = try context.cache()
        _ = await context.opportunisticSync()
        return cache
    }
}
