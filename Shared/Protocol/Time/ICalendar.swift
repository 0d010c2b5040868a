import Foundation

/// RFC 5545 iCalendar output: escaped text, lines folded at 75 octets, CRLF endings.
///
/// A single appointment is written in UTC. A series is one VEVENT in its time zone's wall-clock time (`DTSTART;TZID=`)
/// with an RRULE and an EXDATE per cancelled occurrence; each changed occurrence is a VEVENT of its own with the
/// series' UID and a RECURRENCE-ID naming the occurrence it replaces. Every time zone named has its VTIMEZONE.
package enum ICalendar {
    /// A VEVENT's STATUS.
    package enum Status: String, Sendable {
        case confirmed = "CONFIRMED"
        case tentative = "TENTATIVE"
        case cancelled = "CANCELLED"
    }

    /// The attendee's answer: the ATTENDEE's PARTSTAT.
    package enum Participation: String, Sendable {
        case accepted = "ACCEPTED"
        case declined = "DECLINED"
        case needsAction = "NEEDS-ACTION"
    }

    /// Someone on an event: the coach (ORGANIZER) or the client (ATTENDEE).
    package struct Person: Sendable, Equatable {
        /// The CN parameter; nil leaves it out.
        package var name: String?
        /// The calendar address: `mailto:` and the email, or `urn:uuid:` and the account's id when no email is known.
        package var address: String

        /// `name` at `email`, or at `urn:uuid:id` when the email is unknown or empty.
        package init(name: String?, email: String?, id: UUID) {
            self.name = name.flatMap { $0.isEmpty ? nil : $0 }
            self.address = email.flatMap { $0.isEmpty ? nil : "mailto:\($0)" } ?? "urn:uuid:\(id.key)"
        }
    }

    /// One VEVENT: a single appointment, a series, or a changed occurrence of one.
    package struct Event: Sendable {
        /// The UID is `<id>@gorillacoach`; a changed occurrence has its series' id.
        package var id: UUID
        package var start: Date
        /// Minutes.
        package var minutes: Int
        /// The zone whose wall-clock times DTSTART, DTEND, EXDATE and RECURRENCE-ID are written in, with a VTIMEZONE;
        /// nil writes them in UTC.
        package var zone: TimeZone?
        package var summary: String
        package var location: String?
        package var description: String?
        package var status: Status
        package var organizer: Person?
        package var attendee: Person?
        /// The attendee's answer.
        package var participation: Participation
        /// How the event repeats (RRULE).
        package var recurrence: Recurrence?
        /// The original starts of the occurrences that do not take place (EXDATE).
        package var excluded: [Date]
        /// For a changed occurrence: the start it had in the series (RECURRENCE-ID).
        package var recurrenceID: Date?
        /// Minutes before the start that a reminder comes (VALARM); nil for none. A cancelled event has none.
        package var reminder: Int?
        /// For an event of a whole day (a program's planned workout): that day, written as a date (`VALUE=DATE`),
        /// free time (`TRANSP:TRANSPARENT`) and without a reminder; `start` and `minutes` are then not written.
        package var day: CalendarDate?

        package init(
            id: UUID, start: Date, minutes: Int, zone: TimeZone? = nil, summary: String, location: String? = nil,
            description: String? = nil, status: Status = .confirmed, organizer: Person? = nil,
            attendee: Person? = nil, participation: Participation = .needsAction, recurrence: Recurrence? = nil,
            excluded: [Date] = [], recurrenceID: Date? = nil, reminder: Int? = nil, day: CalendarDate? = nil
        ) {
            self.day = day
            self.id = id
            self.start = start
            self.minutes = minutes
            self.zone = zone
            self.summary = summary
            self.location = location
            self.description = description
            self.status = status
            self.organizer = organizer
            self.attendee = attendee
            self.participation = participation
            self.recurrence = recurrence
            self.excluded = excluded
            self.recurrenceID = recurrenceID
            self.reminder = reminder
        }

        /// When the event ends.
        var end: Date { start.addingTimeInterval(Double(minutes) * 60) }
    }

    /// What a published calendar says of itself (a feed that calendars subscribe to): its name, and how often to ask
    /// again (RFC 7986 `REFRESH-INTERVAL`, and Microsoft's `X-PUBLISHED-TTL` beside it).
    package struct Feed: Sendable, Equatable {
        package var name: String
        /// Minutes between two polls.
        package var refreshMinutes: Int

        package init(name: String, refreshMinutes: Int) {
            self.name = name
            self.refreshMinutes = refreshMinutes
        }
    }

    /// The calendar holding `events`, stamped `now`: a VTIMEZONE for each zone named, then the events in order; a
    /// `feed` names itself and its refresh interval.
    package static func render(_ events: [Event], now: Date = Date(), feed: Feed? = nil) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GorillaCoach//gorilla//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
        ]
        if let feed {
            lines += [
                "NAME:\(escape(feed.name))", "X-WR-CALNAME:\(escape(feed.name))",
                "REFRESH-INTERVAL;VALUE=DURATION:PT\(feed.refreshMinutes)M", "X-PUBLISHED-TTL:PT\(feed.refreshMinutes)M",
            ]
        }
        var spans: [String: (zone: TimeZone, from: Date, to: Date)] = [:]
        var order: [String] = []
        for event in events {
            guard let zone = event.zone else { continue }
            let (from, to) = span(of: event, in: zone)
            if let known = spans[zone.identifier] {
                spans[zone.identifier] = (zone, min(known.from, from), max(known.to, to))
            } else {
                spans[zone.identifier] = (zone, from, to)
                order.append(zone.identifier)
            }
        }
        for identifier in order {
            let (zone, from, to) = spans[identifier]!
            lines += timeZone(zone, from: from, to: to)
        }
        for event in events { lines += vevent(event, now: now) }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20261207`: a day as a DATE value.
    static func compact(_ day: CalendarDate) -> String { String(format: "%04d%02d%02d", day.year, day.month, day.day) }

    /// The content lines of one VEVENT.
    static func vevent(_ event: Event, now: Date) -> [String] {
        var lines = [
            "BEGIN:VEVENT",
            "UID:\(event.id.key)@gorillacoach",
            "DTSTAMP:\(stamp(now))",
        ]
        if let original = event.recurrenceID { lines.append(time("RECURRENCE-ID", original, event.zone)) }
        if let day = event.day {
            lines.append("DTSTART;VALUE=DATE:\(compact(day))")
            lines.append("DTEND;VALUE=DATE:\(compact(day.adding(days: 1)))")
            lines.append("TRANSP:TRANSPARENT")
        } else {
            lines.append(time("DTSTART", event.start, event.zone))
            lines.append(time("DTEND", event.end, event.zone))
        }
        if let rule = event.recurrence {
            lines.append("RRULE:" + rule.rrule(zone: event.zone ?? utc))
            lines += event.excluded.sorted().map { time("EXDATE", $0, event.zone) }
        }
        lines.append("SUMMARY:\(escape(event.summary))")
        if let location = event.location { lines.append("LOCATION:\(escape(location))") }
        if let description = event.description { lines.append("DESCRIPTION:\(escape(description))") }
        lines.append("STATUS:\(event.status.rawValue)")
        if let organizer = event.organizer {
            lines.append("ORGANIZER" + parameters(organizer) + ":\(organizer.address)")
        }
        if let attendee = event.attendee {
            lines.append(
                "ATTENDEE" + parameters(attendee) + ";ROLE=REQ-PARTICIPANT;PARTSTAT=\(event.participation.rawValue)"
                    + ":\(attendee.address)")
        }
        if let minutes = event.reminder, event.status != .cancelled, event.day == nil {
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(escape(event.summary))", "TRIGGER:-PT\(minutes)M",
                "END:VALARM",
            ]
        }
        lines.append("END:VEVENT")
        return lines
    }

    // MARK: Times

    static let utc = TimeZone(identifier: "UTC")!

    /// `NAME:20261122T153000Z` without a zone, `NAME;TZID=Europe/Madrid:20261122T163000` with one.
    static func time(_ name: String, _ date: Date, _ zone: TimeZone?) -> String {
        guard let zone else { return "\(name):\(stamp(date))" }
        return "\(name);TZID=\(zone.identifier):\(wallTime(date, offset: zone.secondsFromGMT(for: date)))"
    }

    /// `20261122T153000Z`.
    static func stamp(_ date: Date) -> String { wallTime(date, offset: 0) + "Z" }

    /// `20261122T163000`: the clock's reading at `date` `offset` seconds east of UTC.
    static func wallTime(_ date: Date, offset: Int) -> String {
        let (day, clock) = localDay(date, offset: offset)
        return String(
            format: "%04d%02d%02dT%02d%02d%02d", day.year, day.month, day.day, clock.hour, clock.minute, clock.second)
    }

    // MARK: Text

    /// `;CN="Ana Serra"`, or nothing without a name. A parameter value cannot hold a double quote or a control
    /// character: they become a single quote and a space.
    static func parameters(_ person: Person) -> String {
        guard let name = person.name else { return "" }
        let cleaned = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar -> Unicode.Scalar in
                    if scalar == "\"" { return "'" }
                    return scalar.properties.generalCategory == .control ? " " : scalar
                }))
        return ";CN=\"\(cleaned)\""
    }

    /// TEXT escaping: backslash, semicolon, comma and newlines.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\r\n", with: "\\n")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Folds a content line into chunks of at most 75 octets, continuation lines starting with a space,
    /// never splitting a UTF-8 character.
    static func fold(_ line: String) -> String {
        var result = ""
        var current = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > 75 {
                result += current + "\r\n "
                current = ""
                octets = 1
            }
            current.append(character)
            octets += size
        }
        return result + current
    }
}

// MARK: Time zones

extension ICalendar {
    /// A change of a zone's offset from UTC, as a VTIMEZONE's STANDARD or DAYLIGHT sub-component writes it.
    struct Observance: Equatable {
        /// The instant clocks change.
        var instant: Date
        var offsetFrom: Int
        var offsetTo: Int
        var daylight: Bool
        /// A yearly rule that repeats it (`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`), on the last observance of each kind.
        var rule: String?

        /// The sub-component's lines; DTSTART is the local time before the change, as RFC 5545 asks.
        var lines: [String] {
            let kind = daylight ? "DAYLIGHT" : "STANDARD"
            var lines = [
                "BEGIN:\(kind)", "DTSTART:\(ICalendar.wallTime(instant, offset: offsetFrom))",
                "TZOFFSETFROM:\(ICalendar.offset(offsetFrom))", "TZOFFSETTO:\(ICalendar.offset(offsetTo))",
            ]
            if let rule { lines.append("RRULE:\(rule)") }
            lines.append("END:\(kind)")
            return lines
        }
    }

    /// The instants of `event` whose offsets a reader needs, in `zone`: from its first to its last occurrence (the
    /// last one a bounded series has; the VTIMEZONE's yearly rules carry an endless one further).
    static func span(of event: Event, in zone: TimeZone) -> (from: Date, to: Date) {
        var instants = [event.start, event.end] + event.excluded
        if let original = event.recurrenceID { instants.append(original) }
        if let rule = event.recurrence, let last = rule.lastDay(of: event.start, zone: zone) {
            let start = WallClock(event.start, in: zone).instant(on: last, in: zone)
            instants.append(start.addingTimeInterval(Double(event.minutes) * 60))
        }
        return (instants.min()!, instants.max()!)
    }

    /// The VTIMEZONE of `zone` for the years `from` through `to` fall in: the offset at the first year's start, then
    /// each change Foundation's time zone data has in those years. When the last changes of each kind repeat on the
    /// same weekday of the same month the year after, they carry that yearly rule, so that a series without end keeps
    /// its offsets beyond the years written.
    static func timeZone(_ zone: TimeZone, from: Date, to: Date) -> [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        for observance in observances(zone, from: from, to: to) { lines += observance.lines }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// The observances of `zone` over the years `from` through `to` fall in (see ``timeZone(_:from:to:)``).
    static func observances(_ zone: TimeZone, from: Date, to: Date) -> [Observance] {
        let firstYear = CalendarDate(from, in: zone).year
        let lastYear = CalendarDate(to, in: zone).year
        let begin = WallClock(hour: 0, minute: 0).instant(
            on: CalendarDate(year: firstYear, month: 1, day: 1)!, in: zone)
        let end = WallClock(hour: 0, minute: 0).instant(
            on: CalendarDate(year: lastYear + 1, month: 1, day: 1)!, in: zone)
        let initial = zone.secondsFromGMT(for: begin)
        var found = [
            Observance(
                instant: begin, offsetFrom: initial, offsetTo: initial,
                daylight: zone.isDaylightSavingTime(for: begin))
        ]
        var after = begin
        while let next = transition(of: zone, after: after), next.instant < end, found.count < 1_000 {
            found.append(next)
            after = next.instant
        }
        // Yearly rules on the last daylight and the last standard change, when both repeat the year after.
        guard let lastDaylight = found.lastIndex(where: { $0.daylight && $0.offsetFrom != $0.offsetTo }),
            let lastStandard = found.lastIndex(where: { !$0.daylight && $0.offsetFrom != $0.offsetTo }),
            let daylightRule = yearlyRule(found[lastDaylight], in: zone),
            let standardRule = yearlyRule(found[lastStandard], in: zone)
        else { return found }
        found[lastDaylight].rule = daylightRule
        found[lastStandard].rule = standardRule
        return found
    }

    /// The first change of `zone`'s offset after `instant`.
    static func transition(of zone: TimeZone, after instant: Date) -> Observance? {
        guard let next = zone.nextDaylightSavingTimeTransition(after: instant) else { return nil }
        return Observance(
            instant: next, offsetFrom: zone.secondsFromGMT(for: next.addingTimeInterval(-1)),
            offsetTo: zone.secondsFromGMT(for: next), daylight: zone.isDaylightSavingTime(for: next))
    }

    /// `FREQ=YEARLY;BYMONTH=M;BYDAY=nDD` when `change` happens again a year later on the same weekday of the month,
    /// at the same local time and with the same offsets; nil when it does not.
    static func yearlyRule(_ change: Observance, in zone: TimeZone) -> String? {
        let (day, clock) = localDay(change.instant, offset: change.offsetFrom)
        let length = (28...31).last { CalendarDate(year: day.year, month: day.month, day: $0) != nil }!
        let ordinal = day.day > length - 7 ? -1 : (day.day - 1) / 7 + 1
        let weekday = Weekday(of: day)
        // The same kind of change the year after: within the next two changes.
        var after = change.instant
        var again: Observance?
        for _ in 0..<2 {
            guard let next = transition(of: zone, after: after) else { return nil }
            if next.daylight == change.daylight {
                again = next
                break
            }
            after = next.instant
        }
        guard let again, again.offsetFrom == change.offsetFrom, again.offsetTo == change.offsetTo else { return nil }
        let (nextDay, nextClock) = localDay(again.instant, offset: again.offsetFrom)
        guard nextClock == clock, nextDay == nthWeekday(ordinal, weekday, year: day.year + 1, month: day.month)
        else { return nil }
        return "FREQ=YEARLY;BYMONTH=\(day.month);BYDAY=\(ordinal)\(weekday.rawValue.uppercased())"
    }

    /// The `ordinal`th `weekday` of a month (-1: the last).
    static func nthWeekday(_ ordinal: Int, _ weekday: Weekday, year: Int, month: Int) -> CalendarDate? {
        let days = (1...31).compactMap { CalendarDate(year: year, month: month, day: $0) }
            .filter { Weekday(of: $0) == weekday }
        guard !days.isEmpty else { return nil }
        if ordinal < 0 { return days.last }
        return ordinal <= days.count ? days[ordinal - 1] : nil
    }

    /// The day and time of day clocks `offset` seconds east of UTC show at `instant`.
    static func localDay(_ instant: Date, offset: Int) -> (CalendarDate, WallClock) {
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let seconds = local - days * 86_400
        return (
            CalendarDate(daysSinceEpoch: days),
            WallClock(hour: seconds / 3600, minute: seconds % 3600 / 60, second: seconds % 60)
        )
    }

    /// A UTC offset: `+0100`, `-0330`, `+001530` when it has seconds.
    static func offset(_ seconds: Int) -> String {
        let size = abs(seconds)
        let text = (seconds < 0 ? "-" : "+") + String(format: "%02d%02d", size / 3600, size % 3600 / 60)
        return size % 60 == 0 ? text : text + String(format: "%02d", size % 60)
    }
}

extension ICalendar.Status {
    /// The appointment's ``AppointmentState`` as iCalendar says it: a declined request does not take place, as a
    /// cancelled appointment; a request waits for the coach; the rest holds its hour.
    package init(_ state: AppointmentState) {
        switch state {
        case .scheduled, .confirmed, .done, .missed, .declinedByClient: self = .confirmed
        case .requested: self = .tentative
        case .cancelled, .requestDeclined: self = .cancelled
        }
    }
}

extension ICalendar.Participation {
    /// The client's answer; a client's own request is theirs to attend until they answer otherwise.
    package init(_ answer: EventAnswer?, requested: Bool) {
        switch answer {
        case .confirmed: self = .accepted
        case .declined: self = .declined
        case nil: self = requested ? .accepted : .needsAction
        }
    }
}
