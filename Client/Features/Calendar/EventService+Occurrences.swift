import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension EventService {
    // MARK: Writing occurrences

    /// Makes `change` to `occurrence`'s exception: an update of it when this device has it, else its create (another
    /// device may have created it meanwhile: the server then applies this create as an update of it).
    func writeOccurrence(
        _ occurrence: Stored<Event>, cache: LocalCache, _ change: (inout EventPatch) -> Void
    ) async throws {
        if let row = try cache.one(EventPatch.self, occurrence.id), !row.deleted {
            var exception = row.value
            change(&exception)
            try await context.update(cache, occurrence.id, to: exception)
        } else {
            var exception = Self.exception(of: occurrence)
            change(&exception)
            try await context.create(cache, exception, id: occurrence.id)
        }
    }

    /// A new exception of `occurrence`, changing nothing yet: it names its series, its day and its client.
    static func exception(of occurrence: Stored<Event>) -> EventPatch {
        EventPatch(series: occurrence.series, occurrence: occurrence.occurrence, client: occurrence.client)
    }

    /// Queues `occurrence`'s exception if it has none yet, without syncing (a session about to name it, `train`).
    static func keepOccurrence(_ occurrence: Stored<Event>, cache: LocalCache) throws {
        guard occurrence.seriesOccurrence != nil, try cache.entity(occurrence.id) == nil else { return }
        try cache.create(exception(of: occurrence), id: occurrence.id)
    }

    /// The appointment `event` as it stands in `cache` now (an occurrence read again through its series).
    static func current(_ event: Stored<Event>, cache: LocalCache) throws -> Stored<Event>? {
        guard let (series, day) = event.seriesOccurrence else { return try cache.one(Event.self, event.id) }
        return try EventCalendar(cache: cache).occurrence(series: series, day: day)
    }

    // MARK: Finding appointments

    /// What a command's id and `--occurrence`/`--from-occurrence` name.
    enum Target {
        /// A single appointment, or a series as a whole.
        case row(Stored<Event>)
        /// One occurrence of a series.
        case occurrence(Stored<Event>)
        /// An occurrence of `series` and the following ones.
        case following(series: Stored<Event>, day: CalendarDate)
    }

    /// Resolves `text` (an id, a short id, `ID@YYYY-MM-DD`) with the occurrence flags.
    static func target(_ calendar: EventCalendar, _ text: String, _ choice: OccurrenceChoice) throws -> Target {
        if choice.occurrence != nil && choice.fromOccurrence != nil {
            throw ClientError(.usage, CalendarPhrases.occurrenceOrFrom.t())
        }
        let event = try calendar.resolve(text)
        if let (seriesID, day) = event.seriesOccurrence {
            // `--occurrence` naming the same day again is no contradiction.
            guard choice.occurrence.map({ CalendarDate($0.trimmingCharacters(in: .whitespaces)) == day }) ?? true
            else {
                throw ClientError(.usage, CalendarPhrases.alreadyNamesOccurrence.t(["reference": text]))
            }
            guard let from = choice.fromOccurrence else { return .occurrence(event) }
            guard let series = calendar.seriesRow(seriesID) else { return .occurrence(event) }
            return .following(series: series, day: try Self.day(from, of: series, calendar: calendar, else: day))
        }
        guard let dayText = choice.occurrence ?? choice.fromOccurrence else { return .row(event) }
        guard EventCalendar.schedule(event) != nil else {
            throw ClientError(.usage, CalendarPhrases.singleHasNoOccurrences.t(["id": event.id.short]))
        }
        let day = try Self.day(dayText, of: event, calendar: calendar, else: nil)
        if choice.fromOccurrence != nil { return .following(series: event, day: day) }
        return .occurrence(calendar.occurrence(series: event.id, day: day)!)
    }

    /// The occurrence day `text` names in `series`.
    private static func day(
        _ text: String, of series: Stored<Event>, calendar: EventCalendar, else fallback: CalendarDate?
    )
        throws -> CalendarDate
    {
        guard let day = CalendarDate(text) else {
            throw ClientError(.usage, CalendarPhrases.occurrenceDayInvalid.t(["text": text]))
        }
        guard calendar.occurrence(series: series.id, day: day) != nil else {
            let next = calendar.events(from: day.start(), to: day.start().addingTimeInterval(35 * 86_400))
                .filter { $0.seriesOccurrence?.series == series.id }.prefix(3)
                .compactMap { $0.seriesOccurrence?.day.description }
            let values: [String: any Sendable] = [
                "id": series.id.short, "day": day.description, "next": next.joined(separator: ", "),
            ]
            throw ClientError(
                .notFound,
                next.isEmpty ? CalendarPhrases.noOccurrenceOn.t(values) : CalendarPhrases.noOccurrenceOnNext.t(values))
        }
        return day
    }

    static func notSeries(_ event: Stored<Event>) -> ClientError {
        ClientError(.usage, CalendarPhrases.notASeries.t(["id": event.id.short]))
    }

    /// The appointment whose id (or short id, or `ID@DATE`) is `text`.
    static func appointment(_ cache: LocalCache, _ text: String) throws -> Stored<Event> {
        try EventCalendar(cache: cache).resolve(text)
    }

    /// Appointments of the coach that overlap [start, start + minutes), other than `except`; cancelled, declined and
    /// requested ones never do.
    static func overlapping(
        _ cache: LocalCache, start: Date, minutes: Int, except: UUID?
    ) throws -> [Stored<Event>] {
        let end = start.addingTimeInterval(Double(minutes) * 60)
        return try EventCalendar(cache: cache).events(
            from: start.addingTimeInterval(-Double(Event.durationRange.upperBound) * 60), to: end
        ).filter { event in
            guard event.id != except, except == nil || event.seriesOccurrence?.series != except, event.status.isLive
            else { return false }
            return event.start < end && start < event.value.end
        }
    }

    /// Days ahead of today that a list shows of a series without end, when no `--to` is given.
    package static let defaultHorizon = 56

    /// Appointments starting on the days `from` through `to` (local, YYYY-MM-DD), of one client if given, by start.
    static func events(_ cache: LocalCache, from: String?, to: String?, client: String?) throws -> [Stored<Event>] {
        var start = Date.distantPast
        var end = Date.distantFuture
        if let from {
            guard let date = EventFormatting.parseDay(from) else {
                throw ClientError(.usage, CalendarPhrases.fromInvalid.t())
            }
            start = date
        }
        if let to {
            guard let date = EventFormatting.parseDay(to) else {
                throw ClientError(.usage, CalendarPhrases.toInvalid.t())
            }
            end = date.addingTimeInterval(86_400)
        }
        let id = try client.map { try ClientDirectory(cache: cache).client($0, for: .reading).id }
        // A series without end stops at the horizon when no --to is given; single appointments are all shown.
        let horizon = max(start, Date()).addingTimeInterval(Double(defaultHorizon) * 86_400)
        return try EventCalendar(cache: cache).events(
            from: start, to: end, client: id, horizon: to == nil ? horizon : nil)
    }
}
