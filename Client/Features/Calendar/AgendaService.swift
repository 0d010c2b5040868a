import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla agenda [--days N]`: the appointments of today (and the days after), each with what the coach needs to
/// prepare it: the client's last session and their unread messages; then what came since the home screen was last
/// shown (``SinceLooked``: clients' own sessions and measurements, requests, answers, messages), which the agenda
/// does not mark as looked.
package struct AgendaService: Sendable {
    typealias LastSession = AgendaPlan.LastSession

    let context: DeviceContext

    /// How many days an agenda may cover.
    package static let dayRange = 1...31

    /// "--days is 1 to 31", in the current language.
    package static var dayRangeProblem: String {
        CalendarPhrases.daysRange.t(["from": dayRange.lowerBound, "to": dayRange.upperBound])
    }

    /// How far ahead the next appointment is looked for when the agenda holds none.
    static let nextReach = 366

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// The appointments starting on the `days` days from today (in `zone`), by start; declined requests are left
    /// out. When none of them is scheduled, the next scheduled one after those days.
    /// - Throws: ``ClientError`` `.usage` when `days` is outside ``dayRange``.
    package func agenda(days: Int = 1, now: Date = Date(), zone: TimeZone = .current) async throws -> AgendaPlan {
        guard Self.dayRange.contains(days) else {
            throw ClientError(.usage, Self.dayRangeProblem)
        }
        let profile = try context.session().profile
        let cache = try await context.freshCache()
        let calendar = Calendars.gregorian(in: zone)
        let today = CalendarDate(now, in: zone)
        let from = today.start(in: zone)
        let to = calendar.date(byAdding: .day, value: days, to: from)!
        let events = try EventCalendar(cache: cache)
        let facts = try AppointmentFacts(cache: cache, now: now)
        let found = events.events(from: from, to: to).filter { facts.state($0) != .requestDeclined }
        let names = try ClientDirectory(cache: cache).names()
        let coach = profile.role.keepsClients
        // A client's agenda names their coach (the name the server keeps on the client's own record).
        let coachName =
            coach ? nil : try cache.one(Client.self, profile.id)?.coachName.flatMap { $0.isEmpty ? nil : $0 }
        let unread = try cache.all(Message.self).filter { $0.to == profile.id && $0.read == nil }
        // The appointment with the name of whoever it is with: the client's for a coach, the coach's for a client.
        func item(_ event: Stored<Event>, lastSession: LastSession?, unread: Int) -> AgendaPlan.Item {
            var record = facts.record(event)
            let name = coach ? names[event.client] : coachName
            record.name = name.map { (coach ? .clientName : .coachName, $0) }
            return AgendaPlan.Item(event: record, name: name, lastSession: lastSession, unread: unread)
        }
        var lastSessions: [UUID: LastSession?] = [:]
        var items: [AgendaPlan.Item] = []
        for event in found {
            if lastSessions[event.client] == nil {
                lastSessions[event.client] = try Self.lastSession(of: event.client, before: now, in: cache)
            }
            items.append(
                item(
                    event, lastSession: lastSessions[event.client] ?? nil,
                    unread: unread.filter { !coach || $0.from == event.client }.count))
        }
        var next: AgendaPlan.Item?
        if !found.contains(where: { facts.state($0).isAhead }),
            let event = events.events(
                from: to, horizon: to.addingTimeInterval(Double(Self.nextReach) * 86_400)
            ).first(where: { facts.state($0).isAhead })
        {
            next = item(event, lastSession: nil, unread: 0)
        }
        var plan = AgendaPlan(
            from: today, days: days, appointments: items, next: next, role: profile.role, now: now, zone: zone,
            sinceLooked: try SinceLooked.peek(cache, account: profile))
        plan.planned = try PlannedWorkout.between(today, today.adding(days: days - 1), in: cache)
        return plan
    }

    /// The latest session of `client` that started before `now` (the rows before it are not read as sessions).
    static func lastSession(of client: UUID, before now: Date, in cache: LocalCache) throws -> LastSession? {
        guard let row = try cache.timeline(.session, client: client, to: ISOTime.format(now)).last,
            let session: Stored<TrainingSession> = LocalCache.stored(row)
        else { return nil }
        return LastSession(
            id: session.id, start: session.start, training: session.training,
            trainingName: try session.training.flatMap { try cache.one(Training.self, $0)?.name },
            exercises: session.exercises.count)
    }
}

/// `gorilla agenda`: the appointments of some days, each with its client's last session and unread messages, and what
/// came since the home screen was last shown.
package struct AgendaPlan {
    /// One appointment of the agenda.
    package struct Item: Sendable {
        /// The appointment (an occurrence of a series as ``EventCalendar`` gives it), with the name of whoever it is
        /// with.
        package let event: AppointmentRecord
        /// The client's name in a coach's agenda; the coach's in a client's.
        package let name: String?
        /// The client's latest session before now.
        package let lastSession: LastSession?
        /// Messages from the client (a coach's view), or from the coach (a client's), not read yet.
        package let unread: Int
    }

    /// A client's latest session, as the agenda names it.
    package struct LastSession: Sendable, Encodable {
        @WireID package var id: UUID
        package let start: Date
        /// The training followed, when the session names one.
        @WireID package var training: UUID?
        /// Its name, when this device knows it.
        package let trainingName: String?
        /// How many exercises were done.
        package let exercises: Int
    }

    /// The first day.
    package let from: CalendarDate
    /// How many days from `from`.
    package let days: Int
    /// The appointments by start.
    package let appointments: [Item]
    /// The next scheduled appointment after the days, when none of theirs is scheduled.
    package let next: Item?
    /// Whose agenda it is: a coach's (appointments with clients) or a client's (with their coach).
    package let role: Role
    /// When the agenda was made.
    package let now: Date
    /// The time zone its days are read in.
    package let zone: TimeZone
    /// What came since the home screen was last shown on this device (left unmarked).
    package let sinceLooked: SinceLooked
    /// The workouts clients' programs plan on the agenda's days (``PlannedWorkout``).
    package var planned: [PlannedWorkout] = []

    /// What `--json` prints: `{from, days, appointments: [{…event, clientName|coachName, lastSession?, unread}],
    /// next?, sinceLooked}`.
    package struct JSONForm: Encodable {
        let from: CalendarDate
        let days: Int
        let appointments: [Merged<AppointmentRecord, Item.Added>]
        let next: Merged<AppointmentRecord, Item.Added>?
        let planned: [PlannedWorkout.JSONForm]
        let sinceLooked: SinceLooked.JSONForm
    }

    package var jsonForm: JSONForm {
        JSONForm(
            from: from, days: days, appointments: appointments.map(\.jsonForm), next: next?.jsonForm,
            planned: planned.map(\.jsonForm), sinceLooked: sinceLooked.jsonForm)
    }
}

extension AgendaPlan.Item {
    /// The members `--json` adds to the appointment's.
    package struct Added: Encodable, Sendable {
        let lastSession: AgendaPlan.LastSession?
        let unread: Int
    }

    /// The appointment's members (with the name), then `lastSession` and `unread`.
    var jsonForm: Merged<AppointmentRecord, Added> {
        Merged(event, adding: Added(lastSession: lastSession, unread: unread))
    }
}
