import Foundation

/// Counts events per key in a sliding window and says when a key has had too many.
///
/// With a shared store (PostgreSQL, several instances), the events are rows of the database, so that a limit holds
/// across every instance as on one (docs/security.md); a failing database falls back to this instance's own count.
///
/// - Important: An actor; shared by every connection of a server.
public actor RateLimiter {
    public let limit: Int
    public let window: TimeInterval
    /// The database the events are kept in, and this limiter's name there; nil: in memory.
    private let shared: (store: ServerStore, name: String)?
    private var events: [String: [Date]] = [:]
    private var lastSweep = Date()

    public init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
        shared = nil
    }

    /// A limiter whose events are rows of `store` under `name`, when the store is shared by several instances.
    init(limit: Int, window: TimeInterval, name: String, store: ServerStore) {
        self.limit = limit
        self.window = window
        shared = store.isShared ? (store, name) : nil
    }

    /// Seconds until `key` may try again, or nil if it may now.
    public func retryAfter(_ key: String, now: Date = Date()) async -> Int? {
        if let shared,
            let (count, oldest) = try? await shared.store.rateEvents(
                shared.name, key: key, after: now.addingTimeInterval(-window))
        {
            guard count >= limit, let oldest else { return nil }
            return wait(since: oldest, now: now)
        }
        let recent = prune(key, now: now)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return wait(since: oldest, now: now)
    }

    /// Whole seconds (at least one) until the event at `oldest` leaves the window.
    private func wait(since oldest: Date, now: Date) -> Int {
        max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up)))
    }

    /// Records one event (a failed login, a code attempt) for `key`.
    public func record(_ key: String, now: Date = Date()) async {
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

    /// Forgets `key` (after a successful login).
    public func reset(_ key: String) async {
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
