import GRDB
import Synchronization

/// Counters that move when committed transactions changed what connections keep answers about:
///
/// - ``accounts`` moves when `users` or `tokens` rows were updated or deleted (revoked tokens, disabled accounts,
///   new passwords, profile edits). A connection re-reads its token before a request only when it moved since its
///   last check (or after ``ServerStore/tokenRecheckInterval``), so revocation still takes effect at the next request
///   without a database round trip on every request.
/// - ``data`` moves when `entities` or `news` changed at all, or a gym's members (what a coach of a gym reads moves
///   with them). A connection answers a repeated `sync.updated` from
///   its last answer while it stands still (for at most ``ServerStore/updatedReuseInterval``).
///
/// Subscribed connections do not wait for a request: ``onAccountsChange(_:)`` has the live registry re-check their
/// tokens as soon as ``accounts`` moves.
///
/// Writes made by other processes (the operator tools) are not seen here; the intervals bound how long they wait.
package final class StoreEpochs: Sendable {
    private let accountCounter = Atomic<UInt64>(0)
    private let dataCounter = Atomic<UInt64>(0)
    private let accountObservers = Mutex<(next: Int, byNumber: [Int: @Sendable () -> Void])>((0, [:]))

    package var accounts: UInt64 { accountCounter.load(ordering: .acquiring) }
    package var data: UInt64 { dataCounter.load(ordering: .acquiring) }

    /// Calls `observer` after every move of ``accounts``, on the thread that moved it: it must return at once.
    /// Returns the number that ``removeAccountsObserver(_:)`` takes.
    func onAccountsChange(_ observer: @escaping @Sendable () -> Void) -> Int {
        accountObservers.withLock { observers in
            observers.next += 1
            observers.byNumber[observers.next] = observer
            return observers.next
        }
    }

    func removeAccountsObserver(_ number: Int) {
        _ = accountObservers.withLock { $0.byNumber.removeValue(forKey: number) }
    }

    func advance(accounts: Bool, data: Bool) {
        if data { dataCounter.add(1, ordering: .releasing) }
        if accounts {
            accountCounter.add(1, ordering: .releasing)
            for observer in accountObservers.withLock({ Array($0.byNumber.values) }) { observer() }
        }
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
        case "entities", "news", "gym_members", "gyms": return true
        case "users", "tokens": if case .insert = eventKind { return false } else { return true }
        default: return false
        }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        switch event.tableName {
        case "entities", "news", "gym_members", "gyms": dataChanged = true
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

/// What committed writes changed, in the terms of ``StoreEpochs``.
struct StoreChange: Sendable, Equatable {
    /// `users` or `tokens` rows were updated or deleted.
    var accounts = false
    /// `entities` or `news` rows changed.
    var data = false

    static let none = StoreChange()
    static let everything = StoreChange(accounts: true, data: true)

    init(accounts: Bool = false, data: Bool = false) {
        self.accounts = accounts
        self.data = data
    }

    /// What a statement of the store's own SQL changes, by the table it writes (the rule ``StoreChangeObserver``
    /// applies to SQLite's change events: inserts into `users` and `tokens` change no account that was checked).
    init(statement sql: String) {
        let words = sql.split(maxSplits: 3, whereSeparator: { $0.isWhitespace }).prefix(3).map { $0.lowercased() }
        guard let verb = words.first else { return }
        let table: String
        switch verb {
        case "insert", "delete": table = words.count > 2 ? words[2] : ""
        case "update": table = words.count > 1 ? words[1] : ""
        default: return
        }
        switch table {
        case "entities", "news", "gym_members", "gyms": data = true
        case "users", "tokens": accounts = verb != "insert"
        default: break
        }
    }

    /// The notification payload: `a`, `d`, `ad` or empty.
    var payload: String { (accounts ? "a" : "") + (data ? "d" : "") }

    init(payload: String) {
        accounts = payload.contains("a")
        data = payload.contains("d")
    }

    mutating func formUnion(_ other: StoreChange) {
        accounts = accounts || other.accounts
        data = data || other.data
    }
}
