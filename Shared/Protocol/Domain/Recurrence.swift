import Foundation

/// A day of the week, as RFC 5545's BYDAY spells it (lower case in documents).
package enum Weekday: String, Codable, Sendable, CaseIterable, Comparable {
    case mo, tu, we, th, fr, sa, su

    /// Monday = 0 … Sunday = 6.
    package var index: Int { Self.allCases.firstIndex(of: self)! }

    /// The weekday of `day`.
    package init(of day: CalendarDate) {
        // 1970-01-01 was a Thursday.
        self = Self.allCases[((day.daysSinceEpoch % 7) + 7 + 3) % 7]
    }

    package static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.index < rhs.index }
}

/// How a series of appointments repeats: RFC 5545's RRULE, reduced to what a coach schedules (every N days, weeks on
/// some weekdays, or months on the start's day), bounded by a last day or a number of occurrences, or neither.
///
/// Occurrences keep the series' local wall-clock time in its time zone across daylight-saving changes
/// (``occurrences(of:zone:from:to:)``). An occurrence is named by the local day it falls on before any exception
/// moves it (``CalendarDate``, the RECURRENCE-ID's date): a series never has two on one day.
package struct Recurrence: Codable, Sendable, Equatable {
    package enum Frequency: String, Codable, Sendable, CaseIterable {
        case daily, weekly, monthly

        /// RFC 5545's FREQ value.
        package var rfcName: String { rawValue.uppercased() }
    }

    /// Largest `interval`.
    package static let intervalRange = 1...52
    /// Largest `count`.
    package static let countRange = 1...1000
    /// Occurrences looked at in one expansion at most (a daily series over 27 years): an expansion always ends.
    package static let maxSteps = 10_000

    package var frequency: Frequency
    /// Every `interval` days, weeks or months.
    package var interval: Int
    /// The weekdays of a weekly series, in order; empty means the start's weekday.
    package var days: [Weekday]
    /// The last day an occurrence may fall on (in the series' zone), inclusive.
    package var until: CalendarDate?
    /// How many occurrences the series has, the first (its start) included.
    package var count: Int?

    package init(
        _ frequency: Frequency, interval: Int = 1, days: [Weekday] = [], until: CalendarDate? = nil, count: Int? = nil
    ) {
        self.frequency = frequency
        self.interval = interval
        self.days = Array(Set(days)).sorted()
        self.until = until
        self.count = count
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case frequency, interval, days, until, count
    }

    /// Its counts (``DocumentForms``).
    package static let forms = DocumentForms([CodingKeys.interval: .count, .count: .count])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        frequency = try container.decode(Frequency.self, forKey: .frequency)
        interval = try container.decodeIfPresent(Int.self, forKey: .interval) ?? 1
        // In order and each once, as `init` keeps them: the expansion walks a week's days in this order.
        days = Array(Set(try container.decodeIfPresent([Weekday].self, forKey: .days) ?? [])).sorted()
        until = try container.decodeIfPresent(CalendarDate.self, forKey: .until)
        count = try container.decodeIfPresent(Int.self, forKey: .count)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frequency, forKey: .frequency)
        try container.encode(interval, forKey: .interval)
        if !days.isEmpty { try container.encode(days, forKey: .days) }
        try container.encodeIfPresent(until, forKey: .until)
        try container.encodeIfPresent(count, forKey: .count)
    }

    /// What is wrong with the rule for a series starting on `first`, in English (the server's refusal); nil when nothing is.
    package func problem(startingOn first: CalendarDate) -> String? {
        reason(startingOn: first)?.description
    }

    /// Why the rule cannot make a series starting on `first`: each device words it in its language, the server in
    /// English (``Reason/description``).
    package enum Reason: Sendable, Equatable, CustomStringConvertible {
        case interval, count, untilAndCount
        case untilBeforeFirst(until: CalendarDate, first: CalendarDate)
        case daysNotWeekly
        case firstDayNotInDays(first: CalendarDate, weekday: Weekday)

        package var description: String {
            switch self {
            case .interval:
                "the interval is \(Recurrence.intervalRange.lowerBound)–\(Recurrence.intervalRange.upperBound)"
            case .count: "the count is \(Recurrence.countRange.lowerBound)–\(Recurrence.countRange.upperBound)"
            case .untilAndCount: "a series ends on a day or after a count, not both"
            case .untilBeforeFirst(let until, let first): "the last day \(until) is before the first, \(first)"
            case .daysNotWeekly: "weekdays go with a weekly series"
            case .firstDayNotInDays(let first, let weekday):
                "the first day, \(first), is a \(weekday.rawValue), not one of the series' days"
            }
        }
    }

    /// What is wrong with the rule for a series starting on `first`; nil when nothing is.
    package func reason(startingOn first: CalendarDate) -> Reason? {
        if !Self.intervalRange.contains(interval) { return .interval }
        if let count, !Self.countRange.contains(count) { return .count }
        if until != nil && count != nil { return .untilAndCount }
        if let until, until < first { return .untilBeforeFirst(until: until, first: first) }
        if frequency != .weekly && !days.isEmpty { return .daysNotWeekly }
        if frequency == .weekly, !days.isEmpty, !days.contains(Weekday(of: first)) {
            return .firstDayNotInDays(first: first, weekday: Weekday(of: first))
        }
        return nil
    }

    /// Whether the series has a last occurrence.
    package var isBounded: Bool { until != nil || count != nil }

    // MARK: Expansion

    /// The occurrences of a series that starts at `start` in `zone` and whose start lies in [`from`, `to`), in order:
    /// each with the local day that names it and its start. The series' wall-clock time is kept on every day; a time
    /// that does not exist on a day (clocks go forward) is read with the offset before the gap, one that happens twice
    /// (clocks go back) is the first of the two (RFC 5545, 3.3.5).
    package func occurrences(of start: Date, zone: TimeZone, from: Date, to: Date) -> [(day: CalendarDate, start: Date)]
    {
        var found: [(day: CalendarDate, start: Date)] = []
        let clock = WallClock(start, in: zone)
        forEachDay(from: CalendarDate(start, in: zone)) { day in
            let instant = clock.instant(on: day, in: zone)
            if instant >= to { return false }
            if instant >= from { found.append((day, instant)) }
            return true
        }
        return found
    }

    /// The start of the occurrence named by `day`, or nil when the series has none that day (worked out without
    /// walking the series: ``position(of:startingOn:)``).
    package func occurrence(on day: CalendarDate, of start: Date, zone: TimeZone) -> Date? {
        guard falls(on: day, startingOn: CalendarDate(start, in: zone)) else { return nil }
        return WallClock(start, in: zone).instant(on: day, in: zone)
    }

    /// How many occurrences fall on days before `day`.
    package func occurrencesBefore(_ day: CalendarDate, of start: Date, zone: TimeZone) -> Int {
        var seen = 0
        forEachDay(from: CalendarDate(start, in: zone)) { candidate in
            guard candidate < day else { return false }
            seen += 1
            return true
        }
        return seen
    }

    /// The last occurrence's day, when the series has one.
    package func lastDay(of start: Date, zone: TimeZone) -> CalendarDate? {
        guard isBounded else { return nil }
        var last: CalendarDate?
        forEachDay(from: CalendarDate(start, in: zone)) { day in
            last = day
            return true
        }
        return last
    }

    /// The days of every occurrence of a series whose first day is `first`, in order, as the plain walk finds them
    /// (at most ``maxSteps`` steps): what ``position(of:startingOn:)`` must agree with.
    package func occurrenceDays(startingOn first: CalendarDate) -> [CalendarDate] {
        var days: [CalendarDate] = []
        forEachDay(from: first) { day in
            days.append(day)
            return true
        }
        return days
    }

    /// Calls `body` with the day of each occurrence in order until it returns false or the series ends.
    private func forEachDay(from first: CalendarDate, _ body: (CalendarDate) -> Bool) {
        let firstDay = first.daysSinceEpoch
        let step = max(1, interval)
        var emitted = 0
        var steps = 0
        func emit(_ day: CalendarDate) -> Bool {
            if let until, day > until { return false }
            if let count, emitted >= count { return false }
            emitted += 1
            return body(day)
        }
        switch frequency {
        case .daily:
            while steps < Self.maxSteps {
                guard emit(CalendarDate(daysSinceEpoch: firstDay + steps * step)) else { return }
                steps += 1
            }
        case .weekly:
            let weekdays = days.isEmpty ? [Weekday(of: first)] : days
            let monday = firstDay - Weekday(of: first).index
            var week = 0
            while steps < Self.maxSteps {
                for weekday in weekdays {
                    let day = monday + week * 7 + weekday.index
                    guard day >= firstDay else { continue }
                    steps += 1
                    guard emit(CalendarDate(daysSinceEpoch: day)) else { return }
                }
                week += step
            }
        case .monthly:
            var months = 0
            while steps < Self.maxSteps {
                let total = first.year * 12 + (first.month - 1) + months
                // A month without the start's day (the 31st in April) has no occurrence.
                if let day = CalendarDate(year: total / 12, month: total % 12 + 1, day: first.day) {
                    guard emit(day) else { return }
                }
                steps += 1
                months += step
            }
        }
    }

    // MARK: RFC 5545

    /// The RRULE value: `FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH;UNTIL=20261231T225959Z`. UNTIL is the end of the last day in
    /// `zone`, in UTC, as RFC 5545 asks when DTSTART has a time zone.
    package func rrule(zone: TimeZone) -> String {
        var parts = ["FREQ=\(frequency.rfcName)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !days.isEmpty { parts.append("BYDAY=" + days.map { $0.rawValue.uppercased() }.joined(separator: ",")) }
        if let until {
            let end = WallClock(hour: 23, minute: 59, second: 59).instant(on: until, in: zone)
            let utc = CalendarDate(end, in: TimeZone(identifier: "UTC")!)
            let time = WallClock(end, in: TimeZone(identifier: "UTC")!)
            parts.append(
                "UNTIL="
                    + String(
                        format: "%04d%02d%02dT%02d%02d%02dZ", utc.year, utc.month, utc.day, time.hour, time.minute,
                        time.second))
        }
        if let count { parts.append("COUNT=\(count)") }
        return parts.joined(separator: ";")
    }
}

