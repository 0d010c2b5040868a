import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension EventService {
    /// The appointment `gorilla train --next` opens (``EventCalendar/next(at:zone:)``): the one under way or the next
    /// one, when it is certain; otherwise `choose` is asked with one line per candidate and answers the index taken.
    /// - Throws: ``ClientError`` `.notFound` when there is none, `.usage` (exit 64) when it is not certain and there
    ///   is nobody to ask (`choose` nil: no terminal, `--json`) — saying to pass `--event ID` — and `.cancelled` when
    ///   the person chose none.
    static func nextAppointment(
        _ cache: LocalCache, at now: Date, choose: (@Sendable (_ title: String, _ lines: [String]) -> Int?)?
    ) throws -> Stored<Event> {
        let facts = try AppointmentFacts(cache: cache, now: now)
        switch try EventCalendar(cache: cache).next(at: now) {
        case .none:
            throw ClientError(.notFound, TrainingPhrases.noEventToStart.t())
        case .one(let event):
            return event
        case .choose(let events, _):
            let start = EventFormatting.local(events[0].start)
            let title =
                events.count == 1
                ? CalendarPhrases.nextNotToday.t(["start": start])
                : CalendarPhrases.nextTogether.t(["count": events.count, "start": start])
            let lines = events.map { EventFormatting.line(facts.record($0), clientName: facts.clientName($0)) }
            if let choose {
                guard let index = choose(title, lines), events.indices.contains(index) else {
                    throw ClientError(.cancelled, CalendarPhrases.nextNoneChosen.t())
                }
                return events[index]
            }
            let list = lines.map { "  " + $0 }.joined(separator: "\n")
            throw ClientError(
                .usage,
                title + "\n" + list + "\n"
                    + CalendarPhrases.nextPassEvent.t(["example": events[0].appointmentReference]))
        }
    }

    /// How the train view's header names `event`: "appointment 10:00" (with the day when it is not today).
    package static func headerLabel(_ event: Stored<Event>, now: Date, zone: TimeZone = .current) -> String {
        let start = event.start
        let local = EventFormatting.local(start, zone: zone)
        let today = CalendarDate(start, in: zone) == CalendarDate(now, in: zone)
        return CalendarPhrases.trainHeaderAppointment.t(["time": today ? String(local.suffix(5)) : local])
    }
}
