import Foundation
import GorillaShared

extension StatsCalculator {
    /// The sets of cached session rows (those the type can read), as ``sets(of:from:to:)-(Stored<TrainingSession>)``.
    @_disfavoredOverload
    public func sets(of sessions: [CachedEntity], from: Date? = nil, to: Date? = nil) -> [StatSet] {
        sets(of: Self.typed(sessions), from: from, to: to)
    }

    /// The overview of cached session and appointment rows (those the types can read).
    @_disfavoredOverload
    public func overview(
        sessions: [CachedEntity], events: [CachedEntity], from: Date? = nil, to: Date? = nil
    ) -> ClientOverview {
        overview(sessions: Self.typed(sessions), events: Self.typed(events), from: from, to: to)
    }

    /// The compliance of cached session and appointment rows (those the types can read).
    @_disfavoredOverload
    public func compliance(
        client: String, target: Int?, sessions: [CachedEntity], events: [CachedEntity], from: Date? = nil,
        to: Date? = nil, since: Date? = nil
    ) -> Compliance {
        compliance(
            client: client, target: target, sessions: Self.typed(sessions), events: Self.typed(events), from: from,
            to: to, since: since)
    }

    /// Cached rows as `Document`, leaving out those the type cannot read (as the typed cache reads do).
    static func typed<Document: EntityDocument>(_ rows: [CachedEntity]) -> [Stored<Document>] {
        rows.compactMap(LocalCache.stored)
    }
}
