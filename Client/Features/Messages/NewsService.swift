import Foundation
import GorillaClientCore
import GorillaShared

/// News from the server's operator (`gorilla news`, and the new items `gorilla` shows once).
package struct NewsService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla news`: every item, newest first; they count as shown.
    package func list() async throws -> NewsList {
        let cache = try await context.freshCache()
        let items = try Self.items(cache).sorted { $0.published > $1.published }
        _ = try takeUnseen(cache)
        return NewsList(items: items)
    }

    /// The texts of the items not shown yet, oldest first; marks them shown.
    func takeUnseen(_ cache: LocalCache) throws -> [String] {
        let seen = Set((try cache.meta(Self.shownKey) ?? "").split(separator: ",").map(String.init))
        let fresh = try Self.items(cache).filter { !seen.contains($0.id.short) }.sorted { $0.published < $1.published }
        if !fresh.isEmpty {
            try cache.setMeta(Self.shownKey, (Array(seen) + fresh.map(\.id.short)).joined(separator: ","))
        }
        return fresh.map(\.text)
    }

    /// Every item this device has pulled (``LocalCache/news()``).
    private static func items(_ cache: LocalCache) throws -> [News] {
        try cache.news()
    }

    /// The cache's meta key listing the short ids of the items already shown.
    private static let shownKey = "newsShown"
}

/// `gorilla news`.
package struct NewsList {
    /// The items, newest first.
    package let items: [News]

    package var jsonForm: some Encodable { items }
}
