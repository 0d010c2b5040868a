import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla calendar [YYYY-MM] [--week [YYYY-MM-DD]]`: one month, or one week, of the calendar.
package struct CalendarService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// The month `month` (YYYY-MM; the current one when nil) in `zone`, with its appointments (series expanded) and
    /// each day's marks.
    /// - Throws: ``ClientError`` `.usage` when `month` is not YYYY-MM.
    package func month(_ month: String?, now: Date = Date(), zone: TimeZone = .current) async throws -> CalendarMonth {
        let calendar = Calendars.gregorian(in: zone)
        var year = calendar.component(.year, from: now)
        var monthNumber = calendar.component(.month, from: now)
        if let month {
            let parts = month.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, (1...12).contains(parts[1]), (1900...9999).contains(parts[0]) else {
                let problem = parts.count == 3 ? CalendarPhrases.monthInvalidDay : .monthInvalid
                throw ClientError(.usage, problem.t(["text": month]))
            }
            (year, monthNumber) = (parts[0], parts[1])
        }
        let first = calendar.date(from: DateComponents(year: year, month: monthNumber, day: 1))!
        let next = calendar.date(byAdding: .month, value: 1, to: first)!
        let cache = try await context.freshCache()
        let facts = try AppointmentFacts(cache: cache, now: now)
        let events = try EventCalendar(cache: cache).events(from: first, to: next)
        let marks = CalendarMarks(events: events, sessions: try cache.all(SessionMark.self), now: now, zone: zone)
        let length = calendar.range(of: .day, in: .month, for: first)!.count
        var perDay: [Int: CalendarMarks.Day] = [:]
        for day in 1...length {
            let mark = marks[CalendarDate(year: year, month: monthNumber, day: day)!]
            if mark.events > 0 || mark.trained { perDay[day] = mark }
        }
        let today = CalendarDate(now, in: zone)
        var shown = CalendarMonth(
            year: year, month: monthNumber, days: length,
            firstWeekday: (calendar.component(.weekday, from: first) + 5) % 7,
            today: today.year == year && today.month == monthNumber ? today.day : nil,
            marks: perDay,
            events: events.map { facts.line($0) })
        shown.planned = try PlannedWorkout.between(
            CalendarDate(year: year, month: monthNumber, day: 1)!,
            CalendarDate(year: year, month: monthNumber, day: length)!, in: cache)
        return shown
    }

    /// The week (Monday to Sunday, in `zone`) holding `day` (YYYY-MM-DD; today when nil), with its appointments
    /// (series expanded) day by day.
    /// - Throws: ``ClientError`` `.usage` when `day` is not a date.
    package func week(_ day: String?, now: Date = Date(), zone: TimeZone = .current) async throws -> CalendarWeek {
        var chosen = CalendarDate(now, in: zone)
        if let day {
            guard let date = CalendarDate(day.trimmingCharacters(in: .whitespaces)) else {
                let problem =
                    EventFormatting.dateProblem(day, zone: zone) ?? CalendarPhrases.dayInvalid.t(["text": day])
                throw ClientError(.usage, "--week: \(problem)")
            }
            chosen = date
        }
        let calendar = Calendars.gregorian(in: zone)
        // 1970-01-01 was a Thursday: Monday is 0.
        let weekday = ((chosen.daysSinceEpoch + 3) % 7 + 7) % 7
        let starts = (0...7).map { calendar.date(byAdding: .day, value: $0 - weekday, to: chosen.start(in: zone))! }
        let cache = try await context.freshCache()
        let facts = try AppointmentFacts(cache: cache, now: now)
        let events = try EventCalendar(cache: cache).events(from: starts[0], to: starts[7])
        let marks = CalendarMarks(events: events, sessions: try cache.all(SessionMark.self), now: now, zone: zone)
        let days = (0..<7).map { index in
            let date = CalendarDate(starts[index], in: zone)
            let own = events.filter { $0.start >= starts[index] && $0.start < starts[index + 1] }
            return CalendarWeek.Day(
                date: date,
                events: own.map { facts.line($0) },
                trained: marks[date].trained, missed: marks[date].missed)
        }
        let iso = Calendars.iso8601(in: zone)
        let number = iso.dateComponents([.yearForWeekOfYear, .weekOfYear], from: starts[0].addingTimeInterval(43_200))
        let today = CalendarDate(now, in: zone)
        var shown = CalendarWeek(
            week: String(format: "%04d-W%02d", number.yearForWeekOfYear ?? chosen.year, number.weekOfYear ?? 1),
            days: days, today: days.contains { $0.date == today } ? today : nil, zone: zone)
        shown.planned = try PlannedWorkout.between(days[0].date, days[6].date, in: cache)
        return shown
    }
}

/// How an appointment turned out, for attendance: its ``GorillaShared/AppointmentState`` in four words. Cancelled
/// (by the coach, or declined by the client); done; missed; upcoming until it ends.
package enum AppointmentOutcome: String, Sendable, Codable {
    case done, missed, cancelled, upcoming

    /// The outcome of `event` at `now`; `fulfilled` holds the appointments sessions name
    /// (``fulfilled(by:)-(Stored<SessionMark>)``). Nil for what is not an appointment: a client's request, pending or
    /// declined.
    package init?(_ event: Stored<Event>, fulfilled: Set<UUID>, now: Date) {
        self.init(event.appointmentState(fulfilled: fulfilled.contains(event.id), now: now))
    }

    /// The outcome of an appointment in `state`; nil for a request.
    package init?(_ state: AppointmentState) {
        switch state {
        case .requested, .requestDeclined: return nil
        case .cancelled, .declinedByClient: self = .cancelled
        case .done: self = .done
        case .missed: self = .missed
        case .scheduled, .confirmed: self = .upcoming
        }
    }

    /// The appointments that `sessions` fulfil.
    static func fulfilled(by sessions: [Stored<SessionMark>]) -> Set<UUID> {
        Set(sessions.compactMap(\.event))
    }

    /// The appointments that `sessions` fulfil.
    package static func fulfilled(by sessions: [Stored<TrainingSession>]) -> Set<UUID> {
        Set(sessions.compactMap(\.event))
    }
}

/// What the days of the calendar hold, as the grids mark them: appointments (cancelled ones and requests left out),
/// whether any is still ahead or was missed, and whether the client trained (a session started that day).
package struct CalendarMarks: Sendable {
    /// One day's marks.
    package struct Day: Sendable, Equatable {
        /// Appointments that hold the day (scheduled or done; cancelled ones and requests are not counted).
        package var events = 0
        /// Whether one of them is still to come.
        package var ahead = false
        /// Whether a session started that day.
        package var trained = false
        /// Whether one of them was missed (``AppointmentOutcome/missed``).
        package var missed = false

        package init() {}

        /// The character the month grid writes after the day: `+` trained (whatever else the day holds), `!` an
        /// appointment missed, `*` appointments, a space for none.
        package var symbol: Character { trained ? "+" : missed ? "!" : events > 0 ? "*" : " " }
    }

    /// The days that hold anything, by date.
    package private(set) var days: [CalendarDate: Day] = [:]

    /// The marks of `events` (as ``EventCalendar`` gives them) and `sessions` at `now`, by their day in `zone`.
    /// Sessions outside the days shown still count for the appointments they fulfil.
    init(events: [Stored<Event>], sessions: [Stored<SessionMark>], now: Date, zone: TimeZone) {
        for session in sessions {
            guard let start = session.start else { continue }
            days[CalendarDate(start, in: zone), default: Day()].trained = true
        }
        let fulfilled = AppointmentOutcome.fulfilled(by: sessions)
        for event in events {
            guard let outcome = AppointmentOutcome(event, fulfilled: fulfilled, now: now), outcome != .cancelled
            else { continue }
            let date = CalendarDate(event.start, in: zone)
            days[date, default: Day()].events += 1
            if outcome == .upcoming { days[date]?.ahead = true }
            if outcome == .missed { days[date]?.missed = true }
        }
    }

    /// The marks of `date` (none when it holds nothing).
    package subscript(date: CalendarDate) -> Day { days[date] ?? Day() }
}

/// `gorilla calendar`: a month, the marks of its days, and its appointments.
package struct CalendarMonth {
    /// The year, e.g. 2026.
    package let year: Int
    /// 1–12.
    package let month: Int
    /// How many days the month has.
    package let days: Int
    /// The weekday of the 1st, Monday = 0.
    package let firstWeekday: Int
    /// Today's day of the month, when today is in this month.
    package let today: Int?
    /// The marks of each day of the month that holds appointments or training, by day of the month.
    package let marks: [Int: CalendarMarks.Day]
    /// The month's appointments by start, cancelled ones and requests included.
    package let events: [EventLine]
    /// The workouts clients' programs plan in the month (``PlannedWorkout``).
    package var planned: [PlannedWorkout] = []

    /// One day's marks as `--json` prints them.
    private struct MarkedDay: Encodable {
        let day: Int
        let events: Int
        let trained: Bool
        let missed: Bool
    }

    /// What `--json` prints.
    private struct JSON: Encodable {
        let month: String
        let days: [MarkedDay]
        let events: [AppointmentRecord]
        let planned: [PlannedWorkout.JSONForm]
    }

    /// `{month, days: [{day, events, trained, missed}], events}`.
    package var jsonForm: some Encodable {
        let days = marks.keys.sorted().map { day in
            let mark = marks[day]!
            return MarkedDay(day: day, events: mark.events, trained: mark.trained, missed: mark.missed)
        }
        return JSON(
            month: String(format: "%04d-%02d", year, month), days: days, events: events.map(\.jsonForm),
            planned: planned.map(\.jsonForm))
    }
}

/// `gorilla calendar --week`: seven days from Monday, each with its appointments.
package struct CalendarWeek {
    /// One day of the week.
    package struct Day: Sendable {
        package let date: CalendarDate
        /// The day's appointments by start (cancelled ones and requests included), each with its state.
        package let events: [EventLine]
        /// Whether a session started that day.
        package let trained: Bool
        /// Whether an appointment that day was missed.
        package let missed: Bool
    }

    /// The ISO week, "2026-W49".
    package let week: String
    /// Monday to Sunday.
    package let days: [Day]
    /// Today, when it is in this week.
    package let today: CalendarDate?
    /// The time zone the days and hours are read in.
    package let zone: TimeZone
    /// The workouts clients' programs plan in the week (``PlannedWorkout``).
    package var planned: [PlannedWorkout] = []

    /// One day as `--json` prints it.
    package struct DayForm: Encodable {
        let date: CalendarDate
        let events: [AppointmentRecord]
        let trained: Bool
        let missed: Bool
    }

    /// What `--json` prints: `{week, days: [{date, events, trained, missed}]}`.
    package struct JSONForm: Encodable {
        let week: String
        let days: [DayForm]
        let planned: [PlannedWorkout.JSONForm]
    }

    package var jsonForm: JSONForm {
        JSONForm(
            week: week,
            days: days.map {
                DayForm(date: $0.date, events: $0.events.map(\.jsonForm), trained: $0.trained, missed: $0.missed)
            }, planned: planned.map(\.jsonForm))
    }
}
