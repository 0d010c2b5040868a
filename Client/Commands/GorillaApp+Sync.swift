import Foundation
import GorillaShared

extension GorillaApp {
    /// Applies a local change, then syncs if the server is reachable. Returns the notes to show.
    func change(
        _ cache: LocalCache, kind: String, entity: UUID, action: MutationAction,
        fields: [String: JSONValue]? = nil
    ) async throws -> [String] {
        try cache.enqueue(kind: kind, entity: entity, action: action, fields: fields)
        return try await syncOpportunistically().1
    }

    /// Opens the cache of the logged-in account and syncs it first when possible (for reads).
    func freshCache() async throws -> (LocalCache, [String]) {
        _ = try session()
        let cache = try cache()
        let (_, notes) = try await syncOpportunistically()
        return (cache, notes)
    }

    /// `gorilla sync`: push and pull now, and say what happened.
    public func sync() async throws -> CommandOutput {
        _ = try session()
        let cache = try cache()
        let summary = try await withServer { connection in
            try await SyncEngine(cache: cache).sync(over: connection)
        }
        var lines = ["Pushed \(summary.pushed) change\(summary.pushed == 1 ? "" : "s"), pulled \(summary.pulled)."]
        lines += summary.rejected.map { "Refused: \($0)" }
        lines += summary.overwritten.map { "Conflict: \($0)" }
        lines += summary.codes
        return CommandOutput(text: lines.joined(separator: "\n"), json: try JSONValue.encode(summary))
    }

    /// `gorilla sync --status`: the queue, last sync and cursor, without the network.
    public func syncStatus() throws -> CommandOutput {
        let cache = try cache()
        let queued = try cache.queued(limit: 1000)
        let count = try cache.queuedCount()
        let last = try cache.meta("lastSync")
        let cursor = try cache.cursor()
        var lines = [
            "queued changes: \(count)",
            "last sync:      \(last ?? "never")",
            "cursor:         \(cursor)",
        ]
        for mutation in queued.prefix(20) {
            let name = mutation.fields?["name"]?.stringValue.map { " '\($0)'" } ?? ""
            lines.append("  \(mutation.action.rawValue) \(mutation.kind)\(name) (\(mutation.entity.short))")
        }
        if count > 20 { lines.append("  … and \(count - 20) more") }
        let json: JSONValue = [
            "queued": .number(Double(count)),
            "lastSync": last.map(JSONValue.string) ?? .null,
            "cursor": .number(Double(cursor)),
            "mutations": .array(
                queued.map {
                    .object([
                        "id": .string($0.id.uuidString.lowercased()), "kind": .string($0.kind),
                        "entity": .string($0.entity.uuidString.lowercased()),
                        "action": .string($0.action.rawValue),
                    ])
                }),
        ]
        return CommandOutput(text: lines.joined(separator: "\n"), json: json)
    }

    /// An entity as JSON: its fields plus `id`.
    static func json(_ entity: CachedEntity, extra: [String: JSONValue] = [:]) -> JSONValue {
        var object = entity.data
        object["id"] = .string(entity.id.uuidString.lowercased())
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }
}

extension GorillaApp {
    /// `gorilla` with no arguments: who is logged in, what is queued, what to do next.
    public func overview() async throws -> CommandOutput {
        guard let session = home.loadSession() else {
            let connected = try home.readConfig().server != nil
            let text =
                connected
                ? "Not logged in. Log in with: gorilla login --user USERNAME (or: gorilla register coach --help)"
                : "Welcome to GorillaCoach. Start with: gorilla connect HOST:PORT (see gorilla --help)"
            return CommandOutput(text: text, json: ["loggedIn": false, "connected": .bool(connected)])
        }
        let (cache, notes) = try await freshCache()
        let queued = try cache.queuedCount()
        let profile = session.profile
        let names = try clientNames(cache)
        let now = ISOTime.format(Date())
        let upcoming = try cache.timeline("event", from: now).filter { $0[string: "status"] == "scheduled" }
        let me = profile.id.uuidString.lowercased()
        let unread = try cache.entities("message").filter { $0[string: "to"] == me && $0.data["read"] == nil }
        var lines = ["\(profile.name) \(profile.surname) (\(profile.username), \(profile.role.rawValue))", ""]
        lines.append("Next events:")
        if upcoming.isEmpty {
            lines.append(
                profile.role == .coach
                    ? "  none — schedule one with: gorilla events add --client C --at \"YYYY-MM-DD HH:MM\"" : "  none")
        } else {
            lines += upcoming.prefix(5).map {
                "  "
                    + EventFormatting.line(
                        $0, clientName: profile.role == .coach ? $0[string: "client"].flatMap { names[$0] } : nil)
            }
        }
        lines.append(
            unread.isEmpty
                ? "No unread messages."
                : "\(unread.count) unread message\(unread.count == 1 ? "" : "s") (gorilla messages).")
        lines.append(
            queued == 0 ? "Everything is synced." : "\(queued) change\(queued == 1 ? "" : "s") queued for the server.")
        let news = try takeNewNews(cache)
        if !news.isEmpty {
            lines.append("")
            lines += news.map { "News: \($0)" }
        }
        if profile.role == .coach {
            lines.append("")
            lines.append("Start a training with: gorilla train --client C [--training T | --free]")
        }
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: [
                "user": .string(profile.username), "role": .string(profile.role.rawValue),
                "queued": .number(Double(queued)),
                "unread": .number(Double(unread.count)),
                "nextEvents": .array(upcoming.prefix(5).map { Self.json($0) }),
                "news": .array(news.map(JSONValue.string)),
            ], notes: notes)
    }

    /// News items not shown in the main view yet; marks them shown.
    func takeNewNews(_ cache: LocalCache) throws -> [String] {
        let seen = Set((try cache.meta("newsShown") ?? "").split(separator: ",").map(String.init))
        let fresh = try cache.entities("news").filter { !seen.contains($0.id.short) }
            .sorted { ($0[string: "published"] ?? "") < ($1[string: "published"] ?? "") }
        if !fresh.isEmpty {
            try cache.setMeta("newsShown", (Array(seen) + fresh.map(\.id.short)).joined(separator: ","))
        }
        return fresh.compactMap { $0[string: "text"] }
    }
}
