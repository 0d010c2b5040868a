import Foundation
import GorillaServer
import GorillaShared
import NIOConcurrencyHelpers

/// A clock for the server under test that runs with the system's and jumps ahead when the test says so.
///
/// Give it to ``withGorillaServer(_:clock:configure:_:)`` (or ``source`` to a configuration) and call ``advance(by:)``
/// where a test would otherwise sleep until an expiry, a lifetime or a reuse interval has passed. A server process
/// reads the same offset from ``file`` (`GORILLA_TEST_CLOCK_FILE`, ``TimeSource/shifted(byFileAt:)``). It never goes
/// back, so what the server measured before a jump stays in the past.
package final class TestClock: Sendable {
    private let offset = NIOLockedValueBox<TimeInterval>(0)
    private let folder: TemporaryFolder

    package init() throws {
        folder = try TemporaryFolder("gorilla-test-clock")
    }

    /// The file that holds the offset, in seconds, for a server process.
    package var file: URL { folder.url.appendingPathComponent("offset") }

    /// Moves the clock `seconds` ahead of the system's, on top of any earlier jump; a server process sees it at its
    /// next look at the time.
    package func advance(by seconds: TimeInterval) throws {
        precondition(seconds >= 0, "a test clock never goes back")
        let total = offset.withLockedValue {
            $0 += seconds
            return $0
        }
        try Data("\(total)\n".utf8).write(to: file, options: .atomic)
    }

    /// The time source that reads this clock.
    package var source: TimeSource {
        TimeSource { [offset] in Date().addingTimeInterval(offset.withLockedValue { $0 }) }
    }

    /// The time of day on this clock.
    package var now: Date { source.now }
}
