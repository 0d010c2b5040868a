import Foundation
import GorillaShared

/// News from the server's operator (`gorilla news`, and the new items `gorilla` shows once).
public struct NewsService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla news`: every item, newest first; they count as shown.
    public func list() async throws -> NewsList {
        let cache = try await context.freshCache()
        let items = try cache.entities(Self.kind).sorted {
            ($0[string: "published"] ?? "") > ($1[string: "published"] ?? "")
        }
        _ = try takeUnseen(cache)
        return NewsList(items: items.map { EntityRecord($0) })
    }

    /// The texts of the items not shown yet, oldest first; marks them shown.
    func takeUnseen(_ cache: LocalCache) throws -> [String] {
        let seen = Set((try cache.meta(Self.shownKey) ?? "").split(separator: ",").map(String.init))
        let fresh = try cache.entities(Self.kind).filter { !seen.contains($0.id.short) }
            .sorted { ($0[string: "published"] ?? "") < ($1[string: "published"] ?? "") }
        if !fresh.isEmpty {
            try cache.setMeta(Self.shownKey, (Array(seen) + fresh.map(\.id.short)).joined(separator: ","))
        }
        return fresh.compactMap { $0[string: "text"] }
    }

    /// News rows are pulled like entities but are not an ``EntityKind``: nobody changes them from a device.
    private static let kind = "news"
    /// The cache's meta key listing the short ids of the items already shown.
    private static let shownKey = "newsShown"
}

/// `gorilla news`.
public struct NewsList: Presentable {
    /// The items, newest first.
    public let items: [EntityRecord]

    public func encode(to encoder: any Encoder) throws {
        try items.encode(to: encoder)
    }
}
