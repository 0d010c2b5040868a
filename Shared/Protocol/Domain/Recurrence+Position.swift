import Foundation

extension Recurrence {
    /// The place (0 for the first) of the occurrence named by `day` in a series whose first day is `first`, or nil
    /// when the series has none that day.
    ///
    /// Worked out arithmetically: the same answer as walking the series (``occurrenceDays(startingOn:)``, which stops
    /// after ``maxSteps`` like every expansion), in time that does not grow with how far `day` lies, so that a server
    /// can check an exception's day before it takes any lock (RecurrencePositionTests keeps the two equal). Only a
    /// monthly series on the 29th walks its Februaries (at most ``maxSteps`` of them).
    package func position(of day: CalendarDate, startingOn first: CalendarDate) -> Int? {
        guard day >= first else { return nil }
        if let until, day > until { return nil }
        let found: Int?
        switch frequency {
        case .daily: found = dailyPosition(of: day, first: first)
        case .weekly: found = weeklyPosition(of: day, first: first)
        case .monthly: found = monthlyPosition(of: day, first: first)
        }
        guard let found else { return nil }
        if let count, found >= count { return nil }
        return found
    }

    /// Whether the series whose first day is `first` has an occurrence on `day` (``position(of:startingOn:)``).
    package func falls(on day: CalendarDate, startingOn first: CalendarDate) -> Bool {
        position(of: day, startingOn: first) != nil
    }

    private var step: Int { max(1, interval) }

    private func dailyPosition(of day: CalendarDate, first: CalendarDate) -> Int? {
        let offset = day.daysSinceEpoch - first.daysSinceEpoch
        guard offset % step == 0, offset / step < Self.maxSteps else { return nil }
        return offset / step
    }

    /// Weeks are walked from the first day's Monday, `interval` weeks at a time; the walk looks at a whole week once
    /// it has looked at fewer than ``maxSteps`` days.
    private func weeklyPosition(of day: CalendarDate, first: CalendarDate) -> Int? {
        let weekdays = days.isEmpty ? [Weekday(of: first)] : days
        let monday = first.daysSinceEpoch - Weekday(of: first).index
        let offset = day.daysSinceEpoch - monday
        let weekday = offset % 7
        guard (offset / 7) % step == 0, weekdays.contains(where: { $0.index == weekday }) else { return nil }
        let week = offset / 7 / step
        let firstWeek = weekdays.count { $0.index >= Weekday(of: first).index }
        if week == 0 { return weekdays.count { $0.index >= Weekday(of: first).index && $0.index < weekday } }
        let before = firstWeek + (week - 1) * weekdays.count
        guard before < Self.maxSteps else { return nil }
        return before + weekdays.count { $0.index < weekday }
    }

    /// Months are walked `interval` at a time for at most ``maxSteps`` months; one without the first day's number
    /// (the 31st in April) has no occurrence.
    private func monthlyPosition(of day: CalendarDate, first: CalendarDate) -> Int? {
        let offset = (day.year * 12 + day.month) - (first.year * 12 + first.month)
        guard day.day == first.day, offset % step == 0, offset / step < Self.maxSteps else { return nil }
        let months = offset / step
        return months - monthsLacking(first.day, before: months, first: first)
    }

    /// How many of the series' first `months` months have no day `day`. The months of the year repeat every
    /// `period` steps, so each of them is counted at once; only the 29th looks at each February's year.
    private func monthsLacking(_ day: Int, before months: Int, first: CalendarDate) -> Int {
        // Every month has the 1st to the 28th.
        guard day > 28 else { return 0 }
        let start = first.year * 12 + (first.month - 1)
        var (a, b) = (step, 12)
        while b != 0 { (a, b) = (b, a % b) }
        let period = 12 / a
        var lacking = 0
        for phase in 0..<min(period, months) {
            let month = (start + phase * step) % 12 + 1
            if month == 2 && day == 29 {
                for index in stride(from: phase, to: months, by: period)
                where ISOTime.daysIn(month: 2, year: (start + index * step) / 12) < 29 {
                    lacking += 1
                }
            } else if ISOTime.daysIn(month: month, year: 2001) < day {
                // The months `phase`, `phase + period`, … before `months`.
                lacking += (months - phase + period - 1) / period
            }
        }
        return lacking
    }
}
