import Foundation
import GorillaShared

/// The fields of `events add` and `events edit`.
public struct EventFields: Sendable {
    /// Local "YYYY-MM-DD HH:MM".
    public var at: String?
    /// Minutes, 1–1440.
    public var duration: Int?
    /// The gym; empty clears it.
    public var gym: String?
    /// A note; empty clears it.
    public var note: String?
    /// The training the appointment is for (a name or an id); empty clears it.
    public var training: String?

    /// How it repeats: `--every`, `--days`, `--until`, `--count` (a series).
    public var repeating: RepeatFields?

    /// The fields to set; nil leaves one as it is.
    public init(
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
public struct RepeatFields: Sendable {
    public var every: String?
    public var days: String?
    public var until: String?
    public var count: Int?

    public init(every: String? = nil, days: String? = nil, until: String? = nil, count: Int? = nil) {
        self.every = every
        self.days = days
        self.until = until
        self.count = count
    }

    /// Whether anything was given.
    public var isEmpty: Bool { every == nil && days == nil && until == nil && count == nil }
}

/// Which occurrences of a series a change is for: `--occurrence DATE` (that one), `--from-occurrence DATE` (that one
/// and the following), or neither (the whole series, or a single appointment).
public struct OccurrenceChoice: Sendable {
    public var occurrence: String?
    public var fromOccurrence: String?

    public init(occurrence: String? = nil, fromOccurrence: String? = nil) {
        self.occurrence = occurrence
        self.fromOccurrence = fromOccurrence
    }
}

/// Training appointments on a coach's calendar: schedule (once or as a series), move, cancel, delete, list, show,
/// export (`gorilla events`); answering and requesting them is in `EventService+Booking.swift`.
public struct EventService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla events add --client C --at "YYYY-MM-DD HH:MM" [--every week --days mon,thu --until|--count]`;
    /// overlapping appointments come back as warnings.
    public func add(client: String, _ given: EventFields) async throws -> EventUpdate {
        try context.require(.create, .event, relation: .ownClient, CalendarPhrases.coachesSchedule.t())
        guard given.at != nil else { throw ClientError(.usage, CalendarPhrases.atRequired.t()) }
        let cache = try context.cache()
        let owner = try ClientDirectory(cache: cache).resolve(client, for: .writing(.scheduleEvents))
        var fields = try Self.documentFields(given, cache: cache)
        fields["client"] = .string(owner.id.key)
        let minutes = fields["duration"]?.intValue ?? Event.defaultDuration
        fields["duration"] = .number(Double(minutes))
        fields["status"] = "scheduled"
        var start = ISOTime.parse(fields["start"]?.stringValue ?? "") ?? Date()
        var notes: [String] = []
        if let repeating = given.repeating, !repeating.isEmpty {
            let rule = try RecurrenceInput.rule(repeating, current: nil)
            let first = RecurrenceInput.firstOccurrence(of: rule, from: start, zone: .current)
            if first != start {
                notes.append(CalendarPhrases.seriesFirstDayMoved.t(["day": EventFormatting.local(first)]))
                start = first
                fields["start"] = .string(ISOTime.format(start))
            }
            if let problem = RecurrenceInput.problem(rule, startingOn: CalendarDate(start, in: .current)) {
                throw ClientError(.usage, CalendarPhrases.seriesProblem.t(["problem": problem]))
            }
            fields["recurrence"] = try JSONValue.encode(rule)
        }
        let id = UUID.v7()
        let clashes = try Self.overlapping(cache, start: start, minutes: minutes, except: nil)
        try await context.change(cache, .event, entity: id, action: .create, fields: fields)
        let facts = try AppointmentFacts(cache: cache)
        var update = EventUpdate(
            .scheduled(client: ClientDirectory.displayName(owner), start: start, minutes: minutes), id: id,
            entity: try cache.entity(id).map { facts.record($0) }, overlaps: clashes.map { facts.line($0) })
        update.pastStart = start < Date() ? start : nil
        update.notes = notes
        return update
    }

    /// `gorilla events edit ID [--at] [--duration] [--gym] [--note] [--until|--count]`: one appointment, a whole
    /// series, one occurrence (`--occurrence DATE`, or an id written `ID@DATE`), or an occurrence and the following
    /// ones (`--from-occurrence DATE`: the series ends the day before, and a new one with the changes begins).
    public func edit(
        _ id: String, _ given: EventFields, _ choice: OccurrenceChoice = .init()
    ) async throws
        -> EventUpdate
    {
        try context.require(.update, .event, fields: [Event.CodingKeys.start.rawValue], CalendarPhrases.coachesMove.t())
        let cache = try context.cache()
        var fields = try Self.documentFields(given, cache: cache)
        let calendar = try EventCalendar(cache: cache)
        switch try Self.target(calendar, id, choice) {
        case .row(let event):
            if let repeating = given.repeating, !repeating.isEmpty {
                guard let (start, _, current) = EventCalendar.schedule(event) else {
                    throw ClientError(.usage, CalendarPhrases.singleHasNoRepeat.t(["id": event.id.short]))
                }
                let rule = try RecurrenceInput.rule(repeating, current: current)
                let first = fields["start"]?.stringValue.flatMap(ISOTime.parse) ?? start
                if let problem = RecurrenceInput.problem(rule, startingOn: CalendarDate(first, in: .current)) {
                    throw ClientError(.usage, CalendarPhrases.seriesProblem.t(["problem": problem]))
                }
                fields["recurrence"] = try JSONValue.encode(rule)
            }
            guard !fields.isEmpty else {
                throw ClientError(.usage, CalendarPhrases.nothingToChange.t())
            }
            try await context.change(cache, .event, entity: event.id, action: .update, fields: fields)
            return try updated(event.id, cache: cache, fields: fields)
        case .occurrence(let occurrence):
            if given.repeating.map({ !$0.isEmpty }) ?? false {
                throw ClientError(.usage, CalendarPhrases.occurrenceDoesNotRepeat.t())
            }
            guard !fields.isEmpty else {
                throw ClientError(.usage, CalendarPhrases.nothingToChange.t())
            }
            try await writeOccurrence(occurrence, fields: fields, cache: cache)
            return try updated(occurrence.id, cache: cache, fields: fields)
        case .following(let series, let day):
            return try await split(series, from: day, changing: fields, repeating: given.repeating, cache: cache)
        }
    }

    /// `gorilla events cancel ID [--occurrence DATE | --from-occurrence DATE]`: the appointment, the whole series, one
    /// occurrence, or an occurrence and the following ones (the series then ends the day before).
    public func cancel(_ id: String, _ choice: OccurrenceChoice = .init()) async throws -> EventUpdate {
        try context.require(
            .update, .event, fields: [Event.CodingKeys.status.rawValue], CalendarPhrases.coachesCancel.t())
        let cache = try context.cache()
        let calendar = try EventCalendar(cache: cache)
        let status: [String: JSONValue] = ["status": .string(EventStatus.cancelled.rawValue)]
        switch try Self.target(calendar, id, choice) {
        case .row(let event):
            try await context.change(cache, .event, entity: event.id, action: .update, fields: status)
            return EventUpdate(
                .status(EventStatus.cancelled.rawValue), id: event.id,
                entity: try cache.entity(event.id).map { EntityRecord($0) })
        case .occurrence(let occurrence):
            try await writeOccurrence(occurrence, fields: status, cache: cache)
            return EventUpdate(
                .status(EventStatus.cancelled.rawValue), id: occurrence.id,
                entity: try Self.current(occurrence, cache: cache).map { EntityRecord($0) })
        case .following(let series, let day):
            guard let (start, zone, rule) = EventCalendar.schedule(series) else { throw Self.notSeries(series) }
            var ended = rule
            (ended.until, ended.count) = (day.adding(days: -1), nil)
            if day <= CalendarDate(start, in: zone) {
                try await context.change(cache, .event, entity: series.id, action: .update, fields: status)
            } else {
                try await context.change(
                    cache, .event, entity: series.id, action: .update,
                    fields: ["recurrence": try JSONValue.encode(ended)])
            }
            var update = EventUpdate(
                .endedSeries(day), id: series.id, entity: try cache.entity(series.id).map { EntityRecord($0) })
            update.notes = []
            return update
        }
    }

    /// `gorilla events cancel ID` (status `cancelled`), or any other status of a single appointment or a series.
    public func setStatus(_ id: String, to status: String) async throws -> EventUpdate {
        try context.require(
            .update, .event, fields: [Event.CodingKeys.status.rawValue], CalendarPhrases.coachesChangeStatus.t())
        let cache = try context.cache()
        let event = try Self.resolve(cache, id)
        try await context.change(cache, .event, entity: event.id, action: .update, fields: ["status": .string(status)])
        return EventUpdate(.status(status), id: event.id, entity: try cache.entity(event.id).map { EntityRecord($0) })
    }

    /// `gorilla events rm ID`: asks first (`confirmation`); a series goes with all its occurrences.
    public func remove(_ id: String, confirmation: Confirmation) async throws -> EventUpdate {
        try context.require(.delete, .event, CalendarPhrases.coachesDelete.t())
        let cache = try context.cache()
        let event = try Self.resolve(cache, id)
        if event.seriesOccurrence != nil {
            throw ClientError(
                .usage, CalendarPhrases.occurrenceNotDeleted.t(["reference": event.appointmentReference]))
        }
        let shown = try AppointmentFacts(cache: cache).line(event)
        let line = EventFormatting.line(shown.event, clientName: shown.clientName)
        let question =
            EventCalendar.schedule(event) != nil ? CalendarPhrases.deleteSeriesQuestion : .deleteEventQuestion
        try confirmation.require(question.t(["event": line]))
        try await context.change(cache, .event, entity: event.id, action: .delete)
        return EventUpdate(.deleted, id: event.id, entity: EntityRecord(event, adding: ["deleted": true]))
    }

    /// `gorilla events list [--from] [--to] [--client]`: by start time, each occurrence of a series on its own line.
    /// Without `--to`, a series that does not end is shown up to ``defaultHorizon`` days ahead.
    public func list(from: String?, to: String?, client: String?) async throws -> EventList {
        let cache = try await context.freshCache()
        let events = try Self.events(cache, from: from, to: to, client: client)
        let facts = try AppointmentFacts(cache: cache)
        return EventList(
            events: events.map { facts.line($0) },
            narrowed: from != nil || to != nil || client != nil)
    }

    /// `gorilla events show ID` (an occurrence: `ID@DATE`, or `--occurrence DATE`).
    public func show(_ id: String, occurrence: String? = nil) async throws -> EventLine {
        let cache = try await context.freshCache()
        let calendar = try EventCalendar(cache: cache)
        let event: CachedEntity
        switch try Self.target(calendar, id, OccurrenceChoice(occurrence: occurrence)) {
        case .row(let row): event = row
        case .occurrence(let row): event = row
        case .following: throw ClientError(.usage, CalendarPhrases.fromOccurrenceIsForEdit.t())
        }
        return try AppointmentFacts(cache: cache).line(event)
    }

    // MARK: Writing occurrences

    /// Writes `fields` to `occurrence`'s exception: an update of it when this device has it, else its create (another
    /// device may have created it meanwhile: the server then applies this create as an update of it).
    func writeOccurrence(_ occurrence: CachedEntity, fields: [String: JSONValue], cache: LocalCache) async throws {
        let (action, document) = try Self.occurrenceWrite(occurrence, fields: fields, cache: cache)
        try await context.change(cache, .event, entity: occurrence.id, action: action, fields: document)
    }

    /// The mutation that writes `fields` to `occurrence`'s exception.
    static func occurrenceWrite(
        _ occurrence: CachedEntity, fields: [String: JSONValue], cache: LocalCache
    ) throws
        -> (MutationAction, [String: JSONValue])
    {
        guard let (series, day) = occurrence.seriesOccurrence else { return (.update, fields) }
        if let row = try cache.entity(occurrence.id), !row.deleted { return (.update, fields) }
        var document = fields
        document["series"] = .string(series.key)
        document["occurrence"] = .string(day.description)
        document["client"] = occurrence.data["client"]
        return (.create, document)
    }

    /// Queues `occurrence`'s exception if it has none yet, without syncing (a session about to name it, `train`).
    static func keepOccurrence(_ occurrence: CachedEntity, cache: LocalCache) throws {
        guard occurrence.seriesOccurrence != nil, try cache.entity(occurrence.id) == nil else { return }
        let (action, document) = try occurrenceWrite(occurrence, fields: [:], cache: cache)
        _ = try cache.enqueue(kind: EntityKind.event.rawValue, entity: occurrence.id, action: action, fields: document)
    }

    /// The appointment `event` as it stands in `cache` now (an occurrence read again through its series).
    static func current(_ event: CachedEntity, cache: LocalCache) throws -> CachedEntity? {
        guard let (series, day) = event.seriesOccurrence else { return try cache.entity(event.id) }
        return try EventCalendar(cache: cache).occurrence(series: series, day: day)
    }

    /// "Updated …", with the appointment as it stands and what it now overlaps.
    private func updated(_ id: UUID, cache: LocalCache, fields: [String: JSONValue]) throws -> EventUpdate {
        let calendar = try EventCalendar(cache: cache)
        let row = try cache.entity(id)
        let event =
            (row.flatMap { $0.seriesOccurrence }.flatMap { calendar.occurrence(series: $0.series, day: $0.day) })
            ?? row ?? calendar.occurrence(withID: id)
        let facts = try AppointmentFacts(cache: cache)
        var overlaps: [EventLine] = []
        if let event, let start = event[string: "start"].flatMap(ISOTime.parse) {
            overlaps = try Self.overlapping(
                cache, start: start, minutes: event.data["duration"]?.intValue ?? Event.defaultDuration, except: id
            ).map { facts.line($0, named: false) }
        }
        var update = EventUpdate(.updated, id: id, entity: event.map { facts.record($0) }, overlaps: overlaps)
        if let start = fields["start"]?.stringValue.flatMap(ISOTime.parse), start < Date() { update.pastStart = start }
        return update
    }

    /// This-and-following: `series` ends the day before `day`; a new series with `fields` changed begins on `day`
    /// with the rest of the occurrences (the count left, or the same last day). On the series' first day it is the
    /// whole series that changes.
    private func split(
        _ series: CachedEntity, from day: CalendarDate, changing fields: [String: JSONValue],
        repeating: RepeatFields?, cache: LocalCache
    ) async throws -> EventUpdate {
        guard let (start, zone, rule) = EventCalendar.schedule(series),
            let at = rule.occurrence(on: day, of: start, zone: zone)
        else { throw Self.notSeries(series) }
        var following = rule
        if let count = rule.count { following.count = count - rule.occurrencesBefore(day, of: start, zone: zone) }
        if let repeating, !repeating.isEmpty { following = try RecurrenceInput.rule(repeating, current: following) }
        guard !fields.isEmpty || following != rule else {
            throw ClientError(.usage, CalendarPhrases.nothingToChange.t())
        }
        if day == CalendarDate(start, in: zone) {
            var whole = fields
            if following != rule { whole["recurrence"] = try JSONValue.encode(following) }
            try await context.change(cache, .event, entity: series.id, action: .update, fields: whole)
            return try updated(series.id, cache: cache, fields: fields)
        }
        var document = series.data
        document["start"] = .string(ISOTime.format(at))
        for (field, value) in fields { document[field] = value }
        let newStart = document["start"]?.stringValue.flatMap(ISOTime.parse) ?? at
        if let problem = RecurrenceInput.problem(following, startingOn: CalendarDate(newStart, in: .current)) {
            throw ClientError(.usage, CalendarPhrases.followingProblem.t(["problem": problem]))
        }
        document["recurrence"] = try JSONValue.encode(following)
        document = document.filter { !$0.value.isNull && $0.key != "answer" && $0.key != "answerNote" }
        var ended = rule
        (ended.until, ended.count) = (day.adding(days: -1), nil)
        try await context.change(
            cache, .event, entity: series.id, action: .update, fields: ["recurrence": try JSONValue.encode(ended)])
        let id = UUID.v7()
        try await context.change(cache, .event, entity: id, action: .create, fields: document)
        var update = EventUpdate(
            .split(from: day, previous: series.id), id: id, entity: try cache.entity(id).map { EntityRecord($0) })
        if newStart < Date() { update.pastStart = newStart }
        return update
    }

    // MARK: Helpers

    /// What a command's id and `--occurrence`/`--from-occurrence` name.
    enum Target {
        /// A single appointment, or a series as a whole.
        case row(CachedEntity)
        /// One occurrence of a series.
        case occurrence(CachedEntity)
        /// An occurrence of `series` and the following ones.
        case following(series: CachedEntity, day: CalendarDate)
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
        _ text: String, of series: CachedEntity, calendar: EventCalendar, else fallback: CalendarDate?
    )
        throws -> CalendarDate
    {
        guard let day = CalendarDate(text) else {
            throw ClientError(.usage, CalendarPhrases.occurrenceDayInvalid.t(["text": text]))
        }
        guard calendar.occurrence(series: series.id, day: day) != nil else {
            let next = calendar.appointments(from: day.start(), to: day.start().addingTimeInterval(35 * 86_400))
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

    private static func notSeries(_ event: CachedEntity) -> ClientError {
        ClientError(.usage, CalendarPhrases.notASeries.t(["id": event.id.short]))
    }

    /// The appointment whose id (or short id, or `ID@DATE`) is `text`.
    static func resolve(_ cache: LocalCache, _ text: String) throws -> CachedEntity {
        try EventCalendar(cache: cache).resolve(text)
    }

    /// The document fields that `given` sets (a training named is looked for in `cache`).
    static func documentFields(_ given: EventFields, cache: LocalCache? = nil) throws -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let training = given.training, let cache {
            fields["training"] =
                training.isEmpty ? .null : .string(try NameResolver(cache: cache).resolve(.training, training).id.key)
        }
        if let at = given.at {
            guard let date = EventFormatting.parseLocal(at) else {
                throw ClientError(
                    .usage,
                    EventFormatting.dateProblem(at).map { "--at: \($0)" }
                        ?? CalendarPhrases.atInvalid.t(["text": at]))
            }
            fields["start"] = .string(ISOTime.format(date))
            fields["zone"] = .string(TimeZone.current.identifier)
        }
        if let duration = given.duration {
            guard (1...1440).contains(duration) else { throw ClientError(.usage, CalendarPhrases.durationRange.t()) }
            fields["duration"] = .number(Double(duration))
        }
        if let gym = given.gym { fields["gym"] = gym.isEmpty ? .null : .string(gym) }
        if let note = given.note { fields["note"] = note.isEmpty ? .null : .string(note) }
        return fields
    }

    /// Appointments of the coach that overlap [start, start + minutes), other than `except`; cancelled, declined and
    /// requested ones never do.
    static func overlapping(_ cache: LocalCache, start: Date, minutes: Int, except: UUID?) throws -> [CachedEntity] {
        let end = start.addingTimeInterval(Double(minutes) * 60)
        return try EventCalendar(cache: cache).appointments(
            from: start.addingTimeInterval(-Double(Event.durationRange.upperBound) * 60), to: end
        ).filter { event in
            guard event.id != except, except == nil || event.seriesOccurrence?.series != except,
                EventStatus(rawValue: event[string: "status"] ?? "")?.isLive ?? true,
                let otherStart = event[string: "start"].flatMap(ISOTime.parse)
            else { return false }
            let otherEnd = otherStart.addingTimeInterval(Double(event.data["duration"]?.intValue ?? 60) * 60)
            return otherStart < end && start < otherEnd
        }
    }

    /// Days ahead of today that a list shows of a series without end, when no `--to` is given.
    public static let defaultHorizon = 56

    /// Appointments starting on the days `from` through `to` (local, YYYY-MM-DD), of one client if given, by start.
    static func events(_ cache: LocalCache, from: String?, to: String?, client: String?) throws -> [CachedEntity] {
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
        let key = try client.map { try ClientDirectory(cache: cache).resolve($0, for: .reading).id.key }
        // A series without end stops at the horizon when no --to is given; single appointments are all shown.
        let horizon = max(start, Date()).addingTimeInterval(Double(defaultHorizon) * 86_400)
        return try EventCalendar(cache: cache).appointments(
            from: start, to: end, client: key, horizon: to == nil ? horizon : nil)
    }
}
