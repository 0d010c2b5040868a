import Foundation
import GRDB
import GorillaShared

/// A broadcast from the operator (the seed's `news` table).
public struct NewsItem: Codable, Sendable {
    public var id: UUID
    public var text: String
    /// `all`, `coaches` or `clients`.
    public var audience: String
    public var published: Date
}

extension ServerStore {
    /// Publishes a news item; users receive it on their next sync.
    public func addNews(text: String, audience: String) async throws -> NewsItem {
        guard ["all", "coaches", "clients"].contains(audience) else { throw StoreError.invalid("audience") }
        guard let clean = Validation.cleanName(text, maxLength: 2000) else { throw StoreError.invalid("text (1–2000 characters)") }
        let item = NewsItem(id: UUID(), text: clean, audience: audience, published: Date())
        try await write { db in
            try db.execute(sql: "INSERT INTO news (id, text, audience, published, version) VALUES (?, ?, ?, ?, ?)",
                           arguments: [item.id.key, item.text, item.audience, ISOTime.format(item.published), try Self.nextVersion(db)])
        }
        return item
    }

    /// Live news items, newest first.
    public func allNews() async throws -> [NewsItem] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM news WHERE deleted = 0 ORDER BY published DESC").map {
                NewsItem(id: UUID(uuidString: $0["id"])!, text: $0["text"], audience: $0["audience"],
                         published: ISOTime.parse($0["published"]) ?? Date())
            }
        }
    }

    /// Withdraws a news item (a tombstone, so devices drop it on sync). Accepts an id prefix.
    public func removeNews(idPrefix: String) async throws -> NewsItem {
        let prefix = idPrefix.lowercased()
        return try await write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM news WHERE deleted = 0 AND id LIKE ?", arguments: [prefix + "%"])
            guard rows.count == 1, let row = rows.first else {
                throw StoreError(rows.isEmpty ? .notFound : .invalidField, rows.isEmpty ? "no news item \(idPrefix)" : "ambiguous id \(idPrefix)")
            }
            try db.execute(sql: "UPDATE news SET deleted = 1, version = ? WHERE id = ?", arguments: [try Self.nextVersion(db), row["id"] as String])
            return NewsItem(id: UUID(uuidString: row["id"])!, text: row["text"], audience: row["audience"],
                            published: ISOTime.parse(row["published"]) ?? Date())
        }
    }
}
