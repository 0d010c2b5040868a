import Foundation

/// A day on the calendar, written `YYYY-MM-DD`: the same day on every device, whatever its time zone.
///
/// A measurement's date is one (a person is weighed on the 20th, not at an instant that is the 19th in another zone).
/// Documents written before measurements had calendar dates hold an ISO-8601 instant instead; ``init(_:)`` reads one
/// as the day written in it: the day in the offset it carries (the zone it was entered in), the UTC day for `Z`.
package struct CalendarDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package let year: Int
    package let month: Int
    package let day: Int

    /// The day `year`-`month`-`day`; nil when it does not exist (``ISOTime/dateProblem(year:month:day:)``).
    package init?(year: Int, month: Int, day: Int) {
        guard ISOTime.dateProblem(year: year, month: month, day: day) == nil else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`, or an ISO-8601 time (`2026-11-19T23:00:00.000Z`, `2026-11-20T00:00:00+01:00`) as the day
    /// written in it; nil for anything else.
    package init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count == 10 || ISOTime.parse(trimmed) != nil else { return nil }
        let parts = trimmed.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `zone`.
    package init(_ date: Date, in zone: TimeZone) {
        let calendar = Calendars.gregorian(in: zone)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        year = parts.year!
        month = parts.month!
        day = parts.day!
    }

    /// Today in the device's time zone.
    package static func today(in zone: TimeZone = .current) -> CalendarDate { CalendarDate(Date(), in: zone) }

    /// `YYYY-MM-DD`.
    package var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Days since 1970-01-01.
    package var daysSinceEpoch: Int {
        Int(ISOTime.daysSinceEpoch(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// How many days lie between this day and `other` (0 for the same day), whichever comes first.
    package func distance(to other: CalendarDate) -> Int { abs(other.daysSinceEpoch - daysSinceEpoch) }

    /// Midnight at the start of the day in `zone` (to place the day on a time axis).
    package func start(in zone: TimeZone = .current) -> Date {
        let calendar = Calendars.gregorian(in: zone)
        return calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a date (YYYY-MM-DD): \(text)"))
        }
        self = date
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
