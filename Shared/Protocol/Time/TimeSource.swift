import Foundation

/// Where a component reads the time of day: the system's clock, or one a test moves by hand.
///
/// The server reads every expiry, lifetime and reuse interval from the clock of its configuration
/// (`ServerConfiguration.clock`), so a test advances that clock instead of waiting for time to pass. Durations that
/// measure work (`ContinuousClock`) and timers on the event loops stay on the system's clocks.
package struct TimeSource: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that answers `now` with `read()`.
    package init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The system's clock.
    package static let system = TimeSource { Date() }

    /// The time of day now.
    package var now: Date { read() }
}
