import Foundation
@testable import GorillaShared
import Testing

/// The iCalendar writer on hand-made events: series with their rule, cancelled and changed occurrences, time zones,
/// reminders and the people on an appointment.
@Suite struct ICalendarTests {
    static let madrid = TimeZone(identifier: "Europe/Madrid")!
    static let seriesID = UUID(uuidString: "01900000-0000-7000-8000-000000000001")!
    static let clientID = UUID(uuidString: "01900000-0000-7000-8000-0000000000c1")!
    static let coach = ICalendar.Person(name: "Ada Lovelace", email: "ada@example.com", id: UUID())
    static let client = ICalendar.Person(name: "Ana Serra", email: nil, id: clientID)

    /// `day` at `time` on Madrid's clocks.
    static func madrid(_ day: String, _ hour: Int, _ minute: Int = 0) -> Date {
        WallClock(hour: hour, minute: minute).instant(on: CalendarDate(day)!, in: madrid)
    }

    /// Mondays and Thursdays at 09:00 in Madrid, eight times from 19 October 2026 (across the end of summer time):
    /// the 29 October occurrence cancelled, the 2 November one moved to 11:30 and confirmed.
    static func weeklySeries() -> [ICalendar.Event] {
        var series = ICalendar.Event(
            id: seriesID, start: madrid("2026-10-19", 9), minutes: 60, zone: madrid, summary: "Training: Ana Serra",
            organizer: coach, attendee: client, recurrence: Recurrence(.weekly, days: [.mo, .th], count: 8),
            reminder: 30)
        series.excluded = [madrid("2026-10-29", 9)]
        let moved = ICalendar.Event(
            id: seriesID, start: madrid("2026-11-02", 11, 30), minutes: 45, zone: madrid,
            summary: "Training: Ana Serra",
            organizer: coach, attendee: client, participation: .accepted, recurrenceID: madrid("2026-11-02", 9),
            reminder: 30)
        return [series, moved]
    }

    /// The logical lines of `text` (folded lines joined), after checking its physical lines.
    static func lines(_ text: String) -> [String] {
        #expect(text.hasSuffix("\r\n"))
        var logical: [String] = []
        for physical in text.components(separatedBy: "\r\n").dropLast() {
            #expect(physical.utf8.count <= 75, "\(physical)")
            #expect(!physical.contains("\n") && !physical.contains("\r"), "\(physical.debugDescription)")
            if physical.hasPrefix(" ") {
                logical[logical.count - 1] += physical.dropFirst()
            } else {
                logical.append(physical)
            }
        }
        return logical
    }

    /// The components `name` in `lines`, each as its lines from BEGIN to END.
    static func components(_ name: String, in lines: [String]) -> [[String]] {
        var found: [[String]] = []
        var current: [String]?
        for line in lines {
            if line == "BEGIN:\(name)" { current = [] }
            current?.append(line)
            if line == "END:\(name)", let done = current {
                found.append(done)
                current = nil
            }
        }
        return found
    }

    /// The lines of `component` outside its sub-components.
    static func own(_ component: [String]) -> [String] {
        var depth = 0
        var own: [String] = []
        for line in component {
            if line.hasPrefix("BEGIN:") { depth += 1 }
            if depth == 1 && !line.hasPrefix("BEGIN:") && !line.hasPrefix("END:") { own.append(line) }
            if line.hasPrefix("END:") { depth -= 1 }
        }
        return own
    }

    @Test func aSeriesIsOneEventInItsZoneWithItsRuleAndEachCancelledOccurrenceExcluded() throws {
        let lines = Self.lines(ICalendar.render(Self.weeklySeries()))
        let events = Self.components("VEVENT", in: lines)
        try #require(events.count == 2)
        let series = Self.own(events[0])
        #expect(series.contains("UID:01900000-0000-7000-8000-000000000001@gorillacoach"))
        #expect(series.contains("DTSTART;TZID=Europe/Madrid:20261019T090000"), "\(series)")
        #expect(series.contains("DTEND;TZID=Europe/Madrid:20261019T100000"), "\(series)")
        #expect(series.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=8"), "\(series)")
        // After summer time ends, nine o'clock is still written as nine o'clock.
        #expect(series.filter { $0.hasPrefix("EXDATE") } == ["EXDATE;TZID=Europe/Madrid:20261029T090000"])
        #expect(series.contains("STATUS:CONFIRMED"))
        #expect(!series.contains { $0.hasPrefix("RECURRENCE-ID") })
    }

