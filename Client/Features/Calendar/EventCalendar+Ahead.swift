import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension EventCalendar {
    /// The occurrences and single appointments of `client` that start after `after` and still take place, each on
    /// its own (a series that does not end, up to ``EventService/defaultHorizon`` days ahead).
    static func ahead(of client: UUID, after: Date, in cache: LocalCache) throws -> [Stored<Event>] {
        try EventCalendar(cache: cache).events(
            from: after, client: client,
            horizon: after.addingTimeInterval(Double(EventService.defaultHorizon) * 86_400)
        ).filter { $0.appointmentState(now: after).isAhead && $0.start > after }
    }

    /// The appointment `gorilla train --next` opens at `now`: the one under way (the latest to have started), else
    /// the next to start; the ones that take place only (scheduled or confirmed).
    ///
    /// It is ``NextAppointment/one(_:)`` only when that is certain: one appointment, under way or starting later today.
    /// Several starting together, or a next one on another day, are ``NextAppointment/choose(_:notToday:)``.
    package func next(at now: Date, zone: TimeZone = .current) -> NextAppointment {
        let window = events(
            from: now.addingTimeInterval(-Double(Event.durationRange.upperBound) * 60),
            horizon: now.addingTimeInterval(Double(EventService.defaultHorizon) * 86_400))
        let live = window.filter { $0.appointmentState(now: now).isAhead }.map { (event: $0, start: $0.start) }
        let underWay = live.filter { $0.start <= now }
        let chosenStart = underWay.map(\.start).max() ?? live.filter { $0.start > now }.map(\.start).min()
        guard let chosenStart else { return .none }
        let together = live.filter { $0.start == chosenStart }.map(\.event)
        let notToday = underWay.isEmpty && CalendarDate(chosenStart, in: zone) != CalendarDate(now, in: zone)
        if together.count == 1, !notToday { return .one(together[0]) }
        return .choose(together, notToday: notToday)
    }
}

/// What `gorilla train --next` finds (``EventCalendar/next(at:zone:)``).
package enum NextAppointment: Sendable {
    /// No appointment under way or ahead.
    case none
    /// The one to open.
    case one(Stored<Event>)
    /// Appointments starting together (one or more), that the person chooses from; `notToday` when they start on
    /// another day than today.
    case choose([Stored<Event>], notToday: Bool)
}
