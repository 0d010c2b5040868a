import Foundation
import GorillaClientCore
import GorillaShared

/// What one sync did.
package struct SyncSummary: Sendable, Codable {
    package var pushed = 0
    package var pulled = 0
    /// Conflicts this device took part in that the sync found (its value replaced, or replacing another device's).
    package var conflicts: [SyncReport] = []
    /// Changes the server refused for good (rolled back on this device).
    package var refused: [SyncReport] = []
    /// Registration codes of clients added on this device.
    package var codes: [String] = []
    /// What else the coach is told once (the gym's library gone from this device).
    package var notices: [String] = []
    package var cursor: Int64 = 0
    package init() {}

    /// The summary of `pass`, with what the cache kept of the conflicts, refusals and codes it met (taken: each is
    /// told once).
    init(_ pass: SyncPass, reportsFrom cache: LocalCache) throws {
        pushed = pass.pushed
        pulled = pass.pulled
        cursor = pass.cursor
        (conflicts, refused, codes, notices) = try cache.takeSyncReports()
    }

    /// The refusals as lines.
    package var rejected: [String] { refused.map(\.text) }
    /// The conflicts as lines.
    package var overwritten: [String] { conflicts.map(\.text) }
}

extension SyncEngine {
    /// Syncs over `connection` and words what the sync found (``SyncSummary``).
    package func summarisedSync(over connection: ServerConnection) async throws -> SyncSummary {
        try SyncSummary(await sync(over: connection), reportsFrom: cache)
    }
}
