import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension EventService {
    /// `gorilla events confirm ID [--occurrence DATE | --all]`: the client confirms an appointment, one occurrence,
    /// or, with `all`, a whole series (every occurrence not answered on its own); a series alone is refused.
    package func confirm(_ id: String, occurrence: String? = nil, all: Bool = false) async throws -> EventUpdate {
        try await answer(id, occurrence: occurrence, all: all, .confirmed, reason: nil)
    }

    /// `gorilla events decline ID [--occurrence DATE | --all] [--reason T]`: a client declines an appointment (the
    /// coach sees the answer and the reason), one occurrence or, with `all`, a whole series; the coach declines a
    /// client's request.
    package func decline(
        _ id: String, occurrence: String? = nil, all: Bool = false, reason: String?
    ) async throws -> EventUpdate {
        // The coach declines a request by its status; a client declines with their answer.
        if try context.may(.update, .event, fields: [Event.CodingKeys.status.rawValue]) {
            let cache = try context.cache()
            let event = try requested(id, cache: cache)
            var changed = event.value
            changed.status = .declined
            if let reason, !reason.isEmpty { changed.note = reason }
            try await context.update(cache, event.id, to: changed)
            return EventUpdate(.declinedRequest, id: event.id, entity: try Self.record(event.id, cache: cache))
        }
        return try await answer(id, occurrence: occurrence, all: all, .declined, reason: reason)
    }

    /// `gorilla events request --at "YYYY-MM-DD HH:MM" [--duration] [--note]`: a client asks their coach for an
    /// appointment; it shows as requested until the coach accepts or declines it.
    package func request(_ given: EventFields) async throws -> EventUpdate {
        let profile = try context.session().profile
        // A request is an appointment about oneself: the table grants that to clients alone.
        guard Access.may(.create, .event, as: profile.role, relation: .own) else {
            throw ClientError(.usage, CalendarPhrases.coachesDoNotRequest.t())
        }
        guard given.at != nil else { throw ClientError(.usage, CalendarPhrases.atRequired.t()) }
        if given.repeating.map({ !$0.isEmpty }) ?? false {
            throw ClientError(.usage, CalendarPhrases.requestIsOne.t())
        }
        let cache = try context.cache()
        let edit = try Self.edit(given)
        var event = Event(client: profile.id, start: edit.start ?? Date(), status: .requested)
        edit.apply(to: &event)
        guard event.start > Date() else {
            throw ClientError(
                .usage, CalendarPhrases.requestInThePast.t(["start": EventFormatting.local(event.start)]))
        }
        let id = UUID.v7()
        try await context.create(cache, event, id: id)
        return EventUpdate(
            .requested(start: event.start, minutes: event.duration), id: id, entity: try Self.record(id, cache: cache))
    }

    /// `gorilla events accept ID`: the coach accepts a client's request; it is scheduled (overlaps are warned about).
    package func accept(_ id: String) async throws -> EventUpdate {
        try context.require(
            .update, .event, fields: [Event.CodingKeys.status.rawValue], CalendarPhrases.coachesAccept.t())
        let cache = try context.cache()
        let event = try requested(id, cache: cache)
        let clashes = try Self.overlapping(cache, start: event.start, minutes: event.duration, except: event.id)
        var changed = event.value
        changed.status = .scheduled
        try await context.update(cache, event.id, to: changed)
        let facts = try AppointmentFacts(cache: cache)
        return EventUpdate(
            .accepted, id: event.id, entity: try cache.one(Event.self, event.id).map { facts.record($0) },
            overlaps: clashes.map { facts.line($0) })
    }

    /// The client's answer to `id` (or to its occurrence on `occurrence`, or to every occurrence with `all`).
    private func answer(
        _ id: String, occurrence: String?, all: Bool, _ answer: EventAnswer, reason: String?
    ) async throws
        -> EventUpdate
    {
        guard try context.may(.update, .event, fields: Event.clientAnswerFields) else {
            throw ClientError(
                .usage,
                answer == .confirmed ? CalendarPhrases.clientsConfirm.t() : CalendarPhrases.clientsDecline.t())
        }
        if all, occurrence != nil { throw ClientError(.usage, CalendarPhrases.allOrOccurrence.t()) }
        let cache = try await context.freshCache()
        let calendar = try EventCalendar(cache: cache)
        let note = reason.flatMap { $0.isEmpty ? nil : $0 }
        func answered(_ event: Stored<Event>) -> Event {
            var changed = event.value
            (changed.answer, changed.answerNote) = (answer, note)
            return changed
        }
        let event: Stored<Event>
        let command = answer == .confirmed ? "confirm" : "decline"
        switch try Self.target(calendar, id, OccurrenceChoice(occurrence: occurrence)) {
        case .row(let row) where EventCalendar.schedule(row) != nil:
            guard all else {
                throw ClientError(
                    .usage, CalendarPhrases.seriesNeedsChoice.t(["id": row.id.short, "command": command]))
            }
            try Self.answerable(row)
            try await context.update(cache, row.id, to: answered(row))
            return try Self.answeredSeries(row, answer, cache: cache)
        case .row(let row):
            if all { throw ClientError(.usage, CalendarPhrases.allIsForSeries.t(["reference": row.id.short])) }
            try Self.answerable(row)
            event = row
            try await context.update(cache, row.id, to: answered(row))
        case .occurrence(let row):
            if all { throw ClientError(.usage, CalendarPhrases.allOrOccurrence.t()) }
            try Self.answerable(row)
            event = row
            try await writeOccurrence(row, cache: cache) { ($0.answer, $0.answerNote) = (answer, note) }
        case .following:
            throw ClientError(.usage, CalendarPhrases.answerOneOrSeries.t())
        }
        return EventUpdate(
            .answered(answer), id: event.id,
            entity: try Self.current(event, cache: cache).map { AppointmentRecord($0) })
    }

    /// "Confirmed N occurrences": the series `row` as it stands after `answer`, with how many of its occurrences
    /// still to come now carry it (up to ``defaultHorizon`` days ahead for a series that does not end).
    private static func answeredSeries(
        _ row: Stored<Event>, _ answer: EventAnswer, cache: LocalCache
    ) throws -> EventUpdate {
        let now = Date()
        let wanted: AppointmentState = answer == .confirmed ? .confirmed : .declinedByClient
        let endless = !(row.recurrence?.isBounded ?? true)
        let count = try EventCalendar(cache: cache).events(
            from: now, horizon: now.addingTimeInterval(Double(defaultHorizon) * 86_400)
        ).filter { $0.seriesOccurrence?.series == row.id && $0.appointmentState(now: now) == wanted }.count
        return EventUpdate(
            .answeredSeries(answer, count: count, endless: endless), id: row.id,
            entity: try record(row.id, cache: cache))
    }

    /// Refuses answering what is no appointment to answer: a request, a cancelled one, or one already past.
    private static func answerable(_ event: Stored<Event>) throws {
        let reference = event.appointmentReference
        switch event.status {
        case .requested, .declined:
            throw ClientError(.usage, CalendarPhrases.answerOwnRequest.t(["reference": reference]))
        case .cancelled:
            throw ClientError(.usage, CalendarPhrases.answerCancelled.t(["reference": reference]))
        case .done:
            throw ClientError(.usage, CalendarPhrases.answerDone.t(["reference": reference]))
        case .scheduled:
            if EventCalendar.schedule(event) == nil, event.value.end < Date() {
                throw ClientError(.usage, CalendarPhrases.answerOver.t(["reference": reference]))
            }
        }
    }

    /// The request `id`, refused when it is no request waiting for an answer.
    private func requested(_ id: String, cache: LocalCache) throws -> Stored<Event> {
        let event = try Self.appointment(cache, id)
        guard event.status == .requested else {
            throw ClientError(
                .usage,
                CalendarPhrases.notARequest.t([
                    "reference": event.appointmentReference, "state": EventFormatting.state(AppointmentRecord(event)),
                ]))
        }
        return event
    }
}