    @Test func aChangedOccurrenceHasTheSeriesUIDAndNamesTheOccurrenceItReplaces() throws {
        let lines = Self.lines(ICalendar.render(Self.weeklySeries()))
        let events = Self.components("VEVENT", in: lines)
        try #require(events.count == 2)
        let moved = Self.own(events[1])
        #expect(moved.contains("UID:01900000-0000-7000-8000-000000000001@gorillacoach"))
        #expect(moved.contains("RECURRENCE-ID;TZID=Europe/Madrid:20261102T090000"), "\(moved)")
        #expect(moved.contains("DTSTART;TZID=Europe/Madrid:20261102T113000"), "\(moved)")
        #expect(moved.contains("DTEND;TZID=Europe/Madrid:20261102T121500"), "\(moved)")
        #expect(!moved.contains { $0.hasPrefix("RRULE") || $0.hasPrefix("EXDATE") }, "\(moved)")
        #expect(moved.contains { $0.hasPrefix("ATTENDEE") && $0.contains(";PARTSTAT=ACCEPTED") }, "\(moved)")
    }

    @Test func aSeriesEndingOnADayEndsAtThatDaysLastSecondInUTC() {
        var series = Self.weeklySeries()[0]
        series.recurrence = Recurrence(.weekly, interval: 2, days: [.mo, .th], until: CalendarDate("2026-12-31"))
        let lines = Self.lines(ICalendar.render([series]))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20261231T225959Z"), "\(lines)")
    }

    @Test func aSingleAppointmentIsWrittenInUTCWithoutATimeZone() {
        let start = Self.madrid("2026-11-10", 10)
        let single = ICalendar.Event(
            id: Self.clientID, start: start, minutes: 90, summary: "Training with Ada Lovelace", reminder: 15)
        let text = ICalendar.render([single], now: Self.madrid("2026-11-01", 12))
        let lines = Self.lines(text)
        #expect(Self.components("VTIMEZONE", in: lines).isEmpty)
        #expect(lines.contains("DTSTART:20261110T090000Z"), "\(lines)")
        #expect(lines.contains("DTEND:20261110T103000Z"), "\(lines)")
        #expect(lines.contains("DTSTAMP:20261101T110000Z"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("RRULE") || $0.hasPrefix("ORGANIZER") || $0.hasPrefix("ATTENDEE") })
    }

