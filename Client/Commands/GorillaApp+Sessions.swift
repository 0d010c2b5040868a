import Foundation
import GorillaShared

/// What `sessions log` records (the non-interactive, hands-free way).
public struct SessionLogRequest: Sendable {
    public var client: String
    public var training: String?
    public var event: String?
    /// Local "YYYY-MM-DD HH:MM"; now when nil.
    public var date: String?
    public var mode: String?
    /// `--set "EXERCISE: SET, SET"` arguments.
    public var sets: [String]
    /// `--from-file`: the same as JSON.
    public var file: String?
    public var notes: String?

    public init(
        client: String, training: String? = nil, event: String? = nil, date: String? = nil, mode: String? = nil,
        sets: [String] = [], file: String? = nil, notes: String? = nil
    ) {
        self.client = client
        self.training = training
        self.event = event
        self.date = date
        self.mode = mode
        self.sets = sets
        self.file = file
        self.notes = notes
    }
}

/// A session ready to be stored: the document fields the server validates.
struct SessionDraft: Sendable {
    var client: UUID
    var event: UUID?
    var training: UUID?
    var mode: String
    var start: Date
    var end: Date?
    var paused: Double
    var notes: String?
    var exercises: [PerformedExercise]

    var fields: [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "client": .string(client.uuidString.lowercased()), "mode": .string(mode),
            "start": .string(ISOTime.format(start)),
            "paused": .number(PerformedExercise.rounded(paused)), "exercises": .array(exercises.map(\.document)),
        ]
        if let end { fields["end"] = .string(ISOTime.format(end)) }
        if let event { fields["event"] = .string(event.uuidString.lowercased()) }
        if let training { fields["training"] = .string(training.uuidString.lowercased()) }
        if let notes, !notes.isEmpty { fields["notes"] = .string(notes) }
        return fields
    }
}

extension GorillaApp {
    // MARK: Storing

    /// Queues a finished session (and, when it started from an event, marks the event done), then syncs once.
    func store(_ draft: SessionDraft, id: UUID, in cache: LocalCache) async throws -> [String] {
        try cache.enqueue(kind: "session", entity: id, action: .create, fields: draft.fields)
        if let event = draft.event, try cache.entity(event)?[string: "status"] != "done" {
            try cache.enqueue(kind: "event", entity: event, action: .update, fields: ["status": "done"])
        }
        return try await syncOpportunistically().1
    }

    /// The catalogue exercise called `name` (exactly, ignoring case), if any.
    func catalogueExercise(_ cache: LocalCache, named name: String) throws -> CachedEntity? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        return try cache.entities("exercise").first { $0.name.lowercased() == wanted }
    }

    /// Links performed exercises to the catalogue by name; returns notes for names that are not in it.
    func link(_ exercises: inout [PerformedExercise], cache: LocalCache) throws -> [String] {
        var notes: [String] = []
        for index in exercises.indices where exercises[index].exercise == nil {
            if let known = try catalogueExercise(cache, named: exercises[index].name) {
                exercises[index].exercise = known.id
                exercises[index].name = known.name
            } else {
                notes.append("note: '\(exercises[index].name)' is not in your exercises; kept by name only")
            }
        }
        return notes
    }

    // MARK: sessions log

    public func logSession(_ request: SessionLogRequest) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let client = try resolveClient(cache, request.client)
        var exercises: [PerformedExercise] = []
        var notes = request.notes
        var date = request.date
        if let file = request.file {
            let parsed = try Self.readSessionFile(file)
            exercises += parsed.exercises
            notes = notes ?? parsed.notes
            date = date ?? parsed.date
        }
        for text in request.sets {
            do {
                let (name, sets) = try SetParser.parse(text)
                exercises.append(PerformedExercise(name: name, sets: sets))
            } catch {
                throw ClientError(.usage, "--set: \(error)")
            }
        }
        guard !exercises.isEmpty else {
            throw ClientError(
                .usage, "give at least one --set \"EXERCISE: 12x80kg@40s, 10x85kg\" (or --from-file FILE)")
        }
        guard exercises.count <= 100, exercises.allSatisfy({ $0.sets.count <= 100 }) else {
            throw ClientError(.usage, "a session holds at most 100 exercises of 100 sets each")
        }
        let mode = request.mode ?? "handsfree"
        guard ["handsfree", "realtime"].contains(mode) else {
            throw ClientError(.usage, "--mode is handsfree or realtime")
        }
        var start = Date()
        if let date {
            guard let parsed = EventFormatting.parseLocal(date) ?? ISOTime.parse(date) else {
                throw ClientError(
                    .usage,
                    EventFormatting.dateProblem(date).map { "--date: \($0)" }
                        ?? "--date must be \"YYYY-MM-DD HH:MM\" (local time), not '\(date)'")
            }
            start = parsed
        }
        let training = try request.training.map { try NameResolver(cache: cache).resolve("training", $0) }
        let event = try request.event.map { try resolveEvent(cache, $0) }
        if let event, event[string: "client"] != client.id.uuidString.lowercased() {
            throw ClientError(.usage, "event \(event.id.short) is with another client")
        }
        var messages = try link(&exercises, cache: cache)
        let duration = exercises.flatMap(\.sets).reduce(0.0) { $0 + ($1.duration ?? 0) + ($1.rest ?? 0) }
        let draft = SessionDraft(
            client: client.id, event: event?.id, training: training?.id, mode: mode, start: start,
            end: start.addingTimeInterval(duration), paused: 0, notes: notes, exercises: exercises)
        let id = UUID.v7()
        messages += try await store(draft, id: id, in: cache)
        let setCount = exercises.reduce(0) { $0 + $1.sets.count }
        return try output(
            cache, id,
            "Logged a session of \(Self.displayName(client)) on \(EventFormatting.local(start)): "
                + "\(exercises.count) exercise\(exercises.count == 1 ? "" : "s"), \(setCount) set\(setCount == 1 ? "" : "s") (\(id.short)).",
            messages)
    }

    /// `--from-file`: `[{"name": ..., "sets": [...]}]` or `{"date": ..., "notes": ..., "exercises": [...]}`.
    static func readSessionFile(
        _ path: String
    ) throws -> (exercises: [PerformedExercise], notes: String?, date: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClientError(.local, "cannot read \(path)")
        }
        struct FileSession: Decodable {
            var date: String?
            var notes: String?
            var exercises: [PerformedExercise]
        }
        do {
            if let list = try? WireCoding.decoder.decode([PerformedExercise].self, from: data) {
                return (list, nil, nil)
            }
            let session = try WireCoding.decoder.decode(FileSession.self, from: data)
            return (session.exercises, session.notes, session.date)
        } catch let DecodingError.dataCorrupted(context) {
            throw ClientError(.usage, "\(path): not valid JSON (\(context.debugDescription))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ClientError(.usage, "\(path): missing '\(key.stringValue)' at \(Self.codingPath(context.codingPath))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ClientError(
                .usage, "\(path): wrong value at \(Self.codingPath(context.codingPath)) (\(context.debugDescription))")
        }
    }

    static func codingPath(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
