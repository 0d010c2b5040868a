import Foundation
import GorillaShared

extension ServerStore {
    /// Publishes a news item; users receive it on their next sync.
    package func addNews(text: String, audience: String) async throws -> News {
        guard let audience = NewsAudience(rawValue: audience) else {
            throw ServerError.invalid("audience (\(NewsAudience.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let clean = Validation.cleanName(text, maxLength: News.maxLength) else {
            throw ServerError.invalid("text (1–\(News.maxLength) characters)")
        }
        let item = News(id: UUID(), text: clean, audience: audience, published: Date())
        try await write { db in
            try db.execute(
                sql: "INSERT INTO news (id, text, audience, published, version) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    item.id.key, item.text, item.audience.rawValue, ISOTime.format(item.published),
                    try Self.nextVersion(db),
                ])
        }
        return item
    }

    /// Live news items, newest first.
    package func allNews() async throws -> [News] {
        try await read { db in
            try db.fetchAll(sql: "SELECT * FROM news WHERE deleted = 0 ORDER BY published DESC").map(Self.news)
        }
    }

    /// Withdraws a news item (a tombstone, so devices drop it on sync). Accepts an id prefix.
    package func removeNews(idPrefix: String) async throws -> News {
        let prefix = idPrefix.lowercased()
        return try await write { db in
            let rows = try db.fetchAll(
                sql: "SELECT * FROM news WHERE deleted = 0 AND id LIKE ?", arguments: [prefix + "%"])
            guard rows.count == 1, let row = rows.first else {
                throw ServerError(
                    rows.isEmpty ? .notFound : .invalidField,
                    rows.isEmpty ? "no news item \(idPrefix)" : "ambiguous id \(idPrefix)")
            }
            try db.execute(
                sql: "UPDATE news SET deleted = 1, version = ? WHERE id = ?",
                arguments: [try Self.nextVersion(db), row["id"] as String])
            return try Self.news(row)
        }
    }

    /// A news row as a value; an unreadable row is an error, not a crash.
    private static func news(_ row: SQLRow) throws -> News {
        guard let id = UUID(uuidString: row["id"]), let audience = NewsAudience(rawValue: row["audience"]),
            let published = ISOTime.parse(row["published"])
        else {
            throw ServerError.invalid("news row \(row["id"] as String? ?? "?") is unreadable")
        }
        return News(id: id, text: row["text"], audience: audience, published: published)
    }
}

// MARK: Rate limits shared by several instances

extension ServerStore {
    /// How many events `limiter` recorded for `key` after `after`, the oldest and the newest of them.
    func rateEvents(
        _ limiter: String, key: String, after: Date
    ) async throws -> (count: Int, oldest: Date?, newest: Date?) {
        try await read { db in
            let row = try db.fetchOne(
                sql: """
                    SELECT COUNT(*) AS n, MIN(at) AS oldest, MAX(at) AS newest FROM rate_events
                        WHERE limiter = ? AND key = ? AND at > ?
                    """,
                arguments: [limiter, key, after.timeIntervalSince1970])
            return (
                row?["n"] ?? 0, (row?["oldest"] as Double?).map(Date.init(timeIntervalSince1970:)),
                (row?["newest"] as Double?).map(Date.init(timeIntervalSince1970:))
            )
        }
    }

    /// Records one event, and forgets every limiter's events before `forgettingBefore` when given.
    func recordRateEvent(_ limiter: String, key: String, at: Date, forgettingBefore: Date?) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO rate_events (limiter, key, at) VALUES (?, ?, ?)",
                arguments: [limiter, key, at.timeIntervalSince1970])
            if let forgettingBefore {
                try db.execute(
                    sql: "DELETE FROM rate_events WHERE limiter = ? AND at < ?",
                    arguments: [limiter, forgettingBefore.timeIntervalSince1970])
            }
        }
    }

    func resetRateEvents(_ limiter: String, key: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM rate_events WHERE limiter = ? AND key = ?", arguments: [limiter, key])
        }
    }
}
