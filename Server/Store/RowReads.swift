import Foundation
import NIOConcurrencyHelpers

/// Counts the `entities` rows read by id (``EntityRow/fetch(_:id:)``, ``EntityRow/reference(_:id:)``,
/// ``EntityRow/references(_:ids:)``) in the transactions of the task it is bound to: how tests see that a push reads
/// each row it writes once.
package final class RowReads: Sendable {
    /// The counter of the current task (nil outside a test that counts); ``ServerStore`` carries it into its
    /// transactions.
    @TaskLocal package static var current: RowReads?

    private let counts = NIOLockedValueBox<[UUID: Int]>([:])

    package init() {}

    /// How many times row `id` was read.
    package func count(_ id: UUID) -> Int { counts.withLockedValue { $0[id] ?? 0 } }

    /// Notes one read of each of `ids`.
    func add(_ ids: some Sequence<UUID>) {
        counts.withLockedValue { counts in for id in ids { counts[id, default: 0] += 1 } }
    }

    /// Runs `body` with `counter` bound as the current one (as it is, when nil).
    static func bound<T>(_ counter: RowReads?, _ body: () throws -> T) rethrows -> T {
        guard let counter else { return try body() }
        return try $current.withValue(counter, operation: body)
    }
}
