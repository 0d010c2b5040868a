import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The fields of `events add` and `events edit`.
package struct EventFields: Sendable {
    /// Local "YYYY-MM-DD HH:MM".
    package var at: String?
    /// Minutes, 1–1440.
    package var duration: Int?
    /// The gym; empty clears it.
    package var gym: String?
    /// A note; empty clears it.
    package var note: String?
    /// The training the appointment is for (a name or an id); empty clears it.
    package var training: String?

    /// How it repeats: `--every`, `--days`, `--until`, `--count` (a series).
    package var repeating: RepeatFields?

    /// The fields to set; nil leaves one as it is.
    package init(
        at: String? = nil, duration: Int? = nil, gym: String? = nil, note: String? = nil, training: String? = nil,
        repeating: RepeatFields? = nil
    ) {
        self.at = at
        self.duration = duration
        self.gym = gym
        self.note = note
        self.training = training
        self.repeating = repeating
    }
}

/// `--every day|week|month|N weeks`, `--days mon,thu`, `--until YYYY-MM-DD`, `--count N` as typed.
package struct RepeatFields: Sendable {
    package var every: String?
    package var days: String?
    package var until: String?
    package var count: Int?

    package init(every: String? = nil, days: String? = nil, until: String? = nil, count: Int? = nil) {
        self.every = every
        self.days = days
        self.until = until
        self.count = count
    }

    /// Whether anything was given.
    package var isEmpty: Bool { every == nil && days == nil && until == nil && count == nil }
}

/// Which occurrences of a series a change is for: `--occurrence DATE` (that one), `--from-occurrence DATE` (that one
/// and the following), or neither (the whole series, or a single appointment).
package struct OccurrenceChoice: Sendable {
    package var occurrence: String?
    package var fromOccurrence: String?

    package init(occurrence: String? = nil, fromOccurrence: String? = nil) {
        self.occurrence = occurrence
        self.fromOccurrence = fromOccurrence
    }
}

