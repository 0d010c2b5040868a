import Foundation
import GorillaShared

/// `gorilla calendar [YYYY-MM]`: one month of the calendar.
public struct CalendarService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// The month `month` (YYYY-MM; the current one when nil) in the local time zone, with its events.
    public func month(_ month: String?, now: Date = Date()) async throws -> CalendarMonth {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        var year = calendar.component(.year, from: now)
        var monthNumber = calendar.component(.month, from: now)
        if let month {
            let parts = month.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, (1...12).contains(parts[1]), (1900...9999).contains(parts[0]) else {
                throw ClientError(.usage, "the month is YYYY-MM, not '\(month)'")
            }
            (year, monthNumber) = (parts[0], parts[1])
        }
        let first = calendar.date(from: DateComponents(year: year, month: monthNumber, day: 1))!
        let next = calendar.date(byAdding: .month, value: 1, to: first)!
        let cache = try await context.freshCache()
        let names = try ClientDirectory(cache: cache).names()
        let events = try cache.entities(.event).compactMap { event -> (Date, CachedEntity)? in
            guard let start = event[string: "start"].flatMap(ISOTime.parse), start >= first, start < next else {
                return nil
            }
            return (start, event)
        }.sorted { $0.0 < $1.0 }
        var perDay: [Int: Int] = [:]
        for (start, event) in events where event[string: "status"] != "cancelled" {
            perDay[calendar.component(.day, from: start), default: 0] += 1
        }
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        return CalendarMonth(
            year: year, month: monthNumber, days: calendar.range(of: .day, in: .month, for: first)!.count,
            firstWeekday: (calendar.component(.weekday, from: first) + 5) % 7,
            today: today.year == year && today.month == monthNumber ? today.day : nil,
            eventsPerDay: perDay,
            events: events.map { _, event in
                EventLine(EntityRecord(event), clientName: event[string: "client"].flatMap { names[$0] })
            })
    }
}

/// `gorilla calendar`: a month, the days with events, and its events.
public struct CalendarMonth: Presentable {
    /// The year, e.g. 2026.
    public let year: Int
    /// 1–12.
    public let month: Int
    /// How many days the month has.
    public let days: Int
    /// The weekday of the 1st, Monday = 0.
    public let firstWeekday: Int
    /// Today's day of the month, when today is in this month.
    public let today: Int?
    /// How many events (cancelled ones left out) each day with any has.
    public let eventsPerDay: [Int: Int]
    /// The month's events by start, cancelled ones included.
    public let events: [EventLine]

    public func encode(to encoder: any Encoder) throws {
        let json: JSONValue = [
            "month": .string(String(format: "%04d-%02d", year, month)),
            "days": .array(
                eventsPerDay.keys.sorted().map {
                    .object(["day": .number(Double($0)), "events": .number(Double(eventsPerDay[$0]!))])
                }),
            "events": .array(try events.map { try JSONValue.encode($0) }),
        ]
        try json.encode(to: encoder)
    }
}
