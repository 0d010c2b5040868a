import Foundation
import GorillaShared

/// Counts events per key in a sliding window and says when a key has had too many: either a fixed number per window,
/// or a wait that doubles with each event past the first few (``Backoff``).
///
/// With a shared store (PostgreSQL, several instances), the events are rows of the database, so that a limit holds
/// across every instance as on one (docs/security.md); a failing database falls back to this instance's own count.
///
/// - Important: An actor; shared by every connection of a server.
package actor RateLimiter {
    /// A wait that grows with each event: none for the first `free` events, then `first`, twice as long for each
    /// further event, never longer than `longest`; events older than `memory` are forgotten.
    package struct Backoff: Sendable, Equatable {
        package var free: Int
        package var first: TimeInterval
        package var longest: TimeInterval
        package var memory: TimeInterval

        package init(free: Int, first: TimeInterval, longest: TimeInterval, memory: TimeInterval) {
            self.free = free
            self.first = first
            self.longest = longest
            self.memory = memory
        }

        /// The wait that follows the `events`-th event; nil while fewer than `free` have happened.
        package func wait(after events: Int) -> TimeInterval? {
            guard events >= free else { return nil }
            // Past 2^20 the cap has long been reached; the shift stays small.
            return min(longest, first * Double(1 << min(events - free, 20)))
        }
    }

    /// The most events a key may have in `window` (with a ``Backoff``, the free ones).
    package let limit: Int
    /// How long an event counts.
    package let window: TimeInterval
    /// The growing wait, when the limiter backs off rather than counting to a fixed limit.
    package let backoff: Backoff?
    /// The database the events are kept in, and this limiter's name there; nil: in memory.
    private let shared: (store: ServerStore, name: String)?
    /// Where "now" is read when a caller does not say.
    private let clock: TimeSource
    private var events: [String: [Date]] = [:]
    private var lastSweep: Date

    package init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
        backoff = nil
        shared = nil
        clock = .system
        lastSweep = clock.now
    }

    /// A limiter that backs off (``Backoff``), its events in memory.
    package init(backoff: Backoff) {
        limit = backoff.free
        window = backoff.memory
        self.backoff = backoff
        shared = nil
        clock = .system
        lastSweep = clock.now
    }

    /// A limiter whose events are rows of `store` under `name`, when the store is shared by several instances; with
    /// `backoff`, it backs off rather than counting to `limit` in `window`; "now" is read from `clock`.
    init(
        limit: Int, window: TimeInterval, backoff: Backoff? = nil, name: String, store: ServerStore,
        clock: TimeSource = .system
    ) {
        self.limit = backoff?.free ?? limit
        self.window = backoff?.memory ?? window
        self.backoff = backoff
        shared = store.isShared ? (store, name) : nil
        self.clock = clock
        lastSweep = clock.now
    }

    /// Seconds until `key` may try again, or nil if it may now.
    package func retryAfter(_ key: String, now: Date? = nil) async -> Int? {
        let now = now ?? clock.now
        let (count, oldest, newest) = await recent(key, now: now)
        if let backoff {
            guard let wait = backoff.wait(after: count), let newest else { return nil }
            return seconds(until: newest.addingTimeInterval(wait), now: now)
        }
        guard count >= limit, let oldest else { return nil }
        return max(1, seconds(until: oldest.addingTimeInterval(window), now: now) ?? 1)
    }

    /// How many events `key` has in the window, the oldest and the newest: from the shared store when there is one
    /// and it answers, else from this instance's memory.
    private func recent(_ key: String, now: Date) async -> (count: Int, oldest: Date?, newest: Date?) {
        if let shared,
            let found = try? await shared.store.rateEvents(
                shared.name, key: key, after: now.addingTimeInterval(-window))
        {
            return found
        }
        let dates = prune(key, now: now)
        return (dates.count, dates.min(), dates.max())
    }

    /// Whole seconds (rounded up) until `moment`, or nil once it has passed.
    private func seconds(until moment: Date, now: Date) -> Int? {
        let left = moment.timeIntervalSince(now)
        return left > 0 ? Int(left.rounded(.up)) : nil
    }

    /// Records one event (a failed login, a wrong code) for `key`.
    package func record(_ key: String, now: Date? = nil) async {
        let now = now ?? clock.now
        if let shared {
            let sweep = now.timeIntervalSince(lastSweep) > window
            if sweep { lastSweep = now }
            if (try? await shared.store.recordRateEvent(
                shared.name, key: key, at: now, forgettingBefore: sweep ? now.addingTimeInterval(-window) : nil))
                != nil
            {
                return
            }
        }
        var recent = prune(key, now: now)
        recent.append(now)
        events[key] = recent
        sweepIfDue(now: now)
    }

    /// Forgets `key` (after a successful login, a right code).
    package func reset(_ key: String) async {
        if let shared { try? await shared.store.resetRateEvents(shared.name, key: key) }
        events[key] = nil
    }

    private func prune(_ key: String, now: Date) -> [Date] {
        let cutoff = now.addingTimeInterval(-window)
        let recent = (events[key] ?? []).filter { $0 > cutoff }
        events[key] = recent.isEmpty ? nil : recent
        return recent
    }

    private func sweepIfDue(now: Date) {
        guard now.timeIntervalSince(lastSweep) > window else { return }
        lastSweep = now
        let cutoff = now.addingTimeInterval(-window)
        events = events.compactMapValues { dates in
            let recent = dates.filter { $0 > cutoff }
            return recent.isEmpty ? nil : recent
        }
    }
}
