import Foundation

/// How far a client kept to their appointments and to the sessions a week their plan asks for: the one rule that
/// `stats --compliance` (on the device) and the gym's overview (`gym.overview`, on the server) count by.
///
/// Weeks start on Monday at midnight in the rule's time zone. A session counts in the week it started; an appointment
/// counts once due (started by now) when it takes place (``AppointmentState/takesPlace``), and is kept when done
/// (marked done, or fulfilled by a session). The plan counts the weeks that have begun; this week only once its
/// sessions already meet the target.
package struct ComplianceRule: Sendable {
    package let now: Date
    /// The ISO 8601 calendar of the rule's time zone.
    package let calendar: Calendar

    package init(now: Date = Date(), timeZone: TimeZone = .current) {
        self.now = now
        calendar = Calendars.iso8601(in: timeZone)
    }

    /// One week's counts.
    package struct Week: Sendable, Equatable {
        /// The day the week starts (its Monday, at midnight).
        package var start: Date
        package var sessions = 0
        /// Appointments due that take place.
        package var appointments = 0
        /// Of those, the ones done.
        package var kept = 0
        /// Of those, the ones that ended without being done.
        package var missed = 0
    }

    /// A client's counts over the weeks asked.
    package struct Tally: Sendable, Equatable {
        package var weeks: [Week]
        /// Sessions the plan asked for, over the weeks it counts.
        package var planned = 0
        /// Of those, the ones held (at most the target a week).
        package var met = 0

        package var sessions: Int { weeks.reduce(0) { $0 + $1.sessions } }
        package var appointments: Int { weeks.reduce(0) { $0 + $1.appointments } }
        package var kept: Int { weeks.reduce(0) { $0 + $1.kept } }
        package var missed: Int { weeks.reduce(0) { $0 + $1.missed } }
        /// `kept / appointments`, 0…1; nil without appointments.
        package var appointmentRate: Double? { Self.rate(kept, of: appointments) }
        /// Σ min(sessions, target) / Σ target over the weeks, 0…1; nil without a target.
        package var planRate: Double? { Self.rate(met, of: planned) }

        /// `part / whole`, nil when `whole` is 0.
        package static func rate(_ part: Int, of whole: Int) -> Double? {
            whole > 0 ? Double(part) / Double(whole) : nil
        }
    }

    /// The weeks from the week of `from` (else 11 weeks before this one) to the week of `to` (else this one), each by
    /// the day it starts; none before the week of `notBefore`; at most 520.
    package func weekStarts(from: Date?, to: Date?, notBefore: Date? = nil) -> [Date] {
        let thisWeek = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? now
        var first =
            from.flatMap { calendar.dateInterval(of: .weekOfYear, for: $0)?.start }
            ?? calendar.date(byAdding: .weekOfYear, value: -11, to: thisWeek) ?? thisWeek
        if let floor = notBefore.flatMap({ calendar.dateInterval(of: .weekOfYear, for: $0)?.start }) {
            first = max(first, floor)
        }
        let last =
            to.flatMap { calendar.dateInterval(of: .weekOfYear, for: $0.addingTimeInterval(-1))?.start } ?? thisWeek
        var starts: [Date] = []
        var week = first
        while week <= last, starts.count < 520 {
            starts.append(week)
            week = calendar.date(byAdding: .weekOfYear, value: 1, to: week) ?? last.addingTimeInterval(1)
        }
        return starts
    }

    /// A client's tally: `sessions` (their starts) and `appointments` (each start with its state, a session that
    /// names it already counted as fulfilling it) against the plan's `target` sessions a week, over the weeks from the
    /// later of `since` (when the client joined or the target was set) and `from`, to `to`.
    package func tally(
        target: Int?, sessions: [Date], appointments: [(start: Date, state: AppointmentState)], from: Date? = nil,
        to: Date? = nil, since: Date? = nil
    ) -> Tally {
        let starts = weekStarts(from: from, to: to, notBefore: since)
        // The weeks follow one another, so a date is in the last week that starts at or before it, when it is before
        // the end of the last one: found among the starts, not asked of the calendar for every date.
        let end = starts.last.flatMap { calendar.date(byAdding: .weekOfYear, value: 1, to: $0) }
        func week(of date: Date) -> Int? {
            guard let first = starts.first, let end, date >= first, date < end else { return nil }
            var low = 0, high = starts.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if starts[middle] <= date { low = middle } else { high = middle }
            }
            return low
        }
        var tally = Tally(weeks: starts.map { Week(start: $0) })
        for start in sessions {
            guard let index = week(of: start) else { continue }
            tally.weeks[index].sessions += 1
        }
        for (start, state) in appointments {
            guard start <= now, state.takesPlace, let index = week(of: start) else { continue }
            tally.weeks[index].appointments += 1
            if state == .done { tally.weeks[index].kept += 1 }
            if state == .missed { tally.weeks[index].missed += 1 }
        }
        if let target, target > 0 {
            let thisWeek = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? now
            for week in tally.weeks where week.start <= now && (week.start < thisWeek || week.sessions >= target) {
                tally.planned += target
                tally.met += min(week.sessions, target)
            }
        }
        return tally
    }
}

extension Client {
    /// When the client's compliance starts counting: the later of the day they joined and the day their target was
    /// set, that day read in `zone` (nil when neither is known).
    package func complianceStart(in zone: TimeZone = .current) -> Date? {
        [joined, perWeekSince?.start(in: zone)].compactMap { $0 }.max()
    }
}
