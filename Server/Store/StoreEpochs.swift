import GRDB
import Synchronization

/// Counters that move when committed transactions changed what connections keep answers about:
///
/// - ``accounts`` moves when `users` or `tokens` rows were updated or deleted (revoked tokens, disabled accounts,
///   new passwords, profile edits). A connection re-reads its token before a request only when it moved since its
///   last check (or after ``ServerStore/tokenRecheckInterval``), so revocation still takes effect at the next request
///   without a database round trip on every request.
/// - ``data`` moves when `entities` or `news` changed at all. A connection answers a repeated `sync.updated` from
///   its last answer while it stands still (for at most ``ServerStore/updatedReuseInterval``).
///
/// Writes made by other processes (the operator tools) are not seen here; the intervals bound how long they wait.
public final class StoreEpochs: Sendable {
    private let accountCounter = Atomic<UInt64>(0)
    private let dataCounter = Atomic<UInt64>(0)

    public var accounts: UInt64 { accountCounter.load(ordering: .acquiring) }
    public var data: UInt64 { dataCounter.load(ordering: .acquiring) }

    func advance(accounts: Bool, data: Bool) {
        if accounts { accountCounter.add(1, ordering: .releasing) }
        if data { dataCounter.add(1, ordering: .releasing) }
    }
}

/// Advances ``StoreEpochs`` after each commit that changed the tables they watch.
final class StoreChangeObserver: TransactionObserver {
    private let epochs: StoreEpochs
    private var accountsChanged = false
    private var dataChanged = false

    init(epochs: StoreEpochs) { self.epochs = epochs }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        switch eventKind.tableName {
        case "entities", "news": return true
        case "users", "tokens": if case .insert = eventKind { return false } else { return true }
        default: return false
        }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        switch event.tableName {
        case "entities", "news": dataChanged = true
        default: accountsChanged = true
        }
        if accountsChanged && dataChanged { stopObservingDatabaseChangesUntilNextTransaction() }
    }

    func databaseDidCommit(_ db: Database) {
        epochs.advance(accounts: accountsChanged, data: dataChanged)
        accountsChanged = false
        dataChanged = false
    }

    func databaseDidRollback(_ db: Database) {
        accountsChanged = false
        dataChanged = false
    }
}
