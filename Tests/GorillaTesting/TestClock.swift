import Foundation
import GorillaShared
import NIOConcurrencyHelpers

/// A clock for the component under test that runs with the system's and jumps ahead when the test says so.
///
/// Give ``source`` to the server (`configuration.clock = clock.source`) and call ``advance(by:)`` where a test would
/// otherwise sleep until an expiry, a lifetime or a reuse interval has passed. It never goes back, so what the
/// component measured before the jump stays in the past.
public final class TestClock: Sendable {
    private let offset = NIOLockedValueBox<TimeInterval>(0)

    public init() {}

    /// Moves the clock `seconds` ahead of the system's, on top of any earlier jump.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "a test clock never goes back")
        offset.withLockedValue { $0 += seconds }
    }

    /// The time source that reads this clock.
    public var source: TimeSource {
        TimeSource { [offset] in Date().addingTimeInterval(offset.withLockedValue { $0 }) }
    }

    /// The time of day on this clock.
    public var now: Date { source.now }
}
