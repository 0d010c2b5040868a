import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension AgendaPlan: Presentable {
    /// The title, then each appointment (under its day when the agenda covers several): its time, who it is with,
    /// its state, gym and note, then a line on the client's last session and unread messages. When nothing is
    /// scheduled, a line that says so and the next appointment. Last, what came since the home screen was last shown.
    package func text(for viewer: Viewer) -> String {
        let since = sinceLooked.lines(zone: zone)
        return (appointmentLines() + ProgramText.planned(planned, for: viewer) + (since.isEmpty ? [] : [""] + since))
            .joined(separator: "\n")
    }

    /// The title, the appointments and, when nothing is scheduled, the next one.
    private func appointmentLines() -> [String] {
        let coach = role.keepsClients
        let today = from
        var lines: [String] = []
        if days == 1 {
            lines.append(CalendarPhrases.agendaToday.t(["day": EventFormatting.dayName(today)]))
        } else {
            let calendar = Calendars.gregorian(in: zone)
            let last = CalendarDate(calendar.date(byAdding: .day, value: days - 1, to: from.start(in: zone))!, in: zone)
            lines.append(
                CalendarPhrases.agendaDays.t([
                    "days": days, "from": EventFormatting.dayName(today), "to": EventFormatting.dayName(last),
                ]))
        }
        var shownDay: CalendarDate?
        for item in appointments {
            let start = item.event.start
            let day = CalendarDate(start, in: zone)
            if days > 1, day != shownDay {
                lines.append("")
                lines.append(EventFormatting.dayName(day) + (day == today ? CalendarPhrases.dayIsToday.t() : ""))
                shownDay = day
            }
            lines += Self.lines(item, start: start, coach: coach, zone: zone)
        }
        guard !appointments.contains(where: { $0.event.status == .scheduled }) else {
            return lines
        }
        lines.append("")
        lines.append(
            days == 1 ? CalendarPhrases.nothingToday.t() : CalendarPhrases.nothingInDays.t(["days": days]))
        if let next {
            let start = next.event.start
            let with = next.name.map { coach ? ", \($0)" : CalendarPhrases.nextWithCoach.t(["name": $0]) } ?? ""
            lines.append(
                CalendarPhrases.nextAppointment.t([
                    "when": EventFormatting.relative(start, now: now, zone: zone), "with": with,
                    "countdown": EventFormatting.countdown(from: now, to: start),
                    "reference": EventFormatting.reference(next.event),
                ]))
        } else {
            lines.append(coach ? CalendarPhrases.noneAheadCoach.t() : CalendarPhrases.noneAheadClient.t())
        }
        return lines
    }

    /// An appointment's two lines: "09:00–10:00  Ana Serra  confirmed  @ Central  — bring the belt  1a2b3c4d", then
    /// the client's last session and unread messages beneath the name.
    static func lines(_ item: Item, start: Date, coach: Bool, zone: TimeZone) -> [String] {
        let event = item.event
        let minutes = event.duration
        let clock = { (date: Date) in String(EventFormatting.local(date, zone: zone).suffix(5)) }
        let time = clock(start) + "–" + clock(start.addingTimeInterval(Double(minutes) * 60))
        var parts = [
            time,
            coach
                ? EventFormatting.withScheduler(item.name ?? "?", event)
                : item.name.map { CalendarPhrases.withName.t(["name": $0]) } ?? CalendarPhrases.withYourCoach.t(),
            EventFormatting.state(event),
        ]
        if let training = event.trainingName { parts.append("· \(training)") }
        if let gym = event.gym { parts.append("@ \(gym)") }
        if let note = event.note { parts.append("— \(note)") }
        if let reason = event.answerNote { parts.append("(\(reason))") }
        parts.append(EventFormatting.reference(event))
        var about: [String] = []
        if let last = item.lastSession {
            var detail = [last.trainingName, CalendarPhrases.exercisesCount.t(["count": last.exercises])]
                .compactMap { $0 }
            if last.trainingName == nil, last.training != nil { detail.insert(CalendarPhrases.aTraining.t(), at: 0) }
            about.append(
                CalendarPhrases.lastSession.t([
                    "date": String(EventFormatting.local(last.start, zone: zone).prefix(10)),
                    "detail": detail.joined(separator: ", "),
                ]))
        } else {
            about.append(CalendarPhrases.noSessionsYet.t())
        }
        if item.unread > 0 {
            about.append(
                (coach ? CalendarPhrases.unreadMessages : .unreadMessagesFromCoach).t(["count": item.unread]))
        }
        let indent = String(repeating: " ", count: time.count + 4)
        return ["  " + parts.joined(separator: "  "), indent + about.joined(separator: " · ")]
    }
}

extension EventFormatting {
    /// "Thursday 3 December 2026", "dijous 3 de desembre de 2026", "jueves 3 de diciembre de 2026".
    static func dayName(_ day: CalendarDate) -> String {
        let words = CalendarWords.of(.current)
        let weekday = words.weekdays[Weekday(of: day).index]
        let month = words.months[day.month - 1]
        switch words.language {
        case .en:
            return "\(weekday) \(day.day) \(month) \(day.year)"
        case .ca:
            // "de" becomes "d’" before a vowel: 7 d’abril, d’agost, d’octubre.
            let of = month.first.map { "aeiou".contains($0) } == true ? "d’" : "de "
            return "\(weekday) \(day.day) \(of)\(month) de \(day.year)"
        case .es:
            return "\(weekday) \(day.day) de \(month) de \(day.year)"
        }
    }

    /// When `start` is, as seen at `now` in `zone`: "today 18:00", "tomorrow 09:00", "yesterday 09:00", else
    /// "2026-12-10 09:00".
    static func relative(_ start: Date, now: Date, zone: TimeZone) -> String {
        let text = local(start, zone: zone)
        let days = CalendarDate(start, in: zone).daysSinceEpoch - CalendarDate(now, in: zone).daysSinceEpoch
        let word: CalendarPhrases? =
            switch days {
            case 0: .todayAt
            case 1: .tomorrowAt
            case -1: .yesterdayAt
            default: nil
            }
        return word.map { $0.t(["time": String(text.suffix(5))]) } ?? text
    }

    /// How long until `start` at `now`: "in 2 h 15 min", "in 45 min", "in 3 days 4 h", "starting now", or "started
    /// 10 min ago".
    static func countdown(from now: Date, to start: Date) -> String {
        let seconds = Int(start.timeIntervalSince(now).rounded(.down))
        if seconds < 0 { return CalendarPhrases.startedAgo.t(["span": span(-seconds)]) }
        if seconds < 60 { return CalendarPhrases.startingNow.t() }
        return CalendarPhrases.inSpan.t(["span": span(seconds)])
    }

    /// "2 h 15 min", "45 min", "1 day 3 h", "3 days" (whole minutes, at least one).
    static func span(_ seconds: Int) -> String {
        let minutes = max(1, seconds / 60)
        let (days, hours) = (minutes / 1440, minutes % 1440 / 60)
        if days > 0 {
            return CalendarPhrases.spanDays.t(["count": days]) + (hours > 0 ? " \(hours) h" : "")
        }
        if hours > 0 { return "\(hours) h" + (minutes % 60 > 0 ? " \(minutes % 60) min" : "") }
        return "\(minutes) min"
    }
}
