import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// The compliance rule's weeks: each date is counted in the week the calendar puts it in, found among the week starts
/// rather than asked of the calendar date by date.
@Suite struct ComplianceRuleTests {
    /// The counts the calendar gives, asked date by date: the plain rule the tally must keep to.
    static func weeksByCalendar(
        _ rule: ComplianceRule, sessions: [Date], appointments: [(start: Date, state: AppointmentState)], since: Date?
    ) -> [ComplianceRule.Week] {
        var weeks = rule.tally(target: nil, sessions: [], appointments: [], since: since).weeks
        let starts = weeks.map(\.start)
        func week(of date: Date) -> Int? {
            rule.calendar.dateInterval(of: .weekOfYear, for: date).flatMap { starts.firstIndex(of: $0.start) }
        }
        for start in sessions {
            if let index = week(of: start) { weeks[index].sessions += 1 }
        }
        for (start, state) in appointments where start <= rule.now && state.takesPlace {
            guard let index = week(of: start) else { continue }
            weeks[index].appointments += 1
            if state == .done { weeks[index].kept += 1 }
            if state == .missed { weeks[index].missed += 1 }
        }
        return weeks
    }

    /// Random dates over a year and a half (two changes of the clocks in each direction), and every week's first
    /// instant and the instant before it, in zones either side of UTC.
    @Test(arguments: ["Europe/Madrid", "America/New_York", "Pacific/Auckland", "UTC"])
    func everyDateIsCountedInTheCalendarsWeek(zone: String) throws {
        var random = SeededGenerator(seed: 2026)
        let now = try #require(ISOTime.parse("2026-11-04T10:30:00Z"))
        let rule = ComplianceRule(now: now, timeZone: try #require(TimeZone(identifier: zone)))
        let year = 86_400.0 * 365
        var sessions = (0..<600).map { _ in now.addingTimeInterval(-Double.random(in: 0...(1.5 * year), using: &random))
        }
        let since = now.addingTimeInterval(-Double.random(in: 0...(0.2 * year), using: &random))
        for start in rule.weekStarts(from: nil, to: nil) + [rule.calendar.startOfDay(for: now)] {
            sessions += [start, start.addingTimeInterval(-1), start.addingTimeInterval(1)]
        }
        let appointments = sessions.map { (start: $0, state: AppointmentState.allCases.randomElement(using: &random)!) }
        for joined in [nil, since] {
            let tally = rule.tally(target: 3, sessions: sessions, appointments: appointments, since: joined)
            let expected = Self.weeksByCalendar(rule, sessions: sessions, appointments: appointments, since: joined)
            #expect(tally.weeks == expected)
            #expect(tally.sessions > 0)
        }
    }
}
