import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension EventService {
    /// `gorilla events export --ics FILE [--from] [--to]`: writes the appointments as iCalendar. A single appointment
    /// is written when it starts in the range; a series whole, with its changed and cancelled occurrences, when any
    /// of its occurrences falls in it.
    package func export(icsFile: String, from: String?, to: String?) async throws -> EventExport {
        let cache = try await context.freshCache()
        let profile = try context.session().profile
        let shown = try Self.events(cache, from: from, to: to, client: nil)
        let calendar = try EventCalendar(cache: cache)
        let writer = ExportWriter(
            title: try Self.icsTitle(cache, profile: profile), people: try ExportPeople(cache, profile: profile),
            facts: try AppointmentFacts(cache: cache), reminder: profile.reminderMinutes)

        var events = shown.filter { $0.seriesOccurrence == nil }.map { writer.event($0) }
        var result = EventExport(file: icsFile, events: events.count)
        var seen = Set<UUID>()
        for occurrence in shown {
            guard let id = occurrence.seriesOccurrence?.series, seen.insert(id).inserted,
                let (series, changed) = writer.series(id, in: calendar)
            else { continue }
            events += [series] + changed
            result.events += 1
            result.series += 1
            result.changedOccurrences += changed.count
            result.cancelledOccurrences += series.excluded.count
        }
        events += try Self.plannedEvents(cache, from: from, to: to, people: writer.people, reminder: writer.reminder)
        let text = ICalendar.render(events)
        guard FileManager.default.createFile(atPath: icsFile, contents: Data(text.utf8)) else {
            throw ClientError(.local, CalendarPhrases.cannotWrite.t(["file": icsFile]))
        }
        return result
    }

    /// An exported event's title (its SUMMARY, and its alarm's text) from the viewer's side, in the exporter's
    /// language: a coach sees the client's name, a client their coach's.
    static func icsTitle(_ cache: LocalCache, profile: Profile) throws -> (Stored<Event>) -> String {
        guard profile.role.keepsClients else {
            let coach = try cache.one(Client.self, profile.id)?.coachName.flatMap { $0.isEmpty ? nil : $0 }
            let title =
                coach.map { CalendarPhrases.icsTrainingWith.t(["coach": $0]) }
                ?? CalendarPhrases.icsTrainingWithYourCoach.t()
            return { _ in title }
        }
        let names = try ClientDirectory(cache: cache).names()
        return { event in
            CalendarPhrases.icsTraining.t(["client": names[event.client] ?? CalendarPhrases.icsClient.t()])
        }
    }
}

/// Who is on an exported appointment: the coach organises it, the client attends it.
struct ExportPeople {
    /// The coach.
    let organizer: ICalendar.Person?
    /// The client of an appointment, by the client's id.
    let attendees: [UUID: ICalendar.Person]
    /// The client when the viewer is one: every appointment is theirs.
    let viewer: ICalendar.Person?

    /// A coach knows their own address and each client's (an invited client has none yet: named by id); a client
    /// knows their own and their coach's name and id, not the coach's email.
    init(_ cache: LocalCache, profile: Profile) throws {
        let own = ICalendar.Person(
            name: [profile.name, profile.surname].filter { !$0.isEmpty }.joined(separator: " "), email: profile.email,
            id: profile.id)
        if profile.role.keepsClients {
            organizer = own
            viewer = nil
            let names = try ClientDirectory(cache: cache).names()
            attendees = Dictionary(
                try cache.all(Client.self, includeDeleted: true).map { client in
                    (client.id, ICalendar.Person(name: names[client.id], email: client.email, id: client.id))
                },
                uniquingKeysWith: { first, _ in first })
        } else {
            let coachName = try cache.one(Client.self, profile.id)?.coachName
            organizer = profile.coach.map { ICalendar.Person(name: coachName, email: nil, id: $0) }
            viewer = own
            attendees = [:]
        }
    }

    /// The client of `event`.
    func attendee(_ event: Stored<Event>) -> ICalendar.Person? {
        viewer ?? attendees[event.client] ?? ICalendar.Person(name: nil, email: nil, id: event.client)
    }
}

/// Turns appointments (rows, or a series' merged occurrences) into VEVENTs written from the viewer's side.
struct ExportWriter {
    package let title: (Stored<Event>) -> String
    let people: ExportPeople
    /// The appointments' states and trainings.
    let facts: AppointmentFacts
    /// Minutes before an appointment that its reminder comes.
    let reminder: Int

    /// `row` as a VEVENT in UTC: the caller places a series or an occurrence in its zone.
    func event(_ row: Stored<Event>) -> ICalendar.Event {
        let state = facts.state(row)
        // The description: the training the appointment is for, then the note.
        let training = facts.trainingName(row).map { CalendarPhrases.icsTrainingPlanned.t(["training": $0]) }
        let description = [training, row.note].compactMap { $0 }.joined(separator: "\n")
        return ICalendar.Event(
            id: row.id, start: row.start, minutes: row.duration, summary: title(row), location: row.gym,
            description: description.isEmpty ? nil : description, status: ICalendar.Status(state),
            organizer: people.organizer, attendee: people.attendee(row),
            participation: ICalendar.Participation(row.answer, requested: state == .requested), reminder: reminder)
    }

    /// Series `id` as one VEVENT in its zone, with its rule and its cancelled occurrences excluded, and a VEVENT for
    /// each other occurrence that has an exception (moved, changed or answered), naming the occurrence it replaces.
    func series(_ id: UUID, in calendar: EventCalendar) -> (series: ICalendar.Event, changed: [ICalendar.Event])? {
        guard let row = calendar.seriesRow(id), let (start, zone, rule) = EventCalendar.schedule(row) else {
            return nil
        }
        var series = event(row)
        series.zone = zone
        series.recurrence = rule
        var changed: [ICalendar.Event] = []
        for day in calendar.exceptions(of: id).keys.sorted() {
            guard let original = rule.occurrence(on: day, of: start, zone: zone),
                let merged = calendar.occurrence(series: id, day: day)
            else { continue }
            var exception = event(merged)
            guard exception.status != .cancelled else {
                series.excluded.append(original)
                continue
            }
            exception.id = id
            exception.zone = zone
            exception.recurrenceID = original
            changed.append(exception)
        }
        return (series, changed)
    }
}
