import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import Testing

/// Work per muscle group and attendance within a period.
@Suite struct StatsMuscleTests {
    typealias Fixture = StatsTests
    static let squat = "0193a7c2-0000-7000-8000-00000000b002"

    /// Thursday 2026-11-26, in UTC.
    static let calculator = StatsCalculator(
        unit: "kg", now: ISOTime.parse("2026-11-26T12:00:00Z")!, timeZone: TimeZone(identifier: "UTC")!)

    @Test func setsAndVolumeAreCountedPerMuscleGroupAndWeek() throws {
        let sessions = [
            // Week of Monday 2026-11-16: two working bench sets and a warm-up; one squat set.
            Fixture.session(
                "2026-11-17T10:00:00Z",
                exercises: [
                    (
                        Fixture.bench, "Bench",
                        [Fixture.set(10, 20, type: "warmup"), Fixture.set(10, 60), Fixture.set(8, 70)]
                    ),
                    (Self.squat, "Squat", [Fixture.set(5, 100)]),
                ]),
            // Week of 2026-11-23: one bench set, and an exercise without muscle groups.
            Fixture.session(
                "2026-11-24T10:00:00Z",
                exercises: [(Fixture.bench, "Bench", [Fixture.set(10, 65)]), (nil, "Plank", [Fixture.set(1, 0)])]),
        ]
        let sets = Self.calculator.sets(of: sessions)
        let muscles = Self.calculator.muscles(
            sets, muscles: [Fixture.bench: ["Chest", "triceps"], Self.squat: ["quads"]],
            from: ISOTime.parse("2026-11-16T00:00:00Z"), to: ISOTime.parse("2026-11-30T00:00:00Z"))
        let chest = try #require(muscles.first { $0.muscle == "chest" })
        #expect(chest.sets == 3, "warm-ups are left out")
        #expect(chest.volume == 600 + 560 + 650)
        #expect(chest.weeks.map(\.sets) == [2, 1])
        #expect(
            chest.weeks.map(\.start) == [
                ISOTime.parse("2026-11-16T00:00:00Z")!, ISOTime.parse("2026-11-23T00:00:00Z")!,
            ])
        #expect(chest.setsPerWeek == 1.5)
        #expect(muscles.first { $0.muscle == "triceps" }?.sets == 3, "a set counts for each group its exercise trains")
        #expect(muscles.first { $0.muscle == "quads" }?.weeks.map(\.sets) == [1, 0])
        #expect(muscles.first { $0.muscle == "unassigned" }?.sets == 1)
        #expect(muscles.map(\.muscle).prefix(2).sorted() == ["chest", "triceps"], "most sets first")
        // Without a period: the last 12 weeks, this one last.
        let recent = Self.calculator.muscles(sets, muscles: [Fixture.bench: ["chest"]])
        #expect(recent.first?.weeks.count == 12)
        #expect(recent.first?.weeks.suffix(2).map(\.sets) == [2, 1])
    }

    @Test func fromAndToBoundTheAppointmentsCounted() {
        let events = [
            Fixture.event("2026-10-01T10:00:00Z"), Fixture.event("2026-11-10T10:00:00Z", status: "done"),
            Fixture.event("2026-11-12T10:00:00Z", status: "cancelled"), Fixture.event("2026-12-10T10:00:00Z"),
        ]
        let all = Self.calculator.overview(sessions: [], events: events)
        let a = all.attendance
        #expect([a.done, a.missed, a.cancelled, a.upcoming] as [Int] == [1, 1, 1, 1])
        let november = Self.calculator.overview(
            sessions: [], events: events, from: ISOTime.parse("2026-11-01T00:00:00Z"),
            to: ISOTime.parse("2026-12-01T00:00:00Z"))
        let n = november.attendance
        #expect([n.done, n.missed, n.cancelled, n.upcoming] as [Int] == [1, 0, 1, 0])
    }

    @Test func complianceCountsKeptAppointmentsAndThePlansSessionsAWeek() {
        let fulfilled = UUID.v7()
        let events = [
            Fixture.event("2026-11-10T10:00:00Z", status: "done"),  // week of 11-09: kept
            Fixture.event("2026-11-12T10:00:00Z"),  // missed
            Fixture.event("2026-11-13T10:00:00Z", status: "cancelled"),  // not counted
            Fixture.event("2026-11-17T10:00:00Z", id: fulfilled),  // week of 11-16: a session fulfils it
            Fixture.event("2026-11-30T10:00:00Z"),  // still to come: not counted
        ]
        let sessions = [
            Fixture.session("2026-11-10T10:00:00Z", exercises: []),
            Fixture.session("2026-11-17T10:00:00Z", event: fulfilled.key, exercises: []),
            Fixture.session("2026-11-19T10:00:00Z", exercises: []),
            Fixture.session("2026-11-25T10:00:00Z", exercises: []),
        ]
        let compliance = Self.calculator.compliance(
            client: "Bea", target: 2, sessions: sessions, events: events,
            from: ISOTime.parse("2026-11-09T00:00:00Z"), to: ISOTime.parse("2026-11-30T00:00:00Z"))
        #expect(compliance.weeks.map(\.sessions) == [1, 2, 1])
        #expect(compliance.weeks.map(\.appointments) == [2, 1, 0])
        #expect(compliance.kept == 2 && compliance.appointments == 3)
        #expect(compliance.appointmentRate == 2.0 / 3.0)
        // This week (of 11-23) has begun but 1 of 2 is not yet a miss: only the two weeks past count.
        #expect(compliance.planRate == 3.0 / 4.0)
        let free = Self.calculator.compliance(client: "Bea", target: nil, sessions: sessions, events: [])
        #expect(free.planRate == nil && free.appointmentRate == nil && free.weeks.count == 12)
    }

    @Test func complianceStartsAtTheWeekTheClientJoinedOrTheTargetWasSet() {
        let sessions = [
            Fixture.session("2026-10-01T10:00:00Z", exercises: []),  // before joining: not counted
            Fixture.session("2026-11-24T10:00:00Z", exercises: []),
            Fixture.session("2026-11-25T10:00:00Z", exercises: []),
        ]
        let events = [Fixture.event("2026-11-02T10:00:00Z")]  // missed, but before joining
        // Joined today (Thursday 11-26): one week, this one, which already meets the plan.
        let today = Self.calculator.compliance(
            client: "Bea", target: 2, sessions: sessions, events: events,
            since: ISOTime.parse("2026-11-26T09:00:00Z"))
        #expect(today.weeks.map(\.start) == [ISOTime.parse("2026-11-23T00:00:00Z")!])
        #expect(today.sessions == 2 && today.appointments == 0 && today.planRate == 1)
        // An earlier --from does not reach before it.
        let asked = Self.calculator.compliance(
            client: "Bea", target: 2, sessions: sessions, events: events, from: ISOTime.parse("2026-09-01T00:00:00Z"),
            since: ISOTime.parse("2026-11-26T09:00:00Z"))
        #expect(asked.weeks.count == 1 && asked.sessions == 2)
        // Joined three weeks ago: three weeks, of which the two past ones missed the plan.
        let earlier = Self.calculator.compliance(
            client: "Bea", target: 2, sessions: sessions, events: events,
            since: ISOTime.parse("2026-11-04T18:00:00Z"))
        #expect(earlier.weeks.count == 4 && earlier.weeks.map(\.sessions) == [0, 0, 0, 2])
        #expect(earlier.planRate == 2.0 / 8.0)
        // Without a start, the 12 weeks as before.
        #expect(Self.calculator.compliance(client: "Bea", target: 2, sessions: sessions, events: []).weeks.count == 12)
    }

    @Test func weeksAreTheirMondaysAcrossAChangeOfClock() throws {
        // Madrid went to winter time on Sunday 2026-10-25: every week still starts on a Monday at local midnight.
        let madrid = try #require(TimeZone(identifier: "Europe/Madrid"))
        let calculator = StatsCalculator(unit: "kg", now: ISOTime.parse("2026-11-25T12:00:00Z")!, timeZone: madrid)
        let overview = calculator.overview(sessions: [], events: [])
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = madrid
        #expect(overview.weekStarts.count == 12)
        for start in overview.weekStarts {
            let parts = calendar.dateComponents([.weekday, .hour, .minute], from: start)
            #expect(parts.weekday == 2 && parts.hour == 0 && parts.minute == 0, "\(start)")
        }
        #expect(CalendarDate(overview.weekStarts.last!, in: madrid).description == "2026-11-23")
        #expect(CalendarDate(overview.weekStarts.first!, in: madrid).description == "2026-09-07")
        let muscles = calculator.muscles([], muscles: [:])
        #expect(muscles.isEmpty)
        let compliance = calculator.compliance(client: "Bea", target: 1, sessions: [], events: [])
        #expect(compliance.weeks.map(\.start) == overview.weekStarts)
    }
}