/// Training appointments on a coach's calendar: schedule (once or as a series), move, cancel, delete, list, show,
/// export (`gorilla events`); answering and requesting them is in `EventService+Booking.swift`.
package struct EventService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla events add --client C --at "YYYY-MM-DD HH:MM" [--every week --days mon,thu --until|--count]`;
    /// overlapping appointments come back as warnings.
    package func add(client: String, _ given: EventFields) async throws -> EventUpdate {
        try context.require(.create, .event, relation: .ownClient, CalendarPhrases.coachesSchedule.t())
        guard given.at != nil else { throw ClientError(.usage, CalendarPhrases.atRequired.t()) }
        let cache = try context.cache()
        let owner = try ClientDirectory(cache: cache).client(client, for: .writing(.scheduleEvents))
        var edit = try Self.edit(given, cache: cache)
        try await place(&edit, in: cache)
        var event = Event(client: owner.id, start: edit.start ?? Date())
        edit.apply(to: &event)
        var notes: [String] = []
        if let repeating = given.repeating, !repeating.isEmpty {
            let rule = try RecurrenceInput.rule(repeating, current: nil)
            let first = RecurrenceInput.firstOccurrence(of: rule, from: event.start, zone: .current)
            if first != event.start {
                notes.append(CalendarPhrases.seriesFirstDayMoved.t(["day": EventFormatting.local(first)]))
                event.start = first
            }
            if let problem = RecurrenceInput.problem(rule, startingOn: CalendarDate(event.start, in: .current)) {
                throw ClientError(.usage, CalendarPhrases.seriesProblem.t(["problem": problem]))
            }
            event.recurrence = rule
        }
        let id = UUID.v7()
        let clashes = try Self.overlapping(cache, start: event.start, minutes: event.duration, except: nil)
        try await context.create(cache, event, id: id)
        let facts = try AppointmentFacts(cache: cache)
        var update = EventUpdate(
            .scheduled(client: ClientDirectory.displayName(owner), start: event.start, minutes: event.duration), id: id,
            entity: try cache.one(Event.self, id).map { facts.record($0) }, overlaps: clashes.map { facts.line($0) })
        update.pastStart = event.start < Date() ? event.start : nil
        update.notes = notes
        return update
    }

    /// `gorilla events edit ID [--at] [--duration] [--gym] [--note] [--until|--count]`: one appointment, a whole
    /// series, one occurrence (`--occurrence DATE`, or an id written `ID@DATE`), or an occurrence and the following
    /// ones (`--from-occurrence DATE`: the series ends the day before, and a new one with the changes begins).
    package func edit(
        _ id: String, _ given: EventFields, _ choice: OccurrenceChoice = .init()
    ) async throws
        -> EventUpdate
    {
        try context.require(.update, .event, fields: [Event.CodingKeys.start.rawValue], CalendarPhrases.coachesMove.t())
        let cache = try context.cache()
        var edit = try Self.edit(given, cache: cache)
        try await place(&edit, in: cache)
        let calendar = try EventCalendar(cache: cache)
        switch try Self.target(calendar, id, choice) {
        case .row(let event):
            if let repeating = given.repeating, !repeating.isEmpty {
                guard let (start, _, current) = EventCalendar.schedule(event) else {
                    throw ClientError(.usage, CalendarPhrases.singleHasNoRepeat.t(["id": event.id.short]))
                }
                let rule = try RecurrenceInput.rule(repeating, current: current)
                let first = edit.start ?? start
                if let problem = RecurrenceInput.problem(rule, startingOn: CalendarDate(first, in: .current)) {
                    throw ClientError(.usage, CalendarPhrases.seriesProblem.t(["problem": problem]))
                }
                edit.recurrence = rule
            }
            guard !edit.isEmpty else {
                throw ClientError(.usage, CalendarPhrases.nothingToChange.t())
            }
            var changed = event.value
            edit.apply(to: &changed)
            try await context.update(cache, event.id, to: changed)
            return try updated(event.id, cache: cache, start: edit.start)
        case .occurrence(let occurrence):
            if given.repeating.map({ !$0.isEmpty }) ?? false {
                throw ClientError(.usage, CalendarPhrases.occurrenceDoesNotRepeat.t())
            }
            guard !edit.isEmpty else {
                throw ClientError(.usage, CalendarPhrases.nothingToChange.t())
            }
            try await writeOccurrence(occurrence, cache: cache) { edit.apply(to: &$0) }
            return try updated(occurrence.id, cache: cache, start: edit.start)
        case .following(let series, let day):
            return try await split(series, from: day, changing: edit, repeating: given.repeating, cache: cache)
        }
    }

    /// `gorilla events cancel ID [--occurrence DATE | --from-occurrence DATE]`: the appointment, the whole series, one
    /// occurrence, or an occurrence and the following ones (the series then ends the day before).
    package func cancel(_ id: String, _ choice: OccurrenceChoice = .init()) async throws -> EventUpdate {
        try context.require(
            .update, .event, fields: [Event.CodingKeys.status.rawValue], CalendarPhrases.coachesCancel.t())
        let cache = try context.cache()
        let calendar = try EventCalendar(cache: cache)
        let cancelled = EventUpdate.Action.status(EventStatus.cancelled.rawValue)
        switch try Self.target(calendar, id, choice) {
        case .row(let event):
            var changed = event.value
            changed.status = .cancelled
            try await context.update(cache, event.id, to: changed)
            return EventUpdate(cancelled, id: event.id, entity: try Self.record(event.id, cache: cache))
        case .occurrence(let occurrence):
            try await writeOccurrence(occurrence, cache: cache) { $0.status = .cancelled }
            return EventUpdate(
                cancelled, id: occurrence.id,
                entity: try Self.current(occurrence, cache: cache).map { AppointmentRecord($0) })
        case .following(let series, let day):
            guard let (start, zone, rule) = EventCalendar.schedule(series) else { throw Self.notSeries(series) }
            var changed = series.value
            if day <= CalendarDate(start, in: zone) {
                changed.status = .cancelled
            } else {
                changed.recurrence = rule.ending(before: day)
            }
            try await context.update(cache, series.id, to: changed)
            var update = EventUpdate(.endedSeries(day), id: series.id, entity: try Self.record(series.id, cache: cache))
            update.notes = []
            return update
        }
    }

    /// `gorilla events cancel ID` (status `cancelled`), or any other status of a single appointment or a series.
    package func setStatus(_ id: String, to status: String) async throws -> EventUpdate {
        try context.require(
            .update, .event, fields: [Event.CodingKeys.status.rawValue], CalendarPhrases.coachesChangeStatus.t())
        guard let value = EventStatus(rawValue: status) else {
            throw ClientError(.usage, "\(HelpPhrases.invalidValue.t()): \(status)")
        }
        let cache = try context.cache()
        let event = try Self.appointment(cache, id)
        var changed = event.value
        changed.status = value
        try await context.update(cache, event.id, to: changed)
        return EventUpdate(.status(status), id: event.id, entity: try Self.record(event.id, cache: cache))
    }

    /// `gorilla events rm ID`: asks first (`confirmation`); a series goes with all its occurrences.
    package func remove(_ id: String, confirmation: Confirmation) async throws -> EventUpdate {
        try context.require(.delete, .event, CalendarPhrases.coachesDelete.t())
        let cache = try context.cache()
        let event = try Self.appointment(cache, id)
        if event.seriesOccurrence != nil {
            throw ClientError(
                .usage, CalendarPhrases.occurrenceNotDeleted.t(["reference": event.appointmentReference]))
        }
        let shown = try AppointmentFacts(cache: cache).line(event)
        let line = EventFormatting.line(shown.event, clientName: shown.clientName)
        let question =
            EventCalendar.schedule(event) != nil ? CalendarPhrases.deleteSeriesQuestion : .deleteEventQuestion
        try confirmation.require(question.t(["event": line]))
        try await context.delete(cache, Event.self, event.id)
        var record = AppointmentRecord(event)
        record.deleted = true
        return EventUpdate(.deleted, id: event.id, entity: record)
    }

    /// `gorilla events list [--from] [--to] [--client]`: by start time, each occurrence of a series on its own line.
    /// Without `--to`, a series that does not end is shown up to ``defaultHorizon`` days ahead.
    package func list(from: String?, to: String?, client: String?) async throws -> EventList {
        let cache = try await context.freshCache()
        let events = try Self.events(cache, from: from, to: to, client: client)
        let facts = try AppointmentFacts(cache: cache)
        return EventList(
            events: events.map { facts.line($0) },
            narrowed: from != nil || to != nil || client != nil)
    }

    /// `gorilla events show ID` (an occurrence: `ID@DATE`, or `--occurrence DATE`).
    package func show(_ id: String, occurrence: String? = nil) async throws -> EventLine {
        let cache = try await context.freshCache()
        let calendar = try EventCalendar(cache: cache)
        let event: Stored<Event>
        switch try Self.target(calendar, id, OccurrenceChoice(occurrence: occurrence)) {
        case .row(let row): event = row
        case .occurrence(let row): event = row
        case .following: throw ClientError(.usage, CalendarPhrases.fromOccurrenceIsForEdit.t())
        }
        return try AppointmentFacts(cache: cache).line(event)
    }

    /// The row `id` as it stands after a change, without its state; nil when the server refused the change and it
    /// was rolled back.
    static func record(_ id: UUID, cache: LocalCache) throws -> AppointmentRecord? {
        try cache.one(Event.self, id).map { AppointmentRecord($0) }
    }

    /// "Updated …", with the appointment as it stands and what it now overlaps; `start` is the start given.
    private func updated(_ id: UUID, cache: LocalCache, start: Date?) throws -> EventUpdate {
        let calendar = try EventCalendar(cache: cache)
        let row = try cache.one(EventPatch.self, id)
        let event =
            try row?.value.exceptionOf.flatMap { calendar.occurrence(series: $0.series, day: $0.day) }
            ?? cache.one(Event.self, id) ?? calendar.event(withID: id)
        let facts = try AppointmentFacts(cache: cache)
        var overlaps: [EventLine] = []
        if let event {
            overlaps = try Self.overlapping(cache, start: event.start, minutes: event.duration, except: id)
                .map { facts.line($0, named: false) }
        }
        var update = EventUpdate(.updated, id: id, entity: event.map { facts.record($0) }, overlaps: overlaps)
        if let start, start < Date() { update.pastStart = start }
        return update
    }

    /// This-and-following: `series` ends the day before `day`; a new series with `edit` made begins on `day` with the
    /// rest of the occurrences (the count left, or the same last day). On the series' first day it is the whole
    /// series that changes.
    private func split(
        _ series: Stored<Event>, from day: CalendarDate, changing edit: EventEdit, repeating: RepeatFields?,
        cache: LocalCache
    ) async throws -> EventUpdate {
        guard let (start, zone, rule) = EventCalendar.schedule(series),
            let at = rule.occurrence(on: day, of: start, zone: zone)
        else { throw Self.notSeries(series) }
        var following = rule
        if let count = rule.count { following.count = count - rule.occurrencesBefore(day, of: start, zone: zone) }
        if let repeating, !repeating.isEmpty { following = try RecurrenceInput.rule(repeating, current: following) }
        guard !edit.isEmpty || following != rule else {
            throw ClientError(.usage, CalendarPhrases.nothingToChange.t())
        }
        if day == CalendarDate(start, in: zone) {
            var whole = series.value
            edit.apply(to: &whole)
            whole.recurrence = following
            try await context.update(cache, series.id, to: whole)
            return try updated(series.id, cache: cache, start: edit.start)
        }
        var next = series.value
        next.start = at
        edit.apply(to: &next)
        if let problem = RecurrenceInput.problem(following, startingOn: CalendarDate(next.start, in: .current)) {
            throw ClientError(.usage, CalendarPhrases.followingProblem.t(["problem": problem]))
        }
        next.recurrence = following
        (next.answer, next.answerNote) = (nil, nil)
        var ended = series.value
        ended.recurrence = rule.ending(before: day)
        try await context.update(cache, series.id, to: ended)
        let id = UUID.v7()
        try await context.create(cache, next, id: id)
        var update = EventUpdate(
            .split(from: day, previous: series.id), id: id, entity: try Self.record(id, cache: cache))
        if next.start < Date() { update.pastStart = next.start }
        return update
    }
}

extension Recurrence {
    /// The rule ended the day before `day` (its count dropped).
    func ending(before day: CalendarDate) -> Recurrence {
        var ended = self
        (ended.until, ended.count) = (day.adding(days: -1), nil)
        return ended
    }
}