    @Test func everyEventButACancelledOneHasADisplayReminder() throws {
        var cancelled = Self.weeklySeries()[1]
        cancelled.status = .cancelled
        cancelled.recurrenceID = nil
        cancelled.id = Self.clientID
        let lines = Self.lines(ICalendar.render(Self.weeklySeries() + [cancelled]))
        let events = Self.components("VEVENT", in: lines)
        try #require(events.count == 3)
        for event in events.prefix(2) {
            let alarms = Self.components("VALARM", in: event)
            #expect(
                alarms == [
                    [
                        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Training: Ana Serra", "TRIGGER:-PT30M",
                        "END:VALARM",
                    ]
                ])
        }
        #expect(Self.components("VALARM", in: events[2]).isEmpty)
        #expect(Self.own(events[2]).contains("STATUS:CANCELLED"))
    }

    @Test func theOrganizerAndTheAttendeeHaveANameAndAnAddress() throws {
        var events = Self.weeklySeries()
        events[0].organizer = ICalendar.Person(name: "Ada \"the coach\" Lovelace", email: "", id: Self.seriesID)
        events[0].participation = .declined
        let lines = Self.own(try #require(Self.components("VEVENT", in: Self.lines(ICalendar.render(events))).first))
        #expect(
            lines.contains("ORGANIZER;CN=\"Ada 'the coach' Lovelace\":urn:uuid:01900000-0000-7000-8000-000000000001"),
            "\(lines)")
        #expect(
            lines.contains(
                "ATTENDEE;CN=\"Ana Serra\";ROLE=REQ-PARTICIPANT;PARTSTAT=DECLINED:urn:uuid:01900000-0000-7000-8000-0000000000c1"
            ), "\(lines)")
        #expect(Self.coach.address == "mailto:ada@example.com")
    }

    @Test func theTimeZoneHasTheOffsetAtTheStartOfTheYearAndEachChangeThenAYearlyRule() throws {
        let lines = Self.lines(ICalendar.render(Self.weeklySeries()))
        let zones = Self.components("VTIMEZONE", in: lines)
        try #require(zones.count == 1)
        #expect(
            zones[0] == [
                "BEGIN:VTIMEZONE", "TZID:Europe/Madrid",
                "BEGIN:STANDARD", "DTSTART:20260101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:20260329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
                "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
                "BEGIN:STANDARD", "DTSTART:20261025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
                "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
                "END:VTIMEZONE",
            ], "\(zones[0])")
        // The time zones come before the events that name them.
        #expect(lines.firstIndex(of: "BEGIN:VTIMEZONE")! < lines.firstIndex(of: "BEGIN:VEVENT")!)
    }

    @Test func aSeriesOverSeveralYearsHasEachYearsChangesAndTheRuleOnlyOnTheLast() throws {
        var series = Self.weeklySeries()[0]
        series.recurrence = Recurrence(.monthly, until: CalendarDate("2028-02-19"))
        let zones = Self.components("VTIMEZONE", in: Self.lines(ICalendar.render([series])))
        try #require(zones.count == 1)
        let starts = zones[0].filter { $0.hasPrefix("DTSTART") }
        #expect(
            starts == [
                "DTSTART:20260101T000000", "DTSTART:20260329T020000", "DTSTART:20261025T030000",
                "DTSTART:20270328T020000", "DTSTART:20271031T030000", "DTSTART:20280326T020000",
                "DTSTART:20281029T030000",
            ], "\(zones[0])")
        #expect(zones[0].filter { $0.hasPrefix("RRULE") }.count == 2)
        #expect(zones[0].suffix(3).first == "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "\(zones[0])")
    }

    @Test func otherZonesHaveTheirOwnRulesAndAZoneWithoutChangesOneOffset() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let start = WallClock(hour: 18, minute: 0).instant(on: CalendarDate("2027-01-04")!, in: newYork)
        let events = [
            ICalendar.Event(
                id: Self.seriesID, start: start, minutes: 60, zone: newYork, summary: "A",
                recurrence: Recurrence(.weekly)),
            ICalendar.Event(
                id: Self.clientID, start: start, minutes: 60, zone: tokyo, summary: "B", recurrence: Recurrence(.daily)),
        ]
        let zones = Self.components("VTIMEZONE", in: Self.lines(ICalendar.render(events)))
        try #require(zones.count == 2)
        #expect(zones[0].contains("TZID:America/New_York"))
        #expect(zones[0].contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"), "\(zones[0])")
        #expect(zones[0].contains("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"), "\(zones[0])")
        #expect(zones[0].contains("DTSTART:20270314T020000"), "\(zones[0])")
        #expect(zones[0].contains("TZOFFSETFROM:-0500"), "\(zones[0])")
        #expect(
            zones[1] == [
                "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "BEGIN:STANDARD", "DTSTART:20270101T000000",
                "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD", "END:VTIMEZONE",
            ], "\(zones[1])")
    }

    @Test func southOfTheEquatorTheYearBeginsInSummerTime() throws {
        let sydney = TimeZone(identifier: "Australia/Sydney")!
        let start = WallClock(hour: 7, minute: 0).instant(on: CalendarDate("2027-02-01")!, in: sydney)
        let series = ICalendar.Event(
            id: Self.seriesID, start: start, minutes: 60, zone: sydney, summary: "A",
            recurrence: Recurrence(.daily, count: 300))
        let zones = Self.components("VTIMEZONE", in: Self.lines(ICalendar.render([series])))
        #expect(
            zones == [
                [
                    "BEGIN:VTIMEZONE", "TZID:Australia/Sydney",
                    "BEGIN:DAYLIGHT", "DTSTART:20270101T000000", "TZOFFSETFROM:+1100", "TZOFFSETTO:+1100",
                    "END:DAYLIGHT",
                    "BEGIN:STANDARD", "DTSTART:20270404T030000", "TZOFFSETFROM:+1100", "TZOFFSETTO:+1000",
                    "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU", "END:STANDARD",
                    "BEGIN:DAYLIGHT", "DTSTART:20271003T020000", "TZOFFSETFROM:+1000", "TZOFFSETTO:+1100",
                    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU", "END:DAYLIGHT",
                    "END:VTIMEZONE",
                ]
            ], "\(zones)")
    }

    @Test func offsetsAndWallTimesAreWrittenAsRFC5545Asks() {
        #expect(ICalendar.offset(3600) == "+0100")
        #expect(ICalendar.offset(-12_600) == "-0330")
        #expect(ICalendar.offset(0) == "+0000")
        #expect(ICalendar.offset(-(17 * 60 + 30)) == "-001730")
        let before1970 = Date(timeIntervalSince1970: -1)
        #expect(ICalendar.stamp(before1970) == "19691231T235959Z")
        #expect(ICalendar.wallTime(before1970, offset: 3600) == "19700101T005959")
    }
}
