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

    /// The fields to set; nil leaves one as it is.
    public init(at: String? = nil, duration: Int? = nil, gym: String? = nil, note: String? = nil) {
        self.at = at
        self.duration = duration
        self.gym = gym
        self.note = note
    }
}

/// Training appointments on a coach's calendar: schedule, move, cancel, delete, list, show, export
/// (`gorilla events`).
public struct EventService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla events add --client C --at "YYYY-MM-DD HH:MM"`; overlapping events come back as warnings.
    public func add(client: String, _ given: EventFields) async throws -> EventUpdate {
        try context.requireCoach()
        guard given.at != nil else { throw ClientError(.usage, "--at \"YYYY-MM-DD HH:MM\" is required") }
        let cache = try context.cache()
        let owner = try ClientDirectory(cache: cache).resolve(client, for: .writing("schedule events for"))
        var fields = try Self.documentFields(given)
        fields["client"] = .string(owner.id.key)
        let minutes = fields["duration"]?.intValue ?? 60
        fields["duration"] = .number(Double(minutes))
        fields["status"] = "scheduled"
        let start = ISOTime.parse(fields["start"]?.stringValue ?? "") ?? Date()
        let clashes = try Self.overlapping(cache, start: start, minutes: minutes, except: nil)
        let id = UUID.v7()
        try await context.change(cache, .event, entity: id, action: .create, fields: fields)
        let names = try ClientDirectory(cache: cache).names()
        var update = EventUpdate(
            .scheduled(client: ClientDirectory.displayName(owner), start: start, minutes: minutes), id: id,
            entity: try cache.entity(id).map { EntityRecord($0) },
            overlaps: clashes.map { event in
                EventLine(EntityRecord(event), clientName: event[string: "client"].flatMap { names[$0] })
            })
        update.pastStart = start < Date() ? start : nil
        return update
    }

    /// `gorilla events edit ID [--at] [--duration] [--gym] [--note]`.
    public func edit(_ id: String, _ given: EventFields) async throws -> EventUpdate {
        try context.requireCoach()
        let cache = try context.cache()
        let event = try Self.resolve(cache, id)
        let fields = try Self.documentFields(given)
        guard !fields.isEmpty else {
            throw ClientError(.usage, "nothing to change: give --at, --duration, --gym or --note")
        }
        try await context.change(cache, .event, entity: event.id, action: .update, fields: fields)
        var overlaps: [EventLine] = []
        if let updated = try cache.entity(event.id), let start = updated[string: "start"].flatMap(ISOTime.parse) {
            overlaps = try Self.overlapping(
                cache, start: start, minutes: updated.data["duration"]?.intValue ?? 60, except: event.id
            ).map { EventLine(EntityRecord($0), clientName: nil) }
        }
        var update = EventUpdate(
            .updated, id: event.id, entity: try cache.entity(event.id).map { EntityRecord($0) }, overlaps: overlaps)
        if let start = fields["start"]?.stringValue.flatMap(ISOTime.parse), start < Date() { update.pastStart = start }
        return update
    }

    /// `gorilla events cancel ID` (status `cancelled`), or any other status.
    public func setStatus(_ id: String, to status: String) async throws -> EventUpdate {
        try context.requireCoach()
        let cache = try context.cache()
        let event = try Self.resolve(cache, id)
        try await context.change(cache, .event, entity: event.id, action: .update, fields: ["status": .string(status)])
        return EventUpdate(.status(status), id: event.id, entity: try cache.entity(event.id).map { EntityRecord($0) })
    }

    /// `gorilla events rm ID`: asks first (`confirmation`).
    public func remove(_ id: String, confirmation: Confirmation) async throws -> EventUpdate {
        try context.requireCoach("delete events")
        let cache = try context.cache()
        let event = try Self.resolve(cache, id)
        let client = try event[string: "client"].flatMap { try ClientDirectory(cache: cache).names()[$0] }
        try confirmation.require(
            "Delete the event " + EventFormatting.line(EntityRecord(event), clientName: client)
                + "? (gorilla events cancel keeps it on the calendar, marked cancelled)")
        try await context.change(cache, .event, entity: event.id, action: .delete)
        return EventUpdate(.deleted, id: event.id, entity: EntityRecord(event, adding: ["deleted": true]))
    }

    /// `gorilla events list [--from] [--to] [--client]`: by start time.
    public func list(from: String?, to: String?, client: String?) async throws -> EventList {
        let cache = try await context.freshCache()
        let events = try Self.events(cache, from: from, to: to, client: client)
        let names = try ClientDirectory(cache: cache).names()
        return EventList(
            events: events.map { EventLine(EntityRecord($0), clientName: $0[string: "client"].flatMap { names[$0] }) },
            narrowed: from != nil || to != nil || client != nil)
    }

    /// `gorilla events show ID`.
    public func show(_ id: String) async throws -> EventLine {
        let cache = try await context.freshCache()
        let event = try Self.resolve(cache, id)
        let names = try ClientDirectory(cache: cache).names()
        return EventLine(EntityRecord(event), clientName: event[string: "client"].flatMap { names[$0] })
    }

    /// `gorilla events export --ics FILE [--from] [--to]`: writes the events as iCalendar.
    public func export(icsFile: String, from: String?, to: String?) async throws -> EventExport {
        let cache = try await context.freshCache()
        let events = try Self.events(cache, from: from, to: to, client: nil)
        let title = try Self.icsTitle(cache, profile: context.session().profile)
        let text = ICalendar.render(
            events.map { event in
                ICalendar.Event(
                    id: event.id, start: event[string: "start"].flatMap(ISOTime.parse) ?? Date(),
                    minutes: event.data["duration"]?.intValue ?? 60, summary: title(event),
                    location: event[string: "gym"], description: event[string: "note"],
                    cancelled: event[string: "status"] == "cancelled")
            })
        guard FileManager.default.createFile(atPath: icsFile, contents: Data(text.utf8)) else {
            throw ClientError(.local, "cannot write \(icsFile)")
        }
        return EventExport(file: icsFile, events: events.count)
    }

    // MARK: Helpers

    /// An exported event's title from the viewer's side: a coach sees the client's name, a client their coach's.
    static func icsTitle(_ cache: LocalCache, profile: Profile) throws -> (CachedEntity) -> String {
        guard profile.role == .coach else {
            let coach = try cache.entity(profile.id)?[string: "coachName"].flatMap { $0.isEmpty ? nil : $0 }
            return { _ in coach.map { "Training with \($0)" } ?? "Training with your coach" }
        }
        let names = try ClientDirectory(cache: cache).names()
        return { event in "Training: " + (event[string: "client"].flatMap { names[$0] } ?? "client") }
    }

    /// The event whose id (or short id) is `text`.
    static func resolve(_ cache: LocalCache, _ text: String) throws -> CachedEntity {
        try NameResolver(cache: cache).resolve(.event, text, label: "event", nameField: "id")
    }

    /// The document fields that `given` sets.
    static func documentFields(_ given: EventFields) throws -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let at = given.at {
            guard let date = EventFormatting.parseLocal(at) else {
                throw ClientError(
                    .usage,
                    EventFormatting.dateProblem(at).map { "--at: \($0)" }
                        ?? "--at must be \"YYYY-MM-DD HH:MM\" (local time), not '\(at)'")
            }
            fields["start"] = .string(ISOTime.format(date))
            fields["zone"] = .string(TimeZone.current.identifier)
        }
        if let duration = given.duration {
            guard (1...1440).contains(duration) else { throw ClientError(.usage, "--duration is 1–1440 minutes") }
            fields["duration"] = .number(Double(duration))
        }
        if let gym = given.gym { fields["gym"] = gym.isEmpty ? .null : .string(gym) }
        if let note = given.note { fields["note"] = note.isEmpty ? .null : .string(note) }
        return fields
    }

    /// Events of the coach that overlap [start, start + minutes), other than `except`; cancelled ones never do.
    static func overlapping(_ cache: LocalCache, start: Date, minutes: Int, except: UUID?) throws -> [CachedEntity] {
        let end = start.addingTimeInterval(Double(minutes) * 60)
        return try cache.entities(.event).filter { event in
            guard event.id != except, event[string: "status"] != "cancelled",
                let otherStart = event[string: "start"].flatMap(ISOTime.parse)
            else { return false }
            let otherEnd = otherStart.addingTimeInterval(Double(event.data["duration"]?.intValue ?? 60) * 60)
            return otherStart < end && start < otherEnd
        }
    }

    /// Events starting on the days `from` through `to` (local, YYYY-MM-DD), of one client if given, by start.
    static func events(_ cache: LocalCache, from: String?, to: String?, client: String?) throws -> [CachedEntity] {
        var events = try cache.entities(.event)
        if let from {
            guard let date = EventFormatting.parseDay(from) else {
                throw ClientError(.usage, "--from must be YYYY-MM-DD")
            }
            events = events.filter { ($0[string: "start"].flatMap(ISOTime.parse) ?? .distantPast) >= date }
        }
        if let to {
            guard let date = EventFormatting.parseDay(to) else { throw ClientError(.usage, "--to must be YYYY-MM-DD") }
            let end = date.addingTimeInterval(86_400)
            events = events.filter { ($0[string: "start"].flatMap(ISOTime.parse) ?? .distantFuture) < end }
        }
        if let client {
            let key = try ClientDirectory(cache: cache).resolve(client, for: .reading).id.key
            events = events.filter { $0[string: "client"] == key }
        }
        return events.sorted { ($0[string: "start"] ?? "") < ($1[string: "start"] ?? "") }
    }
}