/// A local time of day, placed on any day in a zone by RFC 5545's rules.
package struct WallClock: Sendable, Equatable {
    package var hour: Int
    package var minute: Int
    package var second: Int

    package init(hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The time of day `date` shows in `zone`.
    package init(_ date: Date, in zone: TimeZone) {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        let seconds = ((local % 86_400) + 86_400) % 86_400
        self.init(hour: seconds / 3600, minute: seconds % 3600 / 60, second: seconds % 60)
    }

    /// The instant clocks in `zone` show this time on `day`: in a gap, read with the offset before it (02:30 becomes
    /// 03:30 when clocks go from 02:00 to 03:00); in a repeated hour, the first time it is shown.
    package func instant(on day: CalendarDate, in zone: TimeZone) -> Date {
        let wall = Double(day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second)
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400))
        let matching = [before, after].map { Date(timeIntervalSince1970: wall - Double($0)) }
            .filter { zone.secondsFromGMT(for: $0) == Int(wall - $0.timeIntervalSince1970) }
        return matching.min() ?? Date(timeIntervalSince1970: wall - Double(before))
    }
}

extension CalendarDate {
    /// The day `days` after 1970-01-01.
    package init(daysSinceEpoch days: Int) {
        // The proleptic Gregorian calendar `daysSinceEpoch` counts in (Foundation's turns Julian before 1582-10-15).
        let (year, month, day) = ISOTime.civilDate(daysSinceEpoch: Int64(days))
        self.year = Int(year)
        self.month = Int(month)
        self.day = Int(day)
    }

    /// The day `days` later (earlier when negative).
    package func adding(days: Int) -> CalendarDate { CalendarDate(daysSinceEpoch: daysSinceEpoch + days) }
}
