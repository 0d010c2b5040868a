import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension CalendarMonth: Presentable {
    /// The legend of the marks the grids write after a day.
    static var legend: String { CalendarPhrases.monthLegend.t() }

    /// A grid, Monday first, each day followed by its mark (``CalendarMarks/Day/symbol``), today in reverse video
    /// where the output takes attributes (after `>` otherwise, which keeps it apart from the mark of the day before);
    /// a legend; then the month's events.
    package func text(for viewer: Viewer) -> String {
        let style = viewer.style
        let words = CalendarWords.of(.current)
        let title = words.monthTitle(year: year, month: month)
        // Each header over its column of four: right-aligned over the day's number ("Mon", " dl").
        let header = words.weekdayHeaders.map { String(repeating: " ", count: max(0, 3 - $0.count)) + $0 }
        var lines = [
            String(repeating: " ", count: max(0, (27 - title.count) / 2)) + title, header.joined(separator: " "),
        ]
        var cells = Array(repeating: "    ", count: firstWeekday)
        for day in 1...days {
            let marker = String(marks[day]?.symbol ?? " ")
            var cell = String(format: "%3d", day) + marker
            if day == today {
                cell =
                    style.attributes
                    ? style(String(format: "%3d", day), .reverse) + marker
                    : ">" + String(format: "%2d", day) + marker
            }
            cells.append(cell)
        }
        for week in stride(from: 0, to: cells.count, by: 7) {
            lines.append(cells[week..<min(week + 7, cells.count)].joined().trimmingTrailingSpaces())
        }
        lines.append(style.attributes ? Self.legend : Self.legend + CalendarPhrases.legendToday.t())
        lines.append("")
        if events.isEmpty {
            lines.append(CalendarPhrases.noEventsThisMonth.t())
        } else {
            lines += events.map { EventFormatting.line($0.event, clientName: $0.clientName) }
        }
        lines += ProgramText.planned(planned, for: viewer)
        return lines.joined(separator: "\n")
    }
}

extension CalendarWeek: Presentable {
    /// The hours a week without appointments shows: 07:00 to 21:00.
    static let defaultHours = 7..<21

    /// A grid of the week: a column per day (its date in the header, `+` when trained, `!` when an appointment was
    /// missed, today in reverse video or after `>`), a row per hour from the earliest appointment to the latest;
    /// each appointment in the hour it starts, named by its client (a coach's view) or "training" (a client's), `|`
    /// in the hours it goes on. The table fits the terminal (long names end in "…"); then the week's events.
    package func text(for viewer: Viewer) -> String {
        let first = days.first!.date, last = days.last!.date
        let words = CalendarWords.of(.current)
        var lines = [
            CalendarPhrases.weekTitle.t([
                "week": week, "first": words.shortDay(first), "last": words.shortDay(last), "year": last.year,
            ])
        ]
        var header = [""]
        for (index, day) in days.enumerated() {
            // English heads a column "Mon 7" (the month is in the title); Catalan and Spanish "dl. 7 de des.".
            let name =
                words.language == .en
                ? "\(words.weekdayHeaders[index]) \(day.date.day)" : words.shortDay(day.date)
            let text = name + (day.trained ? "+" : "") + (day.missed ? "!" : "")
            header.append(day.date == today && !viewer.style.attributes ? ">" + text : text)
        }
        let placed = days.map { day in
            day.events.compactMap { Slot($0, zone: zone) }
        }
        let hours = Self.hours(placed.flatMap { $0 })
        let rows = hours.map { hour in
            [String(format: "%02d:00", hour)]
                + placed.map { slots in
                    let starting = slots.filter { $0.start / 60 == hour }
                    if !starting.isEmpty {
                        return starting.map { $0.label(coach: viewer.keepsClients) }.joined(separator: ", ")
                    }
                    return slots.contains { $0.start < hour * 60 && $0.end > hour * 60 } ? "|" : ""
                }
        }
        var grid = Table(header, rows).render().components(separatedBy: "\n")
        if let today, let index = days.firstIndex(where: { $0.date == today }), viewer.style.attributes,
            let range = grid[0].range(of: header[index + 1])
        {
            grid[0].replaceSubrange(range, with: viewer.style(header[index + 1], .reverse))
        }
        lines += grid
        lines.append(
            CalendarPhrases.weekLegend.t() + (viewer.style.attributes ? "" : CalendarPhrases.legendToday.t()))
        lines.append("")
        let events = days.flatMap(\.events)
        if events.isEmpty {
            lines.append(CalendarPhrases.noEventsThisWeek.t())
        } else {
            lines += events.map { EventFormatting.line($0.event, clientName: $0.clientName) }
        }
        lines += ProgramText.planned(planned, for: viewer)
        return lines.joined(separator: "\n")
    }

    /// The hours the grid shows: from the hour the earliest appointment starts to the hour the latest ends in;
    /// ``defaultHours`` without appointments.
    static func hours(_ slots: [Slot]) -> Range<Int> {
        guard let earliest = slots.map(\.start).min(), let latest = slots.map(\.end).max() else {
            return defaultHours
        }
        return (earliest / 60)..<max(earliest / 60 + 1, (latest + 59) / 60)
    }

    /// An appointment placed on its day: minutes from midnight, and what its cell says.
    struct Slot {
        /// Minutes from the day's midnight to the start, and to the end (at most the day's end).
        let start: Int
        let end: Int
        let line: EventLine
        let state: AppointmentState

        /// `line` placed in `zone`; nil for a declined request (it holds no hour).
        init?(_ line: EventLine, zone: TimeZone) {
            let state = EventFormatting.appointmentState(line.event)
            guard state != .requestDeclined else { return nil }
            let date = line.event.start
            let calendar = Calendars.gregorian(in: zone)
            let clock = calendar.dateComponents([.hour, .minute], from: date)
            start = (clock.hour ?? 0) * 60 + (clock.minute ?? 0)
            end = min(24 * 60, start + max(1, line.event.duration))
            self.line = line
            self.state = state
        }

        /// ":30 " when it starts past the hour, a mark (`x` cancelled, `-` declined by the client, `?` requested,
        /// `!` missed), then the client's name for a coach, "training" for a client.
        func label(coach: Bool) -> String {
            let minutes = start % 60 == 0 ? "" : String(format: ":%02d ", start % 60)
            let mark =
                switch state {
                case .cancelled: "x "
                case .declinedByClient: "- "
                case .missed: "! "
                case .requested, .requestDeclined: "? "
                case .scheduled, .confirmed, .done: ""
                }
            return minutes + mark + (coach ? line.clientName ?? "?" : CalendarPhrases.cellTraining.t())
        }
    }
}
