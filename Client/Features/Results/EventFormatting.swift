import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Local-time parsing and formatting of event times (entered and shown in the user's time zone, stored in UTC).
package enum EventFormatting {
    /// Parses "YYYY-MM-DD HH:MM" (or "YYYY-MM-DDTHH:MM") in `zone`; an explicit offset ("2026-10-25 02:30+02:00")
    /// picks one of a repeated hour. Nil when the text is no such time, or when the local time does not exist or
    /// happens twice in `zone` (``dateProblem(_:zone:)`` says which, and the two choices).
    package static func parseLocal(_ text: String, zone: TimeZone = .current) -> Date? {
        guard let wall = WallTime(text) else { return nil }
        if let offset = wall.offset { return wall.asUTC.addingTimeInterval(-Double(offset)) }
        let instants = wall.instants(in: zone)
        return instants.count == 1 ? instants[0] : nil
    }

    /// Why the date or time a person typed ("YYYY-MM-DD", with or without a time) names no single instant, in plain
    /// words: "2026-02-30 is not a date: February 2026 has 28 days", "2026-03-29 02:30 does not exist in Europe/Madrid
    /// (clocks go from 02:00 to 03:00): use 01:30 or 03:30". Nil when it does, or is not written as a date at all.
    package static func dateProblem(_ text: String, zone: TimeZone = .current) -> String? {
        let day = text.trimmingCharacters(in: .whitespaces).prefix(while: { $0 != " " && $0 != "T" })
        let parts = day.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let dayOfMonth = parts[2] else { return nil }
        if let problem = Self.dayProblem(year: year, month: month, day: dayOfMonth) {
            return CalendarPhrases.notADate.t(["day": String(day), "problem": problem])
        }
        guard let wall = WallTime(text), wall.offset == nil else { return nil }
        let before = zone.secondsFromGMT(for: wall.asUTC.addingTimeInterval(-86_400))
        let after = zone.secondsFromGMT(for: wall.asUTC.addingTimeInterval(86_400))
        let instants = wall.instants(in: zone)
        guard instants.count != 1, before != after,
            let change = zone.nextDaylightSavingTimeTransition(
                after: wall.asUTC.addingTimeInterval(-Double(max(before, after)) - 1))
        else { return nil }
        // A wall-clock time at `date` with `offset`, the day left out when it is `wall`'s.
        func shown(_ date: Date, offset: Int) -> String {
            let text = local(date.addingTimeInterval(Double(offset)), zone: TimeZone(identifier: "UTC")!)
            return text.hasPrefix(wall.day) ? String(text.suffix(5)) : text
        }
        let from = shown(change, offset: before), to = shown(change, offset: after)
        let given = "\(wall.day) \(wall.time)"
        if instants.isEmpty {
            let gap = Double(after - before)
            let earlier = shown(wall.asUTC.addingTimeInterval(-gap), offset: 0)
            let later = shown(wall.asUTC.addingTimeInterval(gap), offset: 0)
            return CalendarPhrases.timeDoesNotExist.t([
                "time": given, "zone": zone.identifier, "from": from, "to": to, "earlier": earlier, "later": later,
            ])
        }
        func offsetText(_ seconds: Int) -> String {
            (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
        }
        return CalendarPhrases.timeHappensTwice.t([
            "time": given, "zone": zone.identifier, "from": from, "to": to,
            "first": given + offsetText(before), "second": given + offsetText(after),
        ])
    }

    /// Why `year`-`month`-`day` is not a date (``GorillaShared/ISOTime/dateProblem(year:month:day:)`` decides), in
    /// the current language: "February 2026 has 28 days"; nil when it is one.
    static func dayProblem(year: Int, month: Int, day: Int) -> String? {
        guard ISOTime.dateProblem(year: year, month: month, day: day) != nil else { return nil }
        guard (1...9999).contains(year) else { return CalendarPhrases.dateYearRange.t() }
        guard (1...12).contains(month) else { return CalendarPhrases.dateMonthRange.t() }
        return CalendarPhrases.dateMonthDays.t([
            "month": CalendarWords.of(.current).monthTitle(year: year, month: month),
            "days": ISOTime.daysIn(month: month, year: year),
        ])
    }

    /// A local date and time as typed, with its offset from UTC when one is given.
    struct WallTime {
        var year, month, dayOfMonth, hour, minute: Int
        /// Seconds east of UTC, when the text gave them.
        var offset: Int?

        init?(_ text: String) {
            let parts = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "T", with: " ")
                .split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2 else { return nil }
            var clock = Substring(parts[1])
            if let sign = clock.firstIndex(where: { $0 == "+" || $0 == "-" }) {
                let zone = clock[clock.index(after: sign)...].split(separator: ":").map { Int($0) }
                guard zone.count == 2, let hours = zone[0], let minutes = zone[1], (0...14).contains(hours),
                    (0...59).contains(minutes)
                else { return nil }
                offset = (clock[sign] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
                clock = clock[..<sign]
            }
            let day = parts[0].split(separator: "-").compactMap { Int($0) }
            let time = clock.split(separator: ":").compactMap { Int($0) }
            guard day.count == 3, time.count == 2,
                ISOTime.dateProblem(year: day[0], month: day[1], day: day[2]) == nil,
                (0...23).contains(time[0]), (0...59).contains(time[1])
            else { return nil }
            (year, month, dayOfMonth, hour, minute) = (day[0], day[1], day[2], time[0], time[1])
        }

        var day: String { String(format: "%04d-%02d-%02d", year, month, dayOfMonth) }
        var time: String { String(format: "%02d:%02d", hour, minute) }

        /// This wall-clock time read as if in UTC.
        var asUTC: Date {
            let calendar = Calendars.gregorian(in: TimeZone(identifier: "UTC")!)
            return calendar.date(
                from: DateComponents(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute))!
        }

        /// The instants at which clocks in `zone` show this time: none in a gap, two in a repeated hour.
        func instants(in zone: TimeZone) -> [Date] {
            let wall = asUTC
            let offsets = Set([-86_400.0, 86_400.0].map { zone.secondsFromGMT(for: wall.addingTimeInterval($0)) })
            return offsets.sorted(by: >).map { wall.addingTimeInterval(-Double($0)) }
                .filter { EventFormatting.local($0, zone: zone) == "\(day) \(time)" }
        }
    }

    /// Parses "YYYY-MM-DD" as the start of that day in `zone`.
    package static func parseDay(_ text: String, zone: TimeZone = .current) -> Date? {
        parseLocal(text + " 00:00", zone: zone)
    }

    /// "2026-11-22 09:30" in `zone`.
    package static func local(_ date: Date, zone: TimeZone = .current) -> String {
        let calendar = Calendars.gregorian(in: zone)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }

    /// "2026-11-20T10:00:00+01:00": the time in `zone` with its offset from UTC, as exports write it (a reader sees
    /// the wall-clock time the person saw and can still place it exactly).
    package static func localISO(_ date: Date, zone: TimeZone = .current) -> String {
        let calendar = Calendars.gregorian(in: zone)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date) / 60
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
            + (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 60, abs(offset) % 60)
    }

    /// The local form of a stored ISO time (unchanged if it does not parse).
    package static func local(_ iso: String) -> String {
        ISOTime.parse(iso).map { local($0) } ?? iso
    }

    /// One line describing an event: when, how long, who, which training, where, state, id.
    package static func line(_ event: AppointmentRecord, clientName: String?) -> String {
        var parts = [local(event.start), "\(event.duration) min"]
        if let clientName { parts.append(withScheduler(clientName, event)) }
        if let training = event.trainingName { parts.append("· \(training)") }
        if let gym = event.gym { parts.append("@ \(gym)") }
        let state = appointmentState(event)
        if state != .scheduled { parts.append("(\(stateWord(state).t()))") }
        parts.append(reference(event))
        return parts.joined(separator: "  ")
    }

    /// `name` followed by the colleague who scheduled `event` when one did (its `recorder`): "Bea Puig (scheduled by
    /// cora)".
    package static func withScheduler(_ name: String, _ event: AppointmentRecord) -> String {
        guard let recorder = event.recorder, !recorder.isEmpty else { return name }
        let said = SharePhrases.scheduledBy.t(["user": recorder])
        return name.isEmpty ? said : "\(name) (\(said))"
    }

    /// Where an appointment stands (``GorillaShared/AppointmentState``), in the current language: "scheduled",
    /// "confirmed", "declined by client", "missed", "done", "cancelled", "requested", "request declined".
    /// `--json` keeps the machine values (`state`, `status`, `answer`).
    package static func state(_ event: AppointmentRecord) -> String {
        stateWord(appointmentState(event)).t()
    }

    /// The state ``AppointmentFacts`` gave `event`; for a record read without them (an appointment just changed), the
    /// same rule without the sessions that may fulfil it.
    package static func appointmentState(_ event: AppointmentRecord) -> AppointmentState {
        event.state ?? event.event.appointmentState()
    }

    /// ``state(_:)``'s phrase.
    static func stateWord(_ state: AppointmentState) -> CalendarPhrases {
        switch state {
        case .cancelled: .stateCancelled
        case .done: .stateDone
        case .missed: .stateMissed
        case .requested: .stateRequested
        case .requestDeclined: .stateRequestDeclined
        case .confirmed: .stateConfirmed
        case .declinedByClient: .stateDeclinedByClient
        case .scheduled: .stateScheduled
        }
    }

    /// A status (an ``GorillaShared/EventStatus`` raw value) as a person reads it: "cancelled", "done"; one this
    /// version does not know as it is.
    package static func status(_ raw: String) -> String {
        switch EventStatus(rawValue: raw) {
        case .cancelled: CalendarPhrases.stateCancelled.t()
        case .done: CalendarPhrases.stateDone.t()
        case .requested: CalendarPhrases.stateRequested.t()
        case .declined: CalendarPhrases.stateRequestDeclined.t()
        case .scheduled: CalendarPhrases.stateScheduled.t()
        case nil: raw
        }
    }

    /// How lists name an appointment: its short id, `short@YYYY-MM-DD` for an occurrence of a series.
    package static func reference(_ event: AppointmentRecord) -> String {
        event.event.appointmentReference
    }

    /// "every week on mon, thu until 2026-12-31", "every 2 days, 10 times" (in the current language).
    package static func describe(_ rule: Recurrence) -> String {
        let every: CalendarPhrases =
            switch (rule.frequency, rule.interval == 1) {
            case (.daily, true): .everyDay
            case (.daily, false): .everyDays
            case (.weekly, true): .everyWeek
            case (.weekly, false): .everyWeeks
            case (.monthly, true): .everyMonth
            case (.monthly, false): .everyMonths
            }
        var text = every.t(["interval": rule.interval])
        if !rule.days.isEmpty {
            let names = CalendarWords.of(.current).weekdayHeaders.map { $0.lowercased() }
            text += CalendarPhrases.onDays.t(["days": rule.days.map { names[$0.index] }.joined(separator: ", ")])
        }
        if let until = rule.until { text += CalendarPhrases.untilDay.t(["day": until.description]) }
        if let count = rule.count { text += CalendarPhrases.countTimes.t(["count": count]) }
        return text
    }
}
