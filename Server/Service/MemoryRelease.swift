import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#endif

/// Gives the memory that closed connections held back to the system.
///
/// A connection that fell behind (a subscriber that never reads, a reply nobody took) is closed and everything it held
/// is freed, but the C allocator keeps freed pages in its arenas for reuse: the process stays near its peak after a
/// burst. Each close is noted (``connectionClosed()``); a loop asks the allocator to return its free pages
/// (`malloc_trim`) once connections have closed, at most once every ``interval`` seconds, so that a churn of short
/// connections costs one trim per interval and no request waits for it.
///
/// - Note: `malloc_trim` is glibc's; elsewhere (and where the symbol is missing) nothing is trimmed.
final class MemoryRelease: Sendable {
    /// Seconds between two trims at the most.
    let interval: Double
    private let closed = NIOLockedValueBox(0)
    private let trim: (@Sendable () -> Void)?

    init(interval: Double = 5) {
        self.interval = interval
        trim = Self.allocatorTrim()
    }

    /// Notes that a connection closed: its memory is worth returning soon.
    func connectionClosed() {
        closed.withLockedValue { $0 += 1 }
    }

    /// Trims after closes, every ``interval`` at most, until cancelled.
    func run() async {
        guard let trim else { return }
        while !Task.isCancelled {
            do { try await Task.sleep(for: .seconds(interval)) } catch { return }
            let closes = closed.withLockedValue { count in
                defer { count = 0 }
                return count
            }
            if closes > 0 { trim() }
        }
    }

    /// glibc's `malloc_trim(0)`, found at run time (it is not in Swift's Glibc module).
    private static func allocatorTrim() -> (@Sendable () -> Void)? {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
            let function = unsafeBitCast(symbol, to: Trim.self)
            return { _ = function(0) }
        #else
            return nil
        #endif
    }
}
