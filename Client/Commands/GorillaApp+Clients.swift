import Foundation
import GorillaShared

extension GorillaApp {
    /// A client's display name: "Name Surname", else the username, else "invited client".
    static func displayName(_ client: CachedEntity) -> String {
        let full = [client[string: "name"], client[string: "surname"]].compactMap { $0 }.joined(separator: " ")
        if !full.isEmpty { return full }
        return client[string: "username"] ?? "invited client \(client.id.short)"
    }

    /// Finds a client by name, username or id.
    func resolveClient(_ cache: LocalCache, _ text: String) throws -> CachedEntity {
        let clients = try cache.entities("client")
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        let matches = clients.filter {
            Self.displayName($0).lowercased() == wanted || ($0[string: "username"] ?? "").lowercased() == wanted
                || ($0[string: "name"] ?? "").lowercased() == wanted
        }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            let list = matches.map { "\(Self.displayName($0)) (\($0.id.short))" }.joined(separator: ", ")
            throw ClientError(.ambiguous, "'\(text)' matches several clients: \(list); use the username or an id")
        }
        return try NameResolver(cache: cache).resolve("client", text, nameField: "username")
    }

    /// The code kept on this device for an invited client, with its expiry.
    func knownCode(_ cache: LocalCache, _ client: UUID) throws -> (String, String)? {
        guard let value = try cache.meta("code:" + client.uuidString.lowercased()) else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    public func addClient(name: String?, surname: String?) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        var fields: [String: JSONValue] = [:]
        for (field, value) in [("name", name), ("surname", surname)] {
            guard let value else { continue }
            guard let clean = Validation.cleanName(value) else {
                throw ClientError(.usage, "--\(field): 1–100 characters")
            }
            fields[field] = .string(clean)
        }
        let id = UUID.v7()
        let notes = try await change(cache, kind: "client", entity: id, action: .create, fields: fields)
        let who = [name, surname].compactMap { $0 }.joined(separator: " ")
        let label = who.isEmpty ? "a new client" : who
        guard let (code, expires) = try knownCode(cache, id) else {
            return CommandOutput(
                text:
                    "Added \(label) (offline). The registration code will be shown by the next sync (gorilla sync) and by gorilla clients list.",
                json: ["id": .string(id.uuidString.lowercased()), "code": .null, "expires": .null, "queued": true],
                notes: notes.filter { !$0.contains("registration code") })
        }
        let text = """
            Added \(label). Registration code: \(code) (expires \(expires.prefix(10)))
            Pass this on: "Install gorilla, then run: gorilla register client --code \(code) --username YOU --email YOUR@EMAIL"
            """
        return CommandOutput(
            text: text,
            json: ["id": .string(id.uuidString.lowercased()), "code": .string(code), "expires": .string(expires)],
            notes: notes.filter { !$0.contains("registration code") })
    }

    public func listClients() async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let clients = try cache.entities("client").sorted {
            Self.displayName($0).lowercased() < Self.displayName($1).lowercased()
        }
        guard !clients.isEmpty else {
            return CommandOutput(
                text: "No clients yet. Invite the first one with: gorilla clients add --name N --surname S",
                json: .array([]), notes: notes)
        }
        let lastTrained = try lastTrainedByClient(cache)
        var json: [JSONValue] = []
        var rows: [[String]] = []
        for client in clients {
            let key = client.id.uuidString.lowercased()
            let status = client[string: "status"] ?? "invited"
            let code = status == "invited" ? try knownCode(cache, client.id) : nil
            rows.append([
                Self.displayName(client), client[string: "username"] ?? "", status,
                lastTrained[key].map { String($0.prefix(10)) } ?? "never", code?.0 ?? "", client.id.short,
            ])
            json.append(
                Self.json(
                    client,
                    extra: [
                        "lastTrained": lastTrained[key].map(JSONValue.string) ?? .null,
                        "code": code.map { .string($0.0) } ?? .null,
                    ]))
        }
        return CommandOutput(
            text: Table(["CLIENT", "USERNAME", "STATUS", "LAST TRAINED", "CODE", "ID"], rows).render(),
            json: .array(json), notes: notes)
    }

    /// The start of each client's newest session.
    func lastTrainedByClient(_ cache: LocalCache) throws -> [String: String] {
        try cache.latestSessionStarts()
    }

    public func showClient(_ name: String) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let client = try resolveClient(cache, name)
        let key = client.id.uuidString.lowercased()
        let now = ISOTime.format(Date())
        let events = try cache.timeline("event", client: key, from: now).filter { $0[string: "status"] != "cancelled" }
        let sessions = try cache.timeline("session", client: key)
            .sorted { ($0[string: "start"] ?? "") > ($1[string: "start"] ?? "") }
        let unread = try unreadCount(cache, with: client.id)
        var lines = [
            "\(Self.displayName(client))  (\(key))",
            "status:   \(client[string: "status"] ?? "invited")",
        ]
        if let username = client[string: "username"] { lines.append("username: \(username)") }
        if let email = client[string: "email"] { lines.append("email:    \(email)") }
        if let joined = client[string: "joined"] { lines.append("joined:   \(joined.prefix(10))") }
        if let (code, expires) = try knownCode(cache, client.id), client[string: "status"] == "invited" {
            lines.append("code:     \(code) (expires \(expires.prefix(10)))")
        }
        lines.append("unread messages: \(unread)")
        lines.append("next events:")
        lines += events.prefix(5).map { "  " + EventFormatting.line($0, clientName: nil) }
        if events.isEmpty {
            lines.append(
                "  none (gorilla events add --client \"\(Self.displayName(client))\" --at \"YYYY-MM-DD HH:MM\")")
        }
        lines.append("recent sessions:")
        lines += sessions.prefix(5).map {
            "  \(EventFormatting.local($0[string: "start"] ?? ""))  \($0[string: "mode"] ?? "")  \($0.id.short)"
        }
        if sessions.isEmpty { lines.append("  none") }
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: Self.json(
                client,
                extra: [
                    "unread": .number(Double(unread)),
                    "nextEvents": .array(events.prefix(5).map { Self.json($0) }),
                    "recentSessions": .array(sessions.prefix(5).map { .string($0.id.uuidString.lowercased()) }),
                ]), notes: notes)
    }

    /// Messages from `other` not read yet (0 until messages exist on this device).
    func unreadCount(_ cache: LocalCache, with other: UUID) throws -> Int {
        let me = try session().profile.id.uuidString.lowercased()
        let key = other.uuidString.lowercased()
        return try cache.entities("message").filter {
            $0[string: "from"] == key && $0[string: "to"] == me && $0.data["read"] == nil
        }.count
    }

    public func newClientCode(_ name: String) async throws -> CommandOutput {
        try requireCoach()
        let (cache, _) = try await freshCache()
        let client = try resolveClient(cache, name)
        guard client[string: "status"] == "invited" else {
            throw ClientError(
                .usage,
                "\(Self.displayName(client)) has already registered; use gorilla clients reset-password if they forgot their password"
            )
        }
        let issued = try await withServer { connection in
            try await connection.request(Operation.clientCode, ClientBody(client: client.id), as: IssuedSecret.self)
        }
        let expires = ISOTime.format(issued.expires)
        try cache.setMeta("code:" + client.id.uuidString.lowercased(), issued.secret + " " + expires)
        return CommandOutput(
            text:
                "New registration code for \(Self.displayName(client)): \(issued.secret) (expires \(expires.prefix(10)))",
            json: [
                "id": .string(client.id.uuidString.lowercased()), "code": .string(issued.secret),
                "expires": .string(expires),
            ])
    }

    public func clientResetPassword(_ name: String) async throws -> CommandOutput {
        try requireCoach()
        let (cache, _) = try await freshCache()
        let client = try resolveClient(cache, name)
        guard let username = client[string: "username"] else {
            throw ClientError(
                .usage,
                "\(Self.displayName(client)) has not registered yet; give them their registration code (gorilla clients code)"
            )
            .decidedLocally()
        }
        let issued = try await withServer { connection in
            try await connection.request(
                Operation.clientResetPassword, ClientBody(client: client.id), as: IssuedSecret.self)
        }
        let expires = ISOTime.format(issued.expires)
        return CommandOutput(
            text: """
                One-time reset token for \(username) (valid until \(expires.prefix(16))):
                \(issued.secret)
                They run: gorilla password reset --user \(username) --token \(issued.secret)
                """,
            json: [
                "id": .string(client.id.uuidString.lowercased()), "user": .string(username),
                "token": .string(issued.secret),
                "expires": .string(expires),
            ])
    }

    public func removeClient(_ name: String) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let client = try resolveClient(cache, name)
        let notes = try await change(cache, kind: "client", entity: client.id, action: .delete)
        return CommandOutput(
            text: "Removed \(Self.displayName(client)): they can no longer log in; their history stays with you.",
            json: Self.json(client, extra: ["deleted": true]), notes: notes)
    }
}
