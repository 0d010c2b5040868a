import Foundation
import GorillaShared

/// Syncing on demand and the state of the queue (`gorilla sync [--status]`).
public struct SyncService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla sync`: push and pull now; unlike the syncs other commands run, an unreachable server is an error.
    public func sync() async throws -> SyncSummary {
        _ = try context.session()
        let cache = try context.cache()
        return try await context.withServer { connection in
            try await SyncEngine(cache: cache).sync(over: connection)
        }
    }

    /// `gorilla sync --status`: the queue, the last sync and the cursor, without the network.
    public func status() throws -> SyncStatus {
        let cache = try context.cache()
        return SyncStatus(
            queued: try cache.queuedCount(), lastSync: try cache.meta("lastSync"), cursor: try cache.cursor(),
            mutations: try cache.queued(limit: SyncStatus.listed))
    }
}

extension SyncSummary: Presentable {}

/// `gorilla sync --status`.
public struct SyncStatus: Presentable {
    /// Most queued changes a status lists.
    static let listed = 1000

    /// How many changes are queued.
    public let queued: Int
    /// When this device last synced (ISO time), if ever.
    public let lastSync: String?
    /// The server version this device has pulled up to.
    public let cursor: Int64
    /// The first queued changes, oldest first.
    public let mutations: [Mutation]

    public func encode(to encoder: any Encoder) throws {
        let object: JSONValue = [
            "queued": .number(Double(queued)),
            "lastSync": lastSync.map(JSONValue.string) ?? .null,
            "cursor": .number(Double(cursor)),
            "mutations": .array(
                mutations.map {
                    [
                        "id": .string($0.id.key), "kind": .string($0.kind), "entity": .string($0.entity.key),
                        "action": .string($0.action.rawValue),
                    ]
                }),
        ]
        try object.encode(to: encoder)
    }
}
