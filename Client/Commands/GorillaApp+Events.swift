import Foundation
import GorillaShared

/// The fields of `events add` and `events edit`.
public struct EventFields: Sendable {
    public var at: String?
    public var duration: Int?
    public var gym: String?
    public var note: String?
    public init(at: String? = nil, duration: Int? = nil, gym: String? = nil, note: String? = nil) {
        self.at = at
        self.duration = duration
        self.gym = gym
        self.note = note
    }
}

extension GorillaApp {
    func eventFields(_ given: EventFields) throws -> [String: JSONValue] {
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

    func clientNames(_ cache: LocalCache) throws -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: try cache.entities("client", includeDeleted: true).map {
                ($0.id.uuidString.lowercased(), Self.displayName($0))
            })
    }

    /// Events of the coach that overlap [start, start + duration), other than `except`.
    func overlapping(_ cache: LocalCache, start: Date, minutes: Int, except: UUID?) throws -> [CachedEntity] {
        let end = start.addingTimeInterval(Double(minutes) * 60)
        return try cache.entities("event").filter { event in
            guard event.id != except, event[string: "status"] != "cancelled",
                let otherStart = event[string: "start"].flatMap(ISOTime.parse)
            else { return false }
            let otherEnd = otherStart.addingTimeInterval(Double(event.data["duration"]?.intValue ?? 60) * 60)
            return otherStart < end && start < otherEnd
        }
    }

    public func addEvent(client: String, _ given: EventFields) async throws -> CommandOutput {
        try requireCoach()
        guard given.at != nil else { throw ClientError(.usage, "--at \"YYYY-MM-DD HH:MM\" is required") }
        let cache = try cache()
        let owner = try resolveClient(cache, client)
        var fields = try eventFields(given)
        fields["client"] = .string(owner.id.uuidString.lowercased())
        if fields["duration"] == nil { fields["duration"] = 60 }
        fields["status"] = "scheduled"
        let start = ISOTime.parse(fields["start"]!.stringValue!)!
        let clashes = try overlapping(cache, start: start, minutes: fields["duration"]!.intValue!, except: nil)
        let id = UUID.v7()
        var notes = try await change(cache, kind: "event", entity: id, action: .create, fields: fields)
        let names = try clientNames(cache)
        notes += clashes.map {
            "warning: overlaps " + EventFormatting.line($0, clientName: $0[string: "client"].flatMap { names[$0] })
        }
        return try output(
            cache, id,
            "Scheduled \(Self.displayName(owner)) on \(EventFormatting.local(start)) (\(fields["duration"]!.intValue!) min).",
            notes)
    }

    func resolveEvent(_ cache: LocalCache, _ text: String) throws -> CachedEntity {
        try NameResolver(cache: cache).resolve("event", text, label: "event", nameField: "id")
    }

    public func editEvent(_ id: String, _ given: EventFields) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let event = try resolveEvent(cache, id)
        let fields = try eventFields(given)
        guard !fields.isEmpty else {
            throw ClientError(.usage, "nothing to change: give --at, --duration, --gym or --note")
        }
        var notes = try await change(cache, kind: "event", entity: event.id, action: .update, fields: fields)
        if let updated = try cache.entity(event.id), let start = updated[string: "start"].flatMap(ISOTime.parse) {
            notes += try overlapping(
                cache, start: start, minutes: updated.data["duration"]?.intValue ?? 60, except: event.id
            )
            .map { "warning: overlaps " + EventFormatting.line($0, clientName: nil) }
        }
        return try output(cache, event.id, "Updated event \(event.id.short).", notes)
    }

    public func setEventStatus(_ id: String, status: String) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let event = try resolveEvent(cache, id)
        let notes = try await change(
            cache, kind: "event", entity: event.id, action: .update, fields: ["status": .string(status)])
        return try output(cache, event.id, "Event \(event.id.short) is now \(status).", notes)
    }

    public func removeEvent(_ id: String) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let event = try resolveEvent(cache, id)
        let notes = try await change(cache, kind: "event", entity: event.id, action: .delete)
        return CommandOutput(
            text: "Deleted event \(event.id.short).", json: Self.json(event, extra: ["deleted": true]), notes: notes)
    }

    /// Events in [from, to), of one client if given, by start time.
    func events(_ cache: LocalCache, from: String?, to: String?, client: String?) throws -> [CachedEntity] {
        var events = try cache.entities("event")
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
            let key = try resolveClient(cache, client).id.uuidString.lowercased()
            events = events.filter { $0[string: "client"] == key }
        }
        return events.sorted { ($0[string: "start"] ?? "") < ($1[string: "start"] ?? "") }
    }

    public func listEvents(from: String?, to: String?, client: String?) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let list = try events(cache, from: from, to: to, client: client)
        guard !list.isEmpty else {
            let text =
                from == nil && to == nil && client == nil
                ? "No events yet. Schedule one with: gorilla events add --client C --at \"YYYY-MM-DD HH:MM\""
                : "No events in that range."
            return CommandOutput(text: text, json: .array([]), notes: notes)
        }
        let names = try clientNames(cache)
        let rows = list.map { event -> [String] in
            [
                EventFormatting.local(event[string: "start"] ?? ""), "\(event.data["duration"]?.intValue ?? 60) min",
                event[string: "client"].flatMap { names[$0] } ?? "", event[string: "gym"] ?? "",
                event[string: "status"] ?? "scheduled", event.id.short,
            ]
        }
        return CommandOutput(
            text: Table(["WHEN", "LENGTH", "CLIENT", "GYM", "STATUS", "ID"], rows).render(),
            json: .array(
                list.map {
                    Self.json(
                        $0,
                        extra: ["clientName": $0[string: "client"].flatMap { names[$0] }.map(JSONValue.string) ?? .null]
                    )
                }),
            notes: notes)
    }

    public func showEvent(_ id: String) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let event = try resolveEvent(cache, id)
        let names = try clientNames(cache)
        let lines = [
            "event \(event.id.uuidString.lowercased())",
            "client:   \(event[string: "client"].flatMap { names[$0] } ?? "?")",
            "when:     \(EventFormatting.local(event[string: "start"] ?? "")) (\(TimeZone.current.identifier); entered in \(event[string: "zone"] ?? "UTC"))",
            "length:   \(event.data["duration"]?.intValue ?? 60) min",
            "gym:      \(event[string: "gym"] ?? "")",
            "status:   \(event[string: "status"] ?? "scheduled")",
            "note:     \(event[string: "note"] ?? "")",
        ]
        return CommandOutput(text: lines.joined(separator: "\n"), json: Self.json(event), notes: notes)
    }

    public func exportEvents(icsFile: String, from: String?, to: String?) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let list = try events(cache, from: from, to: to, client: nil)
        let names = try clientNames(cache)
        let text = ICalendar.render(
            list.map { event in
                ICalendar.Event(
                    id: event.id, start: event[string: "start"].flatMap(ISOTime.parse) ?? Date(),
                    minutes: event.data["duration"]?.intValue ?? 60,
                    summary: "Training: " + (event[string: "client"].flatMap { names[$0] } ?? "client"),
                    location: event[string: "gym"], description: event[string: "note"],
                    cancelled: event[string: "status"] == "cancelled")
            })
        guard FileManager.default.createFile(atPath: icsFile, contents: Data(text.utf8)) else {
            throw ClientError(.local, "cannot write \(icsFile)")
        }
        return CommandOutput(
            text: "Wrote \(list.count) event\(list.count == 1 ? "" : "s") to \(icsFile).",
            json: ["file": .string(icsFile), "events": .number(Double(list.count))], notes: notes)
    }
}
