import Foundation
import GorillaShared

extension SyncEngine {
    /// Follows the clients colleagues share with the account: those no longer `shared` leave this device (each told
    /// once), unless the pull brought them as the coach's own (`adopted`: handed over to this coach); those newly
    /// shared are fetched whole, from version 0, unless the pull just `fetched` everything: a share made after this
    /// device's cursor still brings the client's older rows.
    func followShared(
        _ shared: [SharedClientEntry], adopted: Set<UUID>, fetched: Bool, over connection: ServerConnection
    ) async throws {
        let held = try cache.sharedClients()
        guard held != shared else { return }
        let now = Set(shared.map(\.client))
        let heldIDs = Set(held.map(\.client))
        let left = held.map(\.client).filter { !now.contains($0) }
        if !left.isEmpty {
            try cache.releaseSharedClients(left, adopted: adopted, kept: held.filter { now.contains($0.client) })
        }
        if !fetched {
            var holding = held.filter { now.contains($0.client) }
            for entry in shared where !heldIDs.contains(entry.client) {
                var since: Int64 = 0
                while true {
                    let page = try Self.decodePull(
                        try await connection.roundTrip(
                            Operation.syncPull, PullBody(since: since, limit: pageSize, sharedClient: entry.client)))
                    // The share ended meanwhile: the next sync follows.
                    guard page.shared.contains(where: { $0.client == entry.client }) else { return }
                    try cache.applyShared(page.changes)
                    since = page.cursor!
                    if !page.more { break }
                }
                holding.append(entry)
                try cache.holdSharedClients(holding)
            }
        }
        try cache.holdSharedClients(shared)
    }
}
