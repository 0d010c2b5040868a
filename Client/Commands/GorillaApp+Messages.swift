import Foundation
import GorillaShared

/// A conversation partner: a client of the coach, or the client's coach.
struct Correspondent {
    let id: UUID
    let name: String
}

extension GorillaApp {
    /// The people the logged-in account may write to.
    func correspondents(_ cache: LocalCache) throws -> [Correspondent] {
        let profile = try session().profile
        if profile.role == .coach {
            return try cache.entities("client").filter { $0[string: "status"] == "active" }
                .map { Correspondent(id: $0.id, name: Self.displayName($0)) }
        }
        guard let coach = profile.coach else { return [] }
        let me = try cache.entity(profile.id)
        return [Correspondent(id: coach, name: me?[string: "coachName"] ?? "your coach")]
    }

    /// Resolves the other person of a conversation: a client by name for a coach; anything (or nothing) names the coach for a client.
    func correspondent(_ cache: LocalCache, _ text: String?) throws -> Correspondent {
        let profile = try session().profile
        if profile.role == .client {
            guard let coach = try correspondents(cache).first else {
                throw ClientError(.notFound, "this account has no coach").decidedLocally()
            }
            return coach
        }
        guard let text else { throw ClientError(.usage, "name the client") }
        let client = try resolveClient(cache, text)
        guard client[string: "status"] == "active" else {
            throw ClientError(
                .usage, "\(Self.displayName(client)) has not registered yet; messages need a registered client"
            )
            .decidedLocally()
        }
        return Correspondent(id: client.id, name: Self.displayName(client))
    }

    /// Messages between the account and `other`, oldest first.
    func thread(_ cache: LocalCache, with other: UUID) throws -> [CachedEntity] {
        let me = try session().profile.id.uuidString.lowercased()
        let them = other.uuidString.lowercased()
        return try cache.entities("message").filter {
            ($0[string: "from"] == me && $0[string: "to"] == them)
                || ($0[string: "from"] == them && $0[string: "to"] == me)
        }.sorted { Self.messageOrder($0) < Self.messageOrder($1) }
    }

    /// Server time when known, else the time the device queued it (ids are time-ordered v7).
    static func messageOrder(_ message: CachedEntity) -> String {
        (message[string: "sent"] ?? message[string: "queued"] ?? "9999") + message.id.uuidString
    }

    public func listConversations() async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let me = try session().profile.id.uuidString.lowercased()
        var rows: [[String]] = []
        var json: [JSONValue] = []
        for person in try correspondents(cache) {
            let messages = try thread(cache, with: person.id)
            guard let last = messages.last else { continue }
            let unread = messages.filter { $0[string: "to"] == me && $0.data["read"] == nil }.count
            let text = (last[string: "text"] ?? "").replacingOccurrences(of: "\n", with: " ")
            rows.append([
                person.name, unread == 0 ? "" : "\(unread) unread",
                last[string: "sent"].map { EventFormatting.local($0) } ?? "queued",
                (last[string: "from"] == me ? "you: " : "") + (text.count > 50 ? String(text.prefix(49)) + "…" : text),
            ])
            json.append([
                "with": .string(person.name), "id": .string(person.id.uuidString.lowercased()),
                "unread": .number(Double(unread)), "last": Self.json(last),
            ])
        }
        guard !rows.isEmpty else {
            let hint =
                try session().profile.role == .coach
                ? "gorilla messages send CLIENT TEXT" : "gorilla messages send coach TEXT"
            return CommandOutput(text: "No messages yet. Write one with: \(hint)", json: .array([]), notes: notes)
        }
        return CommandOutput(
            text: Table(["WITH", "UNREAD", "LAST", "MESSAGE"], rows).render(), json: .array(json), notes: notes)
    }

    public func showThread(_ name: String?, limit: Int?) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let person = try correspondent(cache, name)
        var messages = try thread(cache, with: person.id)
        if let limit { messages = Array(messages.suffix(max(0, limit))) }
        let me = try session().profile.id.uuidString.lowercased()
        let lines = messages.map { Self.messageLine($0, me: me, otherName: person.name) }
        // Showing marks the shown incoming messages read; the mark syncs to the sender.
        let unread = messages.filter { $0[string: "to"] == me && $0.data["read"] == nil }
        let now = ISOTime.format(Date())
        for message in unread {
            try cache.enqueue(kind: "message", entity: message.id, action: .update, fields: ["read": .string(now)])
        }
        var allNotes = notes
        if !unread.isEmpty { allNotes += try await syncOpportunistically().1 }
        return CommandOutput(
            text: lines.isEmpty ? "No messages with \(person.name) yet." : lines.joined(separator: "\n"),
            json: .array(messages.map { Self.json($0) }), notes: allNotes)
    }

    static func messageLine(_ message: CachedEntity, me: String, otherName: String) -> String {
        let mine = message[string: "from"] == me
        let when = message[string: "sent"].map { EventFormatting.local($0) } ?? "queued"
        var mark = ""
        if mine { mark = message.data["read"] != nil ? " ✓✓" : (message[string: "sent"] != nil ? " ✓" : " …") }
        let text = (message[string: "text"] ?? "").replacingOccurrences(of: "\n", with: "\n    ")
        return "[\(when)] \(mine ? "you" : otherName)\(mark): \(text)"
    }

    public func sendMessage(to name: String?, text: String) async throws -> CommandOutput {
        let cache = try cache()
        let person = try correspondent(cache, name)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 2000 else {
            throw ClientError(.usage, "a message has 1–2,000 characters")
        }
        guard !Validation.containsControlCharacters(trimmed, allowNewline: true) else {
            throw ClientError(.usage, "a message cannot contain control characters other than newlines")
        }
        let me = try session().profile.id.uuidString.lowercased()
        let id = UUID.v7()
        let notes = try await change(
            cache, kind: "message", entity: id, action: .create,
            fields: [
                "to": .string(person.id.uuidString.lowercased()), "text": .string(trimmed),
            ])
        // Keep who sent it and when it was queued locally, for display before the server's copy arrives.
        if let local = try cache.entity(id), local[string: "from"] == nil {
            try cache.annotate(id, ["from": .string(me), "queued": .string(ISOTime.format(Date()))])
        }
        let sent = try cache.entity(id)?[string: "sent"] != nil
        return CommandOutput(
            text: sent ? "Sent to \(person.name)." : "Queued for \(person.name); it is sent on the next sync.",
            json: try cache.entity(id).map { Self.json($0) } ?? ["id": .string(id.uuidString.lowercased())],
            notes: notes)
    }

    public func listNews() async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let items = try cache.entities("news").sorted {
            ($0[string: "published"] ?? "") > ($1[string: "published"] ?? "")
        }
        _ = try takeNewNews(cache)
        guard !items.isEmpty else { return CommandOutput(text: "No news.", json: .array([]), notes: notes) }
        return CommandOutput(
            text: items.map {
                "\(EventFormatting.local($0[string: "published"] ?? "").prefix(10))  \($0[string: "text"] ?? "")"
            }.joined(separator: "\n"),
            json: .array(items.map { Self.json($0) }), notes: notes)
    }
}
