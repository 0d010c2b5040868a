import Foundation
import GorillaShared

extension EventService {
    /// `gorilla events confirm ID [--occurrence DATE | --all]`: the client confirms an appointment, one occurrence,
    /// or, with `all`, a whole series (every occurrence not answered on its own); a series alone is refused.
    public func confirm(_ id: String, occurrence: String? = nil, all: Bool = false) async throws -> EventUpdate {
        try await answer(id, occurrence: occurrence, all: all, .confirmed, reason: nil)
    }

    /// `gorilla events decline ID [--occurrence DATE | --all] [--reason T]`: a client declines an appointment (the
    /// coach sees the answer and the reason), one occurrence or, with `all`, a whole series; the coach declines a
    /// client's request.
    public func decline(
        _ id: String, occurrence: String? = nil, all: Bool = false, reason: String?
    ) async throws -> EventUpdate {
        // The coach declines a request by its status; a client declines with their answer.
        if try context.may(.update, .event, fields: [Event.CodingKeys.status.rawValue]) {
            let cache = try context.cache()
            let event = try requested(id, cache: cache)
            var fields: [String: JSONValue] = ["status": .string(EventStatus.declined.rawValue)]
            if let reason, !reason.isEmpty { fields["note"] = .string(reason) }
            try await context.change(cache, .event, entity: event.id, action: .update, fields: fields)
            return EventUpdate(
                .declinedRequest, id: event.id, entity: try cache.entity(event.id).map { EntityRecord($0) })
        }
        return try await answer(id, occurrence: occurrence, all: all, .declined, reason: reason)
    }

    /// `gorilla events request --at "YYYY-MM-DD HH:MM" [--duration] [--note]`: a client asks their coach for an
    /// appointment; it shows as requested until the coach accepts or declines it.
    public func request(_ given: EventFields) async throws -> EventUpdate {
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
        var fields = try Self.documentFields(given)
        fields["client"] = .string(profile.id.key)
        fields["status"] = .string(EventStatus.requested.rawValue)
        let minutes = fields["duration"]?.intValue ?? Event.defaultDuration
        fields["duration"] = .number(Double(minutes))
        let start = fields["start"]?.stringValue.flatMap(ISOTime.parse) ?? Date()
        guard start > Date() else {
            throw ClientError(.usage, CalendarPhrases.requestInThePast.t(["start": EventFormatting.local(start)]))
        }
        let id = UUID.v7()
        try await context.change(cache, .event, entity: id, action: .create, fields: fields)
        return EventUpdate(
            .requested(start: start, minutes: minutes), id: id, entity: try cache.entity(id).map { EntityRecord($0) })
    }

    /// `gorilla events accept ID`: the coach accepts a client's request; it is scheduled (overlaps are warned about).
    public func accept(_ id: String) async throws -> EventUpdate {
        try context.require(
            .update, .event, fields: [Event.CodingKeys.status.rawValue], CalendarPhrases.coachesAccept.t())
        let cache = try context.cache()
        let event = try requested(id, cache: cache)
        let start = event[string: "start"].flatMap(ISOTime.parse) ?? Date()
        let clashes = try Self.overlapping(
            cache, start: start, minutes: event.data["duration"]?.intValue ?? Event.defaultDuration, except: event.id)
        try await context.change(
            cache, .event, entity: event.id, action: .update,
            fields: ["status": .string(EventStatus.scheduled.rawValue)])
        let facts = try AppointmentFacts(cache: cache)
        return EventUpdate(
            .accepted, id: event.id, entity: try cache.entity(event.id).map { facts.record($0) },
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
        var fields: [String: JSONValue] = ["answer": .string(answer.rawValue)]
        fields["answerNote"] = reason.flatMap { $0.isEmpty ? nil : JSONValue.string($0) } ?? .null
        let event: CachedEntity
        let command = answer == .confirmed ? "confirm" : "decline"
        switch try Self.target(calendar, id, OccurrenceChoice(occurrence: occurrence)) {
        case .row(let row) where EventCalendar.schedule(row) != nil:
            guard all else {
                throw ClientError(
                    .usage, CalendarPhrases.seriesNeedsChoice.t(["id": row.id.short, "command": command]))
            }
            try Self.answerable(row)
            try await context.change(cache, .event, entity: row.id, action: .update, fields: fields)
            return try Self.answeredSeries(row, answer, cache: cache)
        case .row(let row):
            if all { throw ClientError(.usage, CalendarPhrases.allIsForSeries.t(["reference": row.id.short])) }
            try Self.answerable(row)
            event = row
            try await context.change(cache, .event, entity: row.id, action: .update, fields: fields)
        case .occurrence(let row):
            if all { throw ClientError(.usage, CalendarPhrases.allOrOccurrence.t()) }
            try Self.answerable(row)
            event = row
            try await writeOccurrence(row, fields: fields, cache: cache)
        case .following:
            throw ClientError(.usage, CalendarPhrases.answerOneOrSeries.t())
        }
        return EventUpdate(
            .answered(answer), id: event.id,
            entity: try Self.current(event, cache: cache).map { EntityRecord($0) })
    }

    /// "Confirmed N occurrences": the series `row` as it stands after `answer`, with how many of its occurrences
    /// still to come now carry it (up to ``defaultHorizon`` days ahead for a series that does not end).
    private static func answeredSeries(
        _ row: CachedEntity, _ answer: EventAnswer, cache: LocalCache
    ) throws -> EventUpdate {
        let now = Date()
        let wanted: AppointmentState = answer == .confirmed ? .confirmed : .declinedByClient
        let endless = !(EventCalendar.schedule(row)?.2.isBounded ?? true)
        let count = try EventCalendar(cache: cache).appointments(
            from: now, horizon: now.addingTimeInterval(Double(defaultHorizon) * 86_400)
        ).filter { $0.seriesOccurrence?.series == row.id && $0.appointmentState(now: now) == wanted }.count
        return EventUpdate(
            .answeredSeries(answer, count: count, endless: endless), id: row.id,
            entity: try cache.entity(row.id).map { EntityRecord($0) })
    }

    /// Refuses answering what is no appointment to answer: a request, a cancelled one, or one already past.
    private static func answerable(_ event: CachedEntity) throws {
        let reference = event.appointmentReference
        switch EventStatus(rawValue: event[string: "status"] ?? "") ?? .scheduled {
        case .requested, .declined:
            throw ClientError(.usage, CalendarPhrases.answerOwnRequest.t(["reference": reference]))
        case .cancelled:
            throw ClientError(.usage, CalendarPhrases.answerCancelled.t(["reference": reference]))
        case .done:
            throw ClientError(.usage, CalendarPhrases.answerDone.t(["reference": reference]))
        case .scheduled:
            let end = (event[string: "start"].flatMap(ISOTime.parse) ?? .distantFuture)
                .addingTimeInterval(Double(event.data["duration"]?.intValue ?? Event.defaultDuration) * 60)
            if EventCalendar.schedule(event) == nil, end < Date() {
                throw ClientError(.usage, CalendarPhrases.answerOver.t(["reference": reference]))
            }
        }
    }

    /// The request `id`, refused when it is no request waiting for an answer.
    private func requested(_ id: String, cache: LocalCache) throws -> CachedEntity {
        let event = try Self.resolve(cache, id)
        guard event[string: "status"] == EventStatus.requested.rawValue else {
            throw ClientError(
                .usage,
                CalendarPhrases.notARequest.t([
                    "reference": event.appointmentReference, "state": EventFormatting.state(EntityRecord(event)),
                ]))
        }
        return event
    }
}
