import Foundation
import NIOConcurrencyHelpers

/// What a request spent waiting for others' work — the store's write lock or a reader, its turn at the password
/// threads — which is not its own cost: fair scheduling (``WorkScheduler``) charges a request its service less this.
final class WorkMeter: Sendable {
    /// The current request's meter (nil outside a request).
    @TaskLocal static var current: WorkMeter?

    private let seconds = NIOLockedValueBox(0.0)
    /// Whether the request's account or address is heavy (``WorkLedger/givesWay(_:now:)`` when it was admitted): its
    /// reads then run on ``YieldingThreads``.
    let yields: Bool

    init(yields: Bool = false) {
        self.yields = yields
    }

    /// Seconds the request waited so far.
    var waited: Double { seconds.withLockedValue { $0 } }

    /// Adds `duration` to the time the request waited.
    func add(waited duration: Duration) {
        let added = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        seconds.withLockedValue { $0 += added }
    }
}
