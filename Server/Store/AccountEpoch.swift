import GRDB
import Synchronization

/// A counter that moves whenever a committed transaction changed `users` or `tokens` rows in place
/// (revoked tokens, disabled accounts, new passwords, profile edits).
///
/// A connection re-reads its token and account before a request only when the epoch moved since its last
/// check (or after ``ServerStore/tokenRecheckInterval``), so revocation still takes effect at the next request
/// without a database round trip on every request.
public final class AccountEpoch: Sendable {
    private let counter = Atomic<UInt64>(0)

    public var value: UInt64 { counter.load(ordering: .acquiring) }

    func advance() { counter.add(1, ordering: .releasing) }
}

/// Advances an ``AccountEpoch`` after each commit that updated or deleted account or token rows.
final class AccountChangeObserver: TransactionObserver {
    private let epoch: AccountEpoch
    private var changed = false

    init(epoch: AccountEpoch) { self.epoch = epoch }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        switch eventKind {
        case .insert: return false
        case .update(let table, _), .delete(let table): return table == "users" || table == "tokens"
        }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        changed = true
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidCommit(_ db: Database) {
        if changed { epoch.advance() }
        changed = false
    }

    func databaseDidRollback(_ db: Database) { changed = false }
}
