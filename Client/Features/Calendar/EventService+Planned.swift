import Foundation
import GorillaClientCore
import GorillaShared

extension EventService {
    /// The workouts clients' programs plan, as VEVENTs beside the appointments of `events export --ics`: from `from`
    /// (the first assignment's start) to `to` (a year from today), one hour at their time (at the start of the day
    /// when the assignment gives none), with the same ids on every device.
    static func plannedEvents(
        _ cache: LocalCache, from: String?, to: String?, people: ExportPeople, reminder: Int
    ) throws -> [ICalendar.Event] {
        let starts = try cache.all(Assignment.self).map(\.start)
        guard let earliest = starts.min() else { return [] }
        let first = try from.map { try Self.exportDay($0, CalendarPhrases.fromInvalid) } ?? earliest
        let last = try to.map { try Self.exportDay($0, CalendarPhrases.toInvalid) } ?? .today().adding(days: 366)
        return try PlannedWorkout.between(first, last, in: cache).map { planned in
            ICalendar.Event(
                id: planned.exportID, start: planned.start(in: .current), minutes: Event.defaultDuration,
                summary: ProgramPhrases.icsPlanned.t(["training": planned.training, "client": planned.clientName]),
                description: ProgramPhrases.icsPlannedWeek.t(["program": planned.program, "week": planned.week]),
                status: .tentative, organizer: people.organizer,
                attendee: people.viewer ?? ICalendar.Person(name: planned.clientName, email: nil, id: planned.client),
                reminder: planned.at == nil ? nil : reminder)
        }
    }

    /// The day of `--from` or `--to`.
    private static func exportDay(_ text: String, _ problem: CalendarPhrases) throws -> CalendarDate {
        guard let day = CalendarDate(text) else { throw ClientError(.usage, problem.t()) }
        return day
    }
}
