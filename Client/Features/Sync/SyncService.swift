import Foundation
import GorillaClientCore
import GorillaShared

/// Syncing on demand and the state of the queue (`gorilla sync [--status]`).
package struct SyncService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla sync`: push and pull now; unlike the syncs other commands run, an unreachable server is an error.
    package func sync() async throws -> SyncSummary {
        _ = try context.session()
        let cache = try context.cache()
        // It tries even a server that did not answer a moment ago (``SilentServerMark``): that is how a person asks.
        return try await context.withServer(evenIfSilent: true) { connection in
            try await SyncEngine(cache: cache, progress: context.side.progress).summarisedSync(over: connection)
        }
    }

    /// `gorilla sync --conflicts`: every conflict of the account this device holds, newest first (synced first when
    /// the server can be reached).
    package func conflicts() async throws -> ConflictList {
        let cache = try await context.freshCache()
        return ConflictList(conflicts: try cache.conflictReports())
    }

    /// `gorilla sync --restore ID`: queues an update that sets the conflict's field back to the value it replaced, and
    /// syncs it like any change (the other devices get it from their next pull).
    /// - Throws: ``ClientError`` `.notFound` for an unknown conflict or a row deleted since.
    package func restore(_ id: String) async throws -> ConflictRestore {
        let cache = try await context.freshCache()
        let row = try NameResolver(cache: cache).resolve(SyncConflict.self, id: id, label: EntityKind.conflict.rawValue)
        let conflict = row.value
        let report = SyncReport.conflict(row, me: try cache.deviceID(), values: cache.readableValues)
        let restored = cache.readableValues.text(
            conflict.replaced.value, field: conflict.field, section: conflict.section)
        guard EntityKind(rawValue: conflict.section) != nil, let holds = try cache.holdsReplacedValue(conflict) else {
            let field = report.field.map(ReadableValue.words) ?? AccountPhrases.theValue.t()
            throw ClientError(
                .notFound, AccountPhrases.rowDeletedCannotRestore.t(["name": report.name, "field": field]))
        }
        guard !holds else { return ConflictRestore(conflict: report, restored: restored, outcome: .unchanged) }
        try await context.restore(cache, conflict)
        let refused = try cache.holdsReplacedValue(conflict) != true
        return ConflictRestore(conflict: report, restored: restored, outcome: refused ? .refused : .restored)
    }

    /// `gorilla sync --status`: the queue, the last sync and the cursor, without the network.
    package func status() throws -> SyncStatus {
        let cache = try context.cache()
        return SyncStatus(
            queued: try cache.queuedCount(), lastSync: try cache.meta("lastSync"), cursor: try cache.cursor(),
            mutations: try cache.queued(limit: SyncStatus.listed))
    }
}

/// `gorilla sync --status`.
package struct SyncStatus {
    /// Most queued changes a status lists.
    static let listed = 1000

    /// How many changes are queued.
    package let queued: Int
    /// When this device last synced (ISO time), if ever.
    package let lastSync: String?
    /// The server version this device has pulled up to.
    package let cursor: Int64
    /// The first queued changes, oldest first.
    package let mutations: [Mutation]

    /// A queued change in `--json`: its id, section, row and action.
    package struct Queued: Encodable {
        @WireID var id: UUID
        let kind: String
        @WireID var entity: UUID
        let action: MutationAction
    }

    /// What `--json` prints: the counts, and the queued changes.
    package struct JSONForm: Encodable {
        let queued: Int
        let lastSync: String?
        let cursor: Int64
        let mutations: [Queued]
    }

    package var jsonForm: JSONForm {
        JSONForm(
            queued: queued, lastSync: lastSync, cursor: cursor,
            mutations: mutations.map { Queued(id: $0.id, kind: $0.kind, entity: $0.entity, action: $0.action) })
    }
}

/// `gorilla sync --conflicts`.
package struct ConflictList {
    /// Newest first.
    package let conflicts: [SyncReport]

    package var jsonForm: some Encodable { conflicts }
}

/// `gorilla sync --restore ID`.
package struct ConflictRestore: Encodable {
    /// What became of the restore.
    package enum Outcome: String, Sendable, Codable {
        /// The value is back (queued, and synced when the server could be reached).
        case restored
        /// The row already holds that value: nothing was queued.
        case unchanged
        /// The server refused the change while syncing it, and this device rolled it back.
        case refused
    }

    /// The conflict whose replaced value was brought back.
    package let conflict: SyncReport
    /// That value, in words.
    package let restored: String
    package let outcome: Outcome

    package enum CodingKeys: String, CodingKey {
        case conflict, restored, outcome
    }
}
