import Foundation
import GorillaShared
import Testing

/// Series expansion (`Recurrence.swift`): the expected occurrences are written out by hand, most of them RFC 5545's own
/// (section 3.8.5.3, DTSTART;TZID=America/New_York:19970902T090000), as local times with the offset they have.
@Suite struct RecurrenceTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let madrid = TimeZone(identifier: "Europe/Madrid")!

    /// A day written `YYYY-MM-DD`.
    static func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    /// An instant written `YYYY-MM-DDTHH:MM:SS±HH:MM`.
    static func instant(_ text: String) -> Date { ISOTime.parse(text)! }

    /// `HH:MM` that clocks in `zone` show at `date`, read with Foundation's calendar.
    static func wallClock(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return [parts.hour!, parts.minute!].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }

    /// Checks that `rule`, for a series starting at `start` in `zone`, has exactly the occurrences `expected` in
    /// [`from`, `to`): each named by the local day written in it and starting at the instant written.
    static func expectOccurrences(
        _ rule: Recurrence, start: String, zone: TimeZone, from: Date = .distantPast, to: Date = .distantFuture,
        _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = rule.occurrences(of: instant(start), zone: zone, from: from, to: to)
        #expect(
            found.map(\.day) == expected.map { CalendarDate($0)! }, "days", sourceLocation: sourceLocation)
        #expect(
            found.map { ISOTime.format($0.start) } == expected.map { ISOTime.format(instant($0)) }, "instants",
            sourceLocation: sourceLocation)
    }

    /// The RFC's New York examples at 09:00: the offset is -04:00 (EDT) up to 1997-10-25 and -05:00 (EST) from
    /// 1997-10-26.
    static func nineAM(_ days: [String]) -> [String] {
        days.map { "\($0)T09:00:00" + ($0 < "1997-10-26" ? "-04:00" : "-05:00") }
    }

    static func days(_ month: String, _ range: some Sequence<Int>) -> [String] {
        range.map { "\(month)-\($0 < 10 ? "0" : "")\($0)" }
    }

    // MARK: RFC 5545, 3.8.5.3

    /// Daily for 10 occurrences: FREQ=DAILY;COUNT=10.
    @Test func dailyForTenOccurrences() {
        Self.expectOccurrences(
            Recurrence(.daily, count: 10), start: "1997-09-02T09:00:00-04:00", zone: Self.newYork,
            Self.nineAM(Self.days("1997-09", 2...11)))
    }

    /// Daily until December 24, 1997: FREQ=DAILY;UNTIL=19971224T000000Z, which is 1997-12-23 19:00 in New York, so
    /// the last day is the 23rd. The clocks go back on 1997-10-26: 09:00 stays 09:00 and moves an hour in UTC.
    @Test func dailyUntilDecember24() throws {
        let expected = Self.nineAM(
            Self.days("1997-09", 2...30) + Self.days("1997-10", 1...31) + Self.days("1997-11", 1...30)
                + Self.days("1997-12", 1...23))
        #expect(expected.count == 113)
        let rule = Recurrence(.daily, until: Self.day("1997-12-23"))
        Self.expectOccurrences(rule, start: "1997-09-02T09:00:00-04:00", zone: Self.newYork, expected)

        let found = rule.occurrences(
            of: Self.instant("1997-09-02T09:00:00-04:00"), zone: Self.newYork, from: .distantPast, to: .distantFuture)
        #expect(found.allSatisfy { Self.wallClock($0.start, in: Self.newYork) == "09:00" })
        let before = try #require(found.first { $0.day == Self.day("1997-10-25") })
        let after = try #require(found.first { $0.day == Self.day("1997-10-26") })
        #expect(ISOTime.format(before.start) == "1997-10-25T13:00:00.000Z")
        #expect(ISOTime.format(after.start) == "1997-10-26T14:00:00.000Z")
        #expect(after.start.timeIntervalSince(before.start) == 86_400 + 3600)
    }

    /// Every other day, forever: FREQ=DAILY;INTERVAL=2, looked at from October 20 to November 1 at 09:00 (excluded).
    @Test func everyOtherDayInAWindow() {
        let rule = Recurrence(.daily, interval: 2)
        Self.expectOccurrences(
            rule, start: "1997-09-02T09:00:00-04:00", zone: Self.newYork,
            from: Self.instant("1997-10-20T00:00:00-04:00"), to: Self.instant("1997-11-01T09:00:00-05:00"),
            [
                "1997-10-20T09:00:00-04:00", "1997-10-22T09:00:00-04:00", "1997-10-24T09:00:00-04:00",
                "1997-10-26T09:00:00-05:00", "1997-10-28T09:00:00-05:00", "1997-10-30T09:00:00-05:00",
            ])
        // September has 30 days: the 30th is followed by October 2.
        Self.expectOccurrences(
            rule, start: "1997-09-02T09:00:00-04:00", zone: Self.newYork,
            from: Self.instant("1997-09-25T00:00:00-04:00"), to: Self.instant("1997-10-05T00:00:00-04:00"),
            Self.nineAM(["1997-09-26", "1997-09-28", "1997-09-30", "1997-10-02", "1997-10-04"]))
    }

    /// Every 10 days, 5 occurrences: FREQ=DAILY;INTERVAL=10;COUNT=5.
    @Test func everyTenDaysFiveTimes() {
        Self.expectOccurrences(
            Recurrence(.daily, interval: 10, count: 5), start: "1997-09-02T09:00:00-04:00", zone: Self.newYork,
            Self.nineAM(["1997-09-02", "1997-09-12", "1997-09-22", "1997-10-02", "1997-10-12"]))
    }

    /// Weekly for 10 occurrences: FREQ=WEEKLY;COUNT=10.
    @Test func weeklyForTenOccurrences() {
        let expected = [
            "1997-09-02T09:00:00-04:00", "1997-09-09T09:00:00-04:00", "1997-09-16T09:00:00-04:00",
            "1997-09-23T09:00:00-04:00", "1997-09-30T09:00:00-04:00", "1997-10-07T09:00:00-04:00",
            "1997-10-14T09:00:00-04:00", "1997-10-21T09:00:00-04:00", "1997-10-28T09:00:00-05:00",
            "1997-11-04T09:00:00-05:00",
        ]
        Self.expectOccurrences(
            Recurrence(.weekly, count: 10), start: "1997-09-02T09:00:00-04:00", zone: Self.newYork, expected)
        // The same rule with the start's weekday given.
        Self.expectOccurrences(
            Recurrence(.weekly, days: [.tu], count: 10), start: "1997-09-02T09:00:00-04:00", zone: Self.newYork,
            expected)
        // 09:00 EDT is 13:00 UTC and 09:00 EST is 14:00 UTC: a week and an hour apart.
        let found = Recurrence(.weekly, count: 10).occurrences(
            of: Self.instant("1997-09-02T09:00:00-04:00"), zone: Self.newYork, from: .distantPast, to: .distantFuture)
        #expect(found.map { Self.wallClock($0.start, in: Self.newYork) } == Array(repeating: "09:00", count: 10))
        #expect(ISOTime.format(found[7].start) == "1997-10-21T13:00:00.000Z")
        #expect(ISOTime.format(found[8].start) == "1997-10-28T14:00:00.000Z")
        #expect(found[8].start.timeIntervalSince(found[7].start) == 7 * 86_400 + 3600)
    }

    /// Weekly until December 24, 1997: FREQ=WEEKLY;UNTIL=19971224T000000Z.
    @Test func weeklyUntilDecember24() {
        Self.expectOccurrences(
            Recurrence(.weekly, until: Self.day("1997-12-23")), start: "1997-09-02T09:00:00-04:00",
            zone: Self.newYork,
            Self.nineAM([
                "1997-09-02", "1997-09-09", "1997-09-16", "1997-09-23", "1997-09-30", "1997-10-07", "1997-10-14",
                "1997-10-21", "1997-10-28", "1997-11-04", "1997-11-11", "1997-11-18", "1997-11-25", "1997-12-02",
                "1997-12-09", "1997-12-16", "1997-12-23",
            ]))
    }

    /// Every other week, forever: FREQ=WEEKLY;INTERVAL=2;WKST=SU, up to February 1998.
    @Test func everyOtherWeek() {
        Self.expectOccurrences(
            Recurrence(.weekly, interval: 2), start: "1997-09-02T09:00:00-04:00", zone: Self.newYork,
            to: Self.instant("1998-02-01T00:00:00-05:00"),
            Self.nineAM([
                "1997-09-02", "1997-09-16", "1997-09-30", "1997-10-14", "1997-10-28", "1997-11-11", "1997-11-25",
                "1997-12-09", "1997-12-23", "1998-01-06", "1998-01-20",
            ]))
    }

    /// Weekly on Tuesday and Thursday for five weeks: FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH (the
    /// last day is October 6 in New York) or FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH.
    @Test func tuesdaysAndThursdaysForFiveWeeks() {
        let expected = Self.nineAM([
            "1997-09-02", "1997-09-04", "1997-09-09", "1997-09-11", "1997-09-16", "1997-09-18", "1997-09-23",
            "1997-09-25", "1997-09-30", "1997-10-02",
        ])
        Self.expectOccurrences(
            Recurrence(.weekly, days: [.tu, .th], until: Self.day("1997-10-06")), start: "1997-09-02T09:00:00-04:00",
            zone: Self.newYork, expected)
        Self.expectOccurrences(
            Recurrence(.weekly, days: [.th, .tu], count: 10), start: "1997-09-02T09:00:00-04:00", zone: Self.newYork,
            expected)
    }

    /// Every other week on Monday, Wednesday and Friday until December 24, 1997, starting on Monday, September 1:
    /// FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR.
    @Test func everyOtherWeekOnMondayWednesdayAndFriday() {
        Self.expectOccurrences(
            Recurrence(.weekly, interval: 2, days: [.mo, .we, .fr], until: Self.day("1997-12-23")),
            start: "1997-09-01T09:00:00-04:00", zone: Self.newYork,
            Self.nineAM([
                "1997-09-01", "1997-09-03", "1997-09-05", "1997-09-15", "1997-09-17", "1997-09-19", "1997-09-29",
                "1997-10-01", "1997-10-03", "1997-10-13", "1997-10-15", "1997-10-17", "1997-10-27", "1997-10-29",
                "1997-10-31", "1997-11-10", "1997-11-12", "1997-11-14", "1997-11-24", "1997-11-26", "1997-11-28",
                "1997-12-08", "1997-12-10", "1997-12-12", "1997-12-22",
            ]))
    }

    /// Every other week on Tuesday and Thursday, for 8 occurrences: FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH.
    @Test func everyOtherWeekOnTuesdayAndThursdayEightTimes() {
        Self.expectOccurrences(
            Recurrence(.weekly, interval: 2, days: [.tu, .th], count: 8), start: "1997-09-02T09:00:00-04:00",
            zone: Self.newYork,
            Self.nineAM([
                "1997-09-02", "1997-09-04", "1997-09-16", "1997-09-18", "1997-09-30", "1997-10-02", "1997-10-14",
                "1997-10-16",
            ]))
    }

    /// Monthly on the start's day (FREQ=MONTHLY;COUNT=6, the day taken from DTSTART).
    @Test func monthlyOnTheStartsDay() {
        Self.expectOccurrences(
            Recurrence(.monthly, count: 6), start: "1997-09-02T09:00:00-04:00", zone: Self.newYork,
            [
                "1997-09-02T09:00:00-04:00", "1997-10-02T09:00:00-04:00", "1997-11-02T09:00:00-05:00",
                "1997-12-02T09:00:00-05:00", "1998-01-02T09:00:00-05:00", "1998-02-02T09:00:00-05:00",
            ])
    }

    /// A month without the start's day has no occurrence, and it is not counted (RFC 5545, 3.3.10: "Recurrence rules
    /// may generate recurrence instances with an invalid date (e.g., February 30) … Such recurrence instances MUST be
    /// ignored and MUST NOT be counted"). Clocks went forward on 1997-04-06 and back on 1997-10-26.
    @Test func monthlyOnThe31stSkipsShortMonths() {
        Self.expectOccurrences(
            Recurrence(.monthly, count: 7), start: "1997-01-31T09:00:00-05:00", zone: Self.newYork,
            [
                "1997-01-31T09:00:00-05:00", "1997-03-31T09:00:00-05:00", "1997-05-31T09:00:00-04:00",
                "1997-07-31T09:00:00-04:00", "1997-08-31T09:00:00-04:00", "1997-10-31T09:00:00-05:00",
                "1997-12-31T09:00:00-05:00",
            ])
        // Every other month from July 31: September and November have 30 days; clocks went forward on 1998-04-05.
        Self.expectOccurrences(
            Recurrence(.monthly, interval: 2, count: 4), start: "1997-07-31T09:00:00-04:00", zone: Self.newYork,
            [
                "1997-07-31T09:00:00-04:00", "1998-01-31T09:00:00-05:00", "1998-03-31T09:00:00-05:00",
                "1998-05-31T09:00:00-04:00",
            ])
        // February 29 only in leap years; a monthly series from January 29 passes over February 2026.
        Self.expectOccurrences(
            Recurrence(.monthly, until: Self.day("2026-04-30")), start: "2026-01-29T10:00:00+01:00", zone: Self.madrid,
            ["2026-01-29T10:00:00+01:00", "2026-03-29T10:00:00+02:00", "2026-04-29T10:00:00+02:00"])
        Self.expectOccurrences(
            Recurrence(.monthly, count: 3), start: "2024-01-29T10:00:00+01:00", zone: Self.madrid,
            ["2024-01-29T10:00:00+01:00", "2024-02-29T10:00:00+01:00", "2024-03-29T10:00:00+01:00"])
    }

    // MARK: Daylight saving

    /// A weekly series at 18:00 in Madrid keeps 18:00 across both changes of 2026 (March 29 and October 25, both
    /// Sundays, both on the series' day): 17:00 UTC in winter, 16:00 UTC in summer.
    @Test func weeklyInMadridKeepsItsTimeAcrossBothChanges() {
        let rule = Recurrence(.weekly)
        let start = "2026-03-22T18:00:00+01:00"
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid, from: Self.instant("2026-03-20T00:00:00Z"),
            to: Self.instant("2026-04-10T00:00:00Z"),
            ["2026-03-22T17:00:00Z", "2026-03-29T16:00:00Z", "2026-04-05T16:00:00Z"])
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid, from: Self.instant("2026-10-15T00:00:00Z"),
            to: Self.instant("2026-11-05T00:00:00Z"),
            ["2026-10-18T16:00:00Z", "2026-10-25T17:00:00Z", "2026-11-01T17:00:00Z"])
        let year = rule.occurrences(
            of: Self.instant(start), zone: Self.madrid, from: .distantPast, to: Self.instant("2027-01-01T00:00:00Z"))
        #expect(year.count == 41)
        #expect(year.allSatisfy { Self.wallClock($0.start, in: Self.madrid) == "18:00" })
    }

    /// 02:30 does not exist in Madrid on 2026-03-29 (02:00 CET becomes 03:00 CEST): read with the offset before the
    /// gap (RFC 5545, 3.3.5), it is 03:30 CEST, 01:30 UTC. The occurrence is still the 29th's.
    @Test func aTimeInTheSpringGapMovesForwardAnHourInMadrid() {
        Self.expectOccurrences(
            Recurrence(.daily, count: 3), start: "2026-03-28T02:30:00+01:00", zone: Self.madrid,
            ["2026-03-28T02:30:00+01:00", "2026-03-29T03:30:00+02:00", "2026-03-30T02:30:00+02:00"])
        let moved = Recurrence(.daily).occurrence(
            on: Self.day("2026-03-29"), of: Self.instant("2026-03-28T02:30:00+01:00"), zone: Self.madrid)
        #expect(moved.map(ISOTime.format) == "2026-03-29T01:30:00.000Z")
        #expect(moved.map { Self.wallClock($0, in: Self.madrid) } == "03:30")
    }

    /// 02:30 happens twice in Madrid on 2026-10-25 (03:00 CEST becomes 02:00 CET): the first, 00:30 UTC.
    @Test func aTimeInTheAutumnRepeatedHourIsTheFirstInMadrid() {
        Self.expectOccurrences(
            Recurrence(.daily, count: 3), start: "2026-10-24T02:30:00+02:00", zone: Self.madrid,
            ["2026-10-24T02:30:00+02:00", "2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00"])
        // A series that starts in the repeated hour, at its second 02:30, still has the first on later such days.
        let weekly = Recurrence(.weekly, days: [.su])
        #expect(
            weekly.occurrence(
                on: Self.day("2026-10-25"), of: Self.instant("2026-10-18T02:30:00+02:00"), zone: Self.madrid
            ).map(ISOTime.format) == "2026-10-25T00:30:00.000Z")
    }

    /// New York, 2026: 02:30 does not exist on March 8 (02:00 EST becomes 03:00 EDT) and becomes 03:30 EDT, 07:30
    /// UTC; 01:30 happens twice on November 1 (02:00 EDT becomes 01:00 EST) and is the first, 05:30 UTC.
    @Test func gapsAndRepeatedHoursInNewYork() {
        Self.expectOccurrences(
            Recurrence(.daily, count: 3), start: "2026-03-07T02:30:00-05:00", zone: Self.newYork,
            ["2026-03-07T02:30:00-05:00", "2026-03-08T03:30:00-04:00", "2026-03-09T02:30:00-04:00"])
        Self.expectOccurrences(
            Recurrence(.daily, count: 3), start: "2026-10-31T01:30:00-04:00", zone: Self.newYork,
            ["2026-10-31T01:30:00-04:00", "2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00"])
        // 02:30 on November 1 is after the repeated hour: there is one, in EST.
        Self.expectOccurrences(
            Recurrence(.daily, count: 3), start: "2026-10-31T02:30:00-04:00", zone: Self.newYork,
            ["2026-10-31T02:30:00-04:00", "2026-11-01T02:30:00-05:00", "2026-11-02T02:30:00-05:00"])
    }

    @Test func wallClocksAreReadAndPlacedInAZone() {
        #expect(WallClock(Self.instant("2026-03-29T01:30:00Z"), in: Self.madrid) == WallClock(hour: 3, minute: 30))
        #expect(WallClock(Self.instant("2026-10-25T00:30:00Z"), in: Self.madrid) == WallClock(hour: 2, minute: 30))
        #expect(WallClock(Self.instant("2026-10-25T01:30:00Z"), in: Self.madrid) == WallClock(hour: 2, minute: 30))
        #expect(
            WallClock(Self.instant("1969-12-31T23:59:58Z"), in: TimeZone(identifier: "UTC")!)
                == WallClock(hour: 23, minute: 59, second: 58))
        let place = { (clock: WallClock, day: String, zone: TimeZone) in
            ISOTime.format(clock.instant(on: Self.day(day), in: zone))
        }
        #expect(place(WallClock(hour: 18, minute: 0), "2026-01-15", Self.madrid) == "2026-01-15T17:00:00.000Z")
        #expect(place(WallClock(hour: 18, minute: 0), "2026-07-15", Self.madrid) == "2026-07-15T16:00:00.000Z")
        #expect(place(WallClock(hour: 2, minute: 30), "2026-03-29", Self.madrid) == "2026-03-29T01:30:00.000Z")
        #expect(place(WallClock(hour: 2, minute: 30), "2026-10-25", Self.madrid) == "2026-10-25T00:30:00.000Z")
        #expect(place(WallClock(hour: 0, minute: 0), "2026-03-29", Self.madrid) == "2026-03-28T23:00:00.000Z")
        #expect(
            place(WallClock(hour: 23, minute: 59, second: 59), "2026-10-25", Self.madrid) == "2026-10-25T22:59:59.000Z")
        #expect(place(WallClock(hour: 2, minute: 30), "2026-03-08", Self.newYork) == "2026-03-08T07:30:00.000Z")
        #expect(place(WallClock(hour: 1, minute: 30), "2026-11-01", Self.newYork) == "2026-11-01T05:30:00.000Z")
    }

    // MARK: Looking up occurrences

    /// A window in the middle of an unbounded series holds only what starts inside it; its start is included and
    /// its end is not.
    @Test func aWindowHoldsWhatStartsInsideIt() {
        let rule = Recurrence(.weekly, days: [.mo, .th])
        let start = "2026-01-05T18:00:00+01:00"  // a Monday
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid, from: Self.instant("2026-02-01T00:00:00+01:00"),
            to: Self.instant("2026-02-15T00:00:00+01:00"),
            [
                "2026-02-02T18:00:00+01:00", "2026-02-05T18:00:00+01:00", "2026-02-09T18:00:00+01:00",
                "2026-02-12T18:00:00+01:00",
            ])
        // Exactly at an occurrence's start: from includes it, to leaves it out.
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid, from: Self.instant("2026-02-02T18:00:00+01:00"),
            to: Self.instant("2026-02-12T18:00:00+01:00"),
            ["2026-02-02T18:00:00+01:00", "2026-02-05T18:00:00+01:00", "2026-02-09T18:00:00+01:00"])
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid, from: Self.instant("2026-02-02T18:00:00.001+01:00"),
            to: Self.instant("2026-02-12T18:00:00.001+01:00"),
            ["2026-02-05T18:00:00+01:00", "2026-02-09T18:00:00+01:00", "2026-02-12T18:00:00+01:00"])
        // An empty window, one between two occurrences, and one before the series.
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid, from: Self.instant("2026-02-02T18:00:00+01:00"),
            to: Self.instant("2026-02-02T18:00:00+01:00"), [])
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid, from: Self.instant("2026-02-03T00:00:00+01:00"),
            to: Self.instant("2026-02-05T00:00:00+01:00"), [])
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid, to: Self.instant("2026-01-05T18:00:00+01:00"), [])
    }

    /// The occurrence a day names, for RFC 5545's Tuesdays and Thursdays for five weeks.
    @Test func theOccurrenceOnADay() {
        let rule = Recurrence(.weekly, days: [.tu, .th], count: 10)
        let start = Self.instant("1997-09-02T09:00:00-04:00")
        let on = { (day: String) in rule.occurrence(on: Self.day(day), of: start, zone: Self.newYork) }
        #expect(on("1997-09-02") == Self.instant("1997-09-02T09:00:00-04:00"))
        #expect(on("1997-09-04") == Self.instant("1997-09-04T09:00:00-04:00"))
        #expect(on("1997-10-02") == Self.instant("1997-10-02T09:00:00-04:00"))
        #expect(on("1997-09-03") == nil)  // a Wednesday
        #expect(on("1997-08-28") == nil)  // a Thursday before the start
        #expect(on("1997-10-07") == nil)  // a Tuesday after the tenth
        #expect(
            Recurrence(.daily, interval: 2).occurrence(
                on: Self.day("1997-10-26"), of: start, zone: Self.newYork) == Self.instant("1997-10-26T09:00:00-05:00"))
        #expect(
            Recurrence(.daily, interval: 2).occurrence(on: Self.day("1997-10-27"), of: start, zone: Self.newYork) == nil
        )
        #expect(
            Recurrence(.monthly).occurrence(
                on: Self.day("1997-11-02"), of: start, zone: Self.newYork) == Self.instant("1997-11-02T09:00:00-05:00"))
        #expect(Recurrence(.monthly).occurrence(on: Self.day("1997-11-03"), of: start, zone: Self.newYork) == nil)
    }

    @Test func occurrencesBeforeADay() {
        let rule = Recurrence(.weekly, days: [.tu, .th], count: 10)
        let start = Self.instant("1997-09-02T09:00:00-04:00")
        let before = { (day: String) in rule.occurrencesBefore(Self.day(day), of: start, zone: Self.newYork) }
        #expect(before("1997-08-01") == 0)
        #expect(before("1997-09-02") == 0)
        #expect(before("1997-09-03") == 1)
        #expect(before("1997-09-16") == 4)
        #expect(before("1997-09-17") == 5)
        #expect(before("1997-10-02") == 9)
        #expect(before("1997-10-03") == 10)
        #expect(before("1998-06-01") == 10)
        #expect(Recurrence(.daily).occurrencesBefore(Self.day("1997-09-12"), of: start, zone: Self.newYork) == 10)
        #expect(
            Recurrence(.weekly, interval: 2).occurrencesBefore(Self.day("1998-01-21"), of: start, zone: Self.newYork)
                == 11)
    }

    @Test func theLastDayOfASeries() {
        let start = Self.instant("1997-09-02T09:00:00-04:00")
        let last = { (rule: Recurrence) in rule.lastDay(of: start, zone: Self.newYork) }
        #expect(last(Recurrence(.weekly, until: Self.day("1997-12-23"))) == Self.day("1997-12-23"))
        #expect(last(Recurrence(.weekly, until: Self.day("1997-12-29"))) == Self.day("1997-12-23"))
        #expect(last(Recurrence(.weekly, days: [.tu, .th], until: Self.day("1997-10-06"))) == Self.day("1997-10-02"))
        #expect(last(Recurrence(.weekly, days: [.tu, .th], count: 10)) == Self.day("1997-10-02"))
        #expect(last(Recurrence(.daily, count: 1)) == Self.day("1997-09-02"))
        #expect(last(Recurrence(.daily, until: Self.day("1997-09-02"))) == Self.day("1997-09-02"))
        #expect(last(Recurrence(.daily, interval: 10, count: 5)) == Self.day("1997-10-12"))
        #expect(last(Recurrence(.monthly, count: 6)) == Self.day("1998-02-02"))
        #expect(
            Recurrence(.monthly, count: 7).lastDay(of: Self.instant("1997-01-31T09:00:00-05:00"), zone: Self.newYork)
                == Self.day("1997-12-31"))
        #expect(last(Recurrence(.daily)) == nil)
        #expect(last(Recurrence(.weekly, interval: 2, days: [.tu, .th])) == nil)
        #expect(last(Recurrence(.monthly)) == nil)
        #expect(!Recurrence(.daily).isBounded)
        #expect(Recurrence(.daily, count: 3).isBounded)
        #expect(Recurrence(.daily, until: Self.day("1997-12-23")).isBounded)
    }

    // MARK: Rules

    @Test func problemsWithARule() {
        let monday = Self.day("2026-01-05")
        #expect(Recurrence(.daily).problem(startingOn: monday) == nil)
        #expect(Recurrence(.weekly, days: [.mo, .th], until: monday).problem(startingOn: monday) == nil)
        #expect(Recurrence(.weekly, interval: 52, count: 1000).problem(startingOn: monday) == nil)
        #expect(Recurrence(.monthly, interval: 1, count: 1).problem(startingOn: monday) == nil)
        #expect(
            Recurrence(.daily, until: Self.day("2026-02-01"), count: 3).problem(startingOn: monday)
                == "a series ends on a day or after a count, not both")
        #expect(
            Recurrence(.daily, until: Self.day("2026-01-04")).problem(startingOn: monday)
                == "the last day 2026-01-04 is before the first, 2026-01-05")
        #expect(
            Recurrence(.weekly, days: [.tu, .th]).problem(startingOn: monday)
                == "the first day, 2026-01-05, is a mo, not one of the series' days")
        #expect(
            Recurrence(.daily, days: [.mo]).problem(startingOn: monday) == "weekdays go with a weekly series")
        #expect(
            Recurrence(.monthly, days: [.mo]).problem(startingOn: monday) == "weekdays go with a weekly series")
        for interval in [0, -1, 53] {
            #expect(Recurrence(.weekly, interval: interval).problem(startingOn: monday) == "the interval is 1–52")
        }
        for count in [0, -1, 1001] {
            #expect(Recurrence(.weekly, count: count).problem(startingOn: monday) == "the count is 1–1000")
        }
    }

    @Test func rruleValues() {
        #expect(
            Recurrence(.weekly, days: [.th, .mo], until: Self.day("2026-12-31")).rrule(zone: Self.madrid)
                == "FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20261231T225959Z")
        #expect(
            Recurrence(.weekly, until: Self.day("2026-07-15")).rrule(zone: Self.madrid)
                == "FREQ=WEEKLY;UNTIL=20260715T215959Z")
        #expect(
            Recurrence(.daily, until: Self.day("1997-12-23")).rrule(zone: Self.newYork)
                == "FREQ=DAILY;UNTIL=19971224T045959Z")
        #expect(
            Recurrence(.daily, until: Self.day("2026-12-31")).rrule(zone: TimeZone(identifier: "UTC")!)
                == "FREQ=DAILY;UNTIL=20261231T235959Z")
        #expect(Recurrence(.daily, interval: 2, count: 10).rrule(zone: Self.madrid) == "FREQ=DAILY;INTERVAL=2;COUNT=10")
        #expect(
            Recurrence(.weekly, interval: 2, days: [.fr, .we, .mo]).rrule(zone: Self.madrid)
                == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR")
        #expect(Recurrence(.monthly).rrule(zone: Self.madrid) == "FREQ=MONTHLY")
    }

    @Test func weekdaysAreSortedAndDistinct() {
        #expect(Recurrence(.weekly, days: [.su, .th, .mo, .th]).days == [.mo, .th, .su])
        #expect(Recurrence(.weekly, days: [.th, .mo]) == Recurrence(.weekly, days: [.mo, .th]))
        #expect(Weekday.allCases.map(\.index) == [0, 1, 2, 3, 4, 5, 6])
        #expect(Weekday.mo < Weekday.su)
    }

    @Test func codableRoundTrip() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let cases: [(Recurrence, String)] = [
            (Recurrence(.weekly), #"{"frequency":"weekly","interval":1}"#),
            (Recurrence(.daily, interval: 2, count: 10), #"{"count":10,"frequency":"daily","interval":2}"#),
            (
                Recurrence(.weekly, interval: 2, days: [.fr, .mo], until: Self.day("2026-12-31")),
                #"{"days":["mo","fr"],"frequency":"weekly","interval":2,"until":"2026-12-31"}"#
            ),
            (Recurrence(.monthly, count: 3), #"{"count":3,"frequency":"monthly","interval":1}"#),
        ]
        for (rule, json) in cases {
            let data = try encoder.encode(rule)
            #expect(String(decoding: data, as: UTF8.self) == json)
            #expect(try JSONDecoder().decode(Recurrence.self, from: Data(json.utf8)) == rule)
        }
        let minimal = try JSONDecoder().decode(Recurrence.self, from: Data(#"{"frequency":"monthly"}"#.utf8))
        #expect(minimal == Recurrence(.monthly))
        for bad in [
            #"{"frequency":"yearly"}"#, #"{"interval":1}"#, #"{"frequency":"weekly","days":["monday"]}"#,
            #"{"frequency":"daily","until":"2026-02-30"}"#,
        ] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Recurrence.self, from: Data(bad.utf8)) }
        }
    }

    /// Weekdays read from a document are put in order and duplicates dropped, as the initializer does: a series
    /// never has two occurrences on one day, and every occurrence can be looked up.
    @Test func decodedWeekdaysAreSortedAndDistinct() throws {
        let json = #"{"frequency":"weekly","days":["th","mo","th"],"count":4}"#
        let rule = try JSONDecoder().decode(Recurrence.self, from: Data(json.utf8))
        #expect(rule == Recurrence(.weekly, days: [.mo, .th], count: 4))
        let start = "2026-01-05T18:00:00+01:00"  // a Monday
        Self.expectOccurrences(
            rule, start: start, zone: Self.madrid,
            [
                "2026-01-05T18:00:00+01:00", "2026-01-08T18:00:00+01:00", "2026-01-12T18:00:00+01:00",
                "2026-01-15T18:00:00+01:00",
            ])
        #expect(
            rule.occurrence(on: Self.day("2026-01-12"), of: Self.instant(start), zone: Self.madrid)
                == Self.instant("2026-01-12T18:00:00+01:00"))
    }

    // MARK: Days

    @Test func weekdaysOfKnownDays() {
        let known: [(String, Weekday)] = [
            ("1970-01-01", .th), ("1969-12-31", .we), ("1970-01-05", .mo), ("1997-09-01", .mo), ("1997-09-02", .tu),
            ("2000-02-29", .tu), ("2024-02-29", .th), ("2026-01-05", .mo), ("2026-03-29", .su), ("2026-10-24", .sa),
            ("2026-12-31", .th), ("0001-01-01", .mo), ("1900-01-01", .mo), ("9999-12-31", .fr),
        ]
        for (day, weekday) in known {
            #expect(Weekday(of: Self.day(day)) == weekday, "\(day)")
        }
    }

    @Test func addingDays() {
        #expect(Self.day("2026-02-28").adding(days: 1) == Self.day("2026-03-01"))
        #expect(Self.day("2024-02-28").adding(days: 1) == Self.day("2024-02-29"))
        #expect(Self.day("2026-01-01").adding(days: -1) == Self.day("2025-12-31"))
        #expect(Self.day("1970-01-01").adding(days: -1) == Self.day("1969-12-31"))
        #expect(Self.day("2026-01-01").adding(days: 365) == Self.day("2027-01-01"))
        #expect(Self.day("2024-01-01").adding(days: 365) == Self.day("2024-12-31"))
        #expect(Self.day("2026-03-29").adding(days: 0) == Self.day("2026-03-29"))
        #expect(CalendarDate(daysSinceEpoch: 0) == Self.day("1970-01-01"))
        #expect(CalendarDate(daysSinceEpoch: 10_106) == Self.day("1997-09-02"))
        #expect(CalendarDate(daysSinceEpoch: -719_162) == Self.day("0001-01-01"))
        // The proleptic Gregorian calendar throughout, as `daysSinceEpoch` counts: no Julian days before 1582-10-15.
        #expect(Self.day("1582-10-04").adding(days: 1) == Self.day("1582-10-05"))
        #expect(Self.day("1582-10-15").adding(days: -1) == Self.day("1582-10-14"))
        #expect(Self.day("1500-02-28").adding(days: 1) == Self.day("1500-03-01"))
        for text in ["0001-01-01", "1000-06-15", "1582-10-10", "1969-12-31", "2026-03-29", "9999-12-31"] {
            #expect(Self.day(text).adding(days: 0) == Self.day(text))
            #expect(CalendarDate(daysSinceEpoch: Self.day(text).daysSinceEpoch) == Self.day(text))
        }
    }

    // MARK: Exceptions

    @Test func exceptionIDs() throws {
        let series = try #require(UUID(uuidString: "0196A0B2-1C3D-7E4F-9A5B-112233445566"))
        let other = try #require(UUID(uuidString: "0196A0B2-1C3D-7E4F-9A5B-112233445567"))
        let newYear = Self.day("2026-01-01")  // day 20454 since 1970: 20455 = 0x4FE7 is mixed in
        let id = Event.exceptionID(series: series, occurrence: newYear)
        #expect(id.uuidString == "0196A0B2-1C3D-8E4F-9A5B-112233441A81")
        #expect(
            Event.exceptionID(series: series, occurrence: Self.day("1970-01-01")).uuidString
                == "0196A0B2-1C3D-8E4F-9A5B-112233445567")
        #expect(
            Event.exceptionID(
                series: try #require(UUID(uuidString: "0196A0B2-0000-7000-8000-000000000000")), occurrence: newYear
            ).uuidString == "0196A0B2-0000-8000-8000-000000004FE7")
        // The same on every call, different for another day or another series.
        #expect(Event.exceptionID(series: series, occurrence: newYear) == id)
        #expect(Event.exceptionID(series: series, occurrence: newYear.adding(days: 1)) != id)
        #expect(Event.exceptionID(series: other, occurrence: newYear) != id)
        var seen: Set<UUID> = [series]
        for offset in 0..<3_000 {
            let day = Self.day("1997-09-02").adding(days: offset * 13)
            let exception = Event.exceptionID(series: series, occurrence: day)
            #expect(seen.insert(exception).inserted, "\(day)")
            #expect(exception.uuid.6 >> 4 == 8, "version 8")
            #expect(exception.uuid.8 >> 6 == 0b10, "RFC 9562 variant")
        }
    }
}
