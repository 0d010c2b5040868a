import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// The arithmetic check of an occurrence's day (``Recurrence/position(of:startingOn:)``) against the plain walk of
/// the series (``Recurrence/occurrenceDays(startingOn:)``): for every rule the two name the same days, in the same
/// places.
@Suite struct RecurrencePositionTests {
    /// A rule and its first day, drawn from `random`: every frequency, intervals, weekdays, the 29th–31st of a month,
    /// and no end, a count or a last day.
    private static func randomSeries(_ random: inout SeededGenerator) -> (Recurrence, CalendarDate) {
        let frequency = Recurrence.Frequency.allCases.randomElement(using: &random)!
        var first = CalendarDate(daysSinceEpoch: Int.random(in: 7_000...22_000, using: &random))
        if frequency == .monthly, Bool.random(using: &random) {
            // The days some months lack.
            let day = Int.random(in: 28...31, using: &random)
            first = CalendarDate(year: first.year, month: first.month, day: day) ?? first
        }
        let interval = [1, 1, 2, 3, 5, Int.random(in: Recurrence.intervalRange, using: &random)]
            .randomElement(using: &random)!
        var days: [Weekday] = []
        if frequency == .weekly, Bool.random(using: &random) {
            days = [Weekday(of: first)] + Weekday.allCases.filter { _ in Bool.random(using: &random) }
        }
        var rule = Recurrence(frequency, interval: interval, days: days)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: rule.count = Int.random(in: Recurrence.countRange, using: &random)
        case 1: rule.until = first.adding(days: Int.random(in: 0...5_000, using: &random))
        default: break
        }
        return (rule, first)
    }

    @Test func theArithmeticCheckAgreesWithTheExpansionForSeededRandomRules() throws {
        var random = SeededGenerator.forTest()
        for _ in 0..<400 {
            let (rule, first) = Self.randomSeries(&random)
            let expanded = rule.occurrenceDays(startingOn: first)
            let places = Dictionary(uniqueKeysWithValues: expanded.enumerated().map { ($1, $0) })
            let last = try #require(expanded.last, "\(rule) from \(first) has no occurrence")
            // Every occurrence, the days just around the series' ends, random days within it, and far ones.
            var candidates = expanded
            candidates += (-40...40).map { first.adding(days: $0) } + (-40...400).map { last.adding(days: $0) }
            let span = last.daysSinceEpoch - first.daysSinceEpoch
            candidates += (0..<500).map { _ in first.adding(days: Int.random(in: 0...span, using: &random)) }
            candidates += ["9999-12-01", "9999-12-31", "0001-01-01"].compactMap(CalendarDate.init)
            // Days after 9999 are no dates of the protocol (the far walks of large intervals reach them).
            for day in candidates where day.year <= 9999 {
                #expect(
                    rule.position(of: day, startingOn: first) == places[day],
                    "\(rule.rrule(zone: .gmt)) from \(first), on \(day)")
            }
        }
    }

    /// The series' rules of RFC 5545's examples that a coach may schedule, counted by hand.
    @Test func placesOfKnownSeries() {
        let first = CalendarDate("1997-09-02")!  // a Tuesday
        let tuesdaysAndThursdays = Recurrence(.weekly, days: [.tu, .th], count: 10)
        #expect(tuesdaysAndThursdays.position(of: CalendarDate("1997-09-04")!, startingOn: first) == 1)
        #expect(tuesdaysAndThursdays.position(of: CalendarDate("1997-10-02")!, startingOn: first) == 9)
        #expect(tuesdaysAndThursdays.position(of: CalendarDate("1997-10-07")!, startingOn: first) == nil)
        let fromThursday = Recurrence(.weekly, interval: 2, days: [.mo, .th])
        #expect(fromThursday.position(of: CalendarDate("1997-09-15")!, startingOn: CalendarDate("1997-09-04")!) == 1)
        let onThe31st = Recurrence(.monthly, count: 3)
        #expect(onThe31st.position(of: CalendarDate("1997-03-31")!, startingOn: CalendarDate("1997-01-31")!) == 1)
        #expect(onThe31st.position(of: CalendarDate("1997-07-31")!, startingOn: CalendarDate("1997-01-31")!) == nil)
        // An unbounded daily series ends where every expansion does, after `maxSteps` days.
        let daily = Recurrence(.daily)
        #expect(daily.position(of: first.adding(days: Recurrence.maxSteps - 1), startingOn: first) == 9_999)
        #expect(daily.position(of: first.adding(days: Recurrence.maxSteps), startingOn: first) == nil)
        #expect(!daily.falls(on: CalendarDate("9999-12-01")!, startingOn: first))
    }
}
