import Foundation
import GRDB
import GorillaShared

extension LocalCache {
    /// Every news item this device has pulled, as ``GorillaShared/News`` (an item this version cannot read is left
    /// out). News rows are pulled like entities but are not an ``EntityKind``: nobody changes them from a device.
    package func news() throws -> [News] {
        try writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, data FROM entities WHERE kind = ? AND deleted = 0", arguments: [Self.newsKind]
            ).compactMap { row in
                let text: String = row["data"]
                guard let id = UUID(text: row["id"] as String),
                    let item = try? WireCoding.decoder.decode(NewsItem.self, from: Data(text.utf8))
                else { return nil }
                return News(id: id, text: item.text, audience: item.audience, published: item.published)
            }
        }
    }

    /// The kind news rows are kept under.
    static let newsKind = "news"

    /// A news row's document: the item without its id (the row's).
    private struct NewsItem: Decodable {
        let text: String
        let audience: NewsAudience
        let published: Date
    }
}
