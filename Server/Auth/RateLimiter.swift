import Foundation

/// Counts events per key in a sliding window and says when a key has had too many.
///
/// - Important: An actor; shared by every connection of a server.
public actor RateLimiter {
    public let limit: Int
    public let window: TimeInterval
    private var events: [String: [Date]] = [:]
    private var lastSweep = Date()

    public init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Seconds until `key` may try again, or nil if it may now.
    public func retryAfter(_ key: String, now: Date = Date()) -> Int? {
        let recent = prune(key, now: now)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up)))
    }

    /// Records one event (a failed login, a code attempt) for `key`.
    public func record(_ key: String, now: Date = Date()) {
        var recent = prune(key, now: now)
        recent.append(now)
        events[key] = recent
        sweepIfDue(now: now)
    }

    /// Forgets `key` (after a successful login).
    public func reset(_ key: String) {
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
