import Foundation
import NIOConcurrencyHelpers

/// Shares the server's work fairly between accounts and between peer addresses (a ``WorkLedger`` on the real clock).
///
/// ``RequestRouter`` runs every request through ``serve(account:address:_:)``: a request of a key that has taken more
/// than its share while others wanted the server waits its turn before it runs, and what it costs is charged to its
/// account and address afterwards. The request's address is also the ``origin`` of everything it runs, so that
/// ``PasswordWork`` can give each address its turn at the password threads.
///
/// - Important: Shared by every connection of a server; the ledger is behind a lock. Each instance of a server keeps
///   its own (the cores it shares out are its own).
final class WorkScheduler: Sendable {
    /// The address of the peer whose request the current task serves (nil outside a request).
    @TaskLocal static var origin: String?

    private let ledger: NIOLockedValueBox<WorkLedger>
    private let started = ContinuousClock.now
    /// Called with the seconds a request waited for its turn, when it waited (for tests and the benchmark).
    private let onWait: (@Sendable (Double) -> Void)?

    init(settings: WorkLedger.Settings, onWait: (@Sendable (Double) -> Void)? = nil) {
        ledger = NIOLockedValueBox(WorkLedger(settings: settings))
        self.onWait = onWait
    }

    /// Runs `body` once the request of `account` from `address` has its turn, and charges its cost to both.
    func serve<T>(account: UUID?, address: String, _ body: () async throws -> T) async rethrows -> T {
        var keys = [WorkLedger.Key(kind: .address, name: address)]
        if let account { keys.append(WorkLedger.Key(kind: .account, name: account.uuidString)) }
        let (ticket, givesWay) = await admit(keys)
        let meter = WorkMeter(yields: givesWay)
        defer { ledger.withLockedValue { $0.finish(ticket, now: now, waited: meter.waited) } }
        return try await WorkScheduler.$origin.withValue(address) {
            try await WorkMeter.$current.withValue(meter) { try await body() }
        }
    }

    /// Waits until `keys` may run, and says whether their reads give way then (``WorkLedger/givesWay(_:now:)``); a
    /// cancelled request (its connection closing, a shutdown) runs at once.
    private func admit(_ keys: [WorkLedger.Key]) async -> (WorkLedger.Ticket, givesWay: Bool) {
        var waited = 0.0
        while true {
            let verdict = ledger.withLockedValue { ledger -> (WorkLedger.Verdict, (WorkLedger.Ticket, Bool)?) in
                let now = now
                let verdict = ledger.admit(keys, now: now)
                return (verdict, verdict == .run ? (ledger.ticket(keys), ledger.givesWay(keys, now: now)) : nil)
            }
            if let admitted = verdict.1 {
                if waited > 0 { onWait?(waited) }
                return admitted
            }
            guard case .wait(let seconds) = verdict.0 else { continue }
            // Asked again at least every quarter second: others' requests move the shares meanwhile.
            let pause = min(seconds, 0.25)
            do {
                try await Task.sleep(for: .seconds(pause))
                waited += pause
            } catch {
                return ledger.withLockedValue { ($0.force(keys, now: now), false) }
            }
        }
    }

    /// Seconds since the scheduler was made.
    private var now: Double { (ContinuousClock.now - started).seconds }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
