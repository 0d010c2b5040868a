import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// Planned compliance: the planned workouts done ÷ the planned ones over 7, 30 and 90 days, and who needs attention.
@Suite struct PlannedComplianceTests {
    static let zone = TimeZone(identifier: "Europe/Madrid")!
    static let legs = UUID()
    static let push = UUID()
    /// Legs on Mondays, Push on Thursdays, repeating.
    static let weekly = Program(
        name: "Strength", weeks: 4, days: [ProgramDay(day: 1, training: legs), ProgramDay(day: 4, training: push)])
    static let start = CalendarDate("2026-09-07")!  // a Monday
    static let client = UUID()

    /// A session at `hour` on `date`, in the rule's zone.
    static func session(_ date: CalendarDate, hour: Int = 18) -> Date {
        date.start(in: zone).addingTimeInterval(Double(hour) * 3600)
    }

    static func assignment(start: CalendarDate = start, shifts: [Assignment.Shift] = []) -> Assignment {
        Assignment(client: client, program: UUID(), start: start, repeats: true, shifts: shifts)
    }

    @Test func nothingPlannedLeavesEveryRateAbsent() {
        let today = CalendarDate("2026-12-02")!
        let none = PlannedCompliance(assignments: [], sessions: [Self.session(today)], today: today, zone: Self.zone)
        #expect(none.rates.isEmpty && none.d90.planned == 0 && !none.needsAttention)
        // An assignment that starts after today plans nothing yet.
        let later = PlannedCompliance(
            assignments: [(Self.weekly, Self.assignment(start: today.adding(days: 5)))], sessions: [], today: today,
            zone: Self.zone)
        #expect(later.rates == PlannedCompliance.Rates(d7: nil, d30: nil, d90: nil))
    }

    @Test func aSelfLoggedSessionOnAPlannedDayCountsAndOneOnAnotherDayDoesNot() throws {
        // Wednesday 2026-12-09: the last 7 days plan Thursday 3 and Monday 7.
        let today = CalendarDate("2026-12-09")!
        let sessions = [Self.session(CalendarDate("2026-12-07")!, hour: 7), Self.session(CalendarDate("2026-12-05")!)]
        let counts = PlannedCompliance(
            assignments: [(Self.weekly, Self.assignment())], sessions: sessions, today: today, zone: Self.zone)
        #expect(counts.d7 == PlannedCompliance.Count(planned: 2, done: 1))
        #expect(counts.rates.d7 == 0.5)
        // A session late in the evening of a planned day counts on that day in the client's zone, not in UTC's.
        let late = PlannedCompliance(
            assignments: [(Self.weekly, Self.assignment())],
            sessions: [Self.session(CalendarDate("2026-12-03")!, hour: 23) + 1800], today: today, zone: Self.zone)
        #expect(late.d7.done == 1)
    }

    @Test func todayCountsOnlyOnceDone() {
        let monday = CalendarDate("2026-12-07")!
        let assignments = [(Self.weekly, Self.assignment())]
        // Thursday 3 December was planned and not done; Monday 7 is today's.
        let ahead = PlannedCompliance(assignments: assignments, sessions: [], today: monday, zone: Self.zone)
        let done = PlannedCompliance(
            assignments: assignments, sessions: [Self.session(monday)], today: monday, zone: Self.zone)
        #expect(ahead.d7 == PlannedCompliance.Count(planned: 1, done: 0))
        #expect(done.d7 == PlannedCompliance.Count(planned: 2, done: 1))
    }

    @Test func aShiftedAssignmentPlansItsDaysLaterAndNotInsideThePostponement() {
        // From Monday 2026-11-23 the days move two weeks later: nothing is planned on 23, 26, 30 November or 3
        // December, and the Monday of 23 November falls on 7 December.
        let shifted = Self.assignment(shifts: [Assignment.Shift(from: CalendarDate("2026-11-23")!, days: 14)])
        let today = CalendarDate("2026-12-08")!
        let trainedOnPostponedDays = ["2026-11-23", "2026-11-26", "2026-11-30", "2026-12-03"].map {
            Self.session(CalendarDate($0)!)
        }
        let counts = PlannedCompliance(
            assignments: [(Self.weekly, shifted)], sessions: trainedOnPostponedDays, today: today, zone: Self.zone)
        #expect(counts.d7 == PlannedCompliance.Count(planned: 1, done: 0), "only Monday 7 December in 7 days")
        let kept = PlannedCompliance(
            assignments: [(Self.weekly, shifted)], sessions: [Self.session(CalendarDate("2026-12-07")!)],
            today: today, zone: Self.zone)
        #expect(kept.d7 == PlannedCompliance.Count(planned: 1, done: 1))
        // Unshifted, the same week plans Thursday 3 and Monday 7.
        let plain = PlannedCompliance(
            assignments: [(Self.weekly, Self.assignment())], sessions: [], today: today, zone: Self.zone)
        #expect(plain.d7.planned == 2)
    }

    @Test func aDayTwoAssignmentsPlanCountsOnce() {
        let today = CalendarDate("2026-12-09")!
        let twice = PlannedCompliance(
            assignments: [(Self.weekly, Self.assignment()), (Self.weekly, Self.assignment())], sessions: [],
            today: today, zone: Self.zone)
        #expect(twice.d7.planned == 2)
    }

    /// Seeded cases: sessions on a random share of the planned days; the rates are the share done, and attention
    /// follows the 20-point drop of the last 7 days below the last 90.
    @Test(arguments: [1, 7, 42, 2026]) func ratesAndAttentionFollowTheDaysDone(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let today = CalendarDate("2026-12-09")!
        let assignment = Self.assignment()
        let planned = ProgramSchedule.planned(from: today.adding(days: -89), to: today, Self.weekly, assignment)
            .map(\.date).filter { $0 < today }
        let done = planned.filter { _ in Bool.random(using: &random) }
        let counts = PlannedCompliance(
            assignments: [(Self.weekly, assignment)], sessions: done.map { Self.session($0) }, today: today,
            zone: Self.zone)
        for (window, count) in [(7, counts.d7), (30, counts.d30), (90, counts.d90)] {
            let inside = { (date: CalendarDate) in today.daysSinceEpoch - date.daysSinceEpoch < window }
            #expect(count.planned == planned.filter(inside).count)
            #expect(count.done == done.filter(inside).count)
        }
        let week = Double(counts.d7.done) / Double(counts.d7.planned)
        let quarter = Double(counts.d90.done) / Double(counts.d90.planned)
        #expect(counts.needsAttention == (quarter - week >= 0.2 - 1e-9), "seed \(seed): \(week) vs \(quarter)")
    }

    @Test func aDropOfTwentyPointsNeedsAttentionAndOfLessDoesNot() {
        let drop = PlannedCompliance(
            d7: PlannedCompliance.Count(planned: 2, done: 1), d90: PlannedCompliance.Count(planned: 10, done: 7))
        #expect(drop.needsAttention, "50 % against 70 %")
        let less = PlannedCompliance(
            d7: PlannedCompliance.Count(planned: 4, done: 2), d90: PlannedCompliance.Count(planned: 20, done: 13))
        #expect(!less.needsAttention, "50 % against 65 %")
        let unknown = PlannedCompliance(d90: PlannedCompliance.Count(planned: 20, done: 20))
        #expect(!unknown.needsAttention, "nothing planned in 7 days")
        #expect(drop.rates == PlannedCompliance.Rates(d7: 0.5, d30: nil, d90: 0.7))
    }
}
