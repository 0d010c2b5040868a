import Foundation
import GorillaShared

extension TrainService {
    /// Works out the recording that `request` opens, keeping nothing yet.
    ///
    /// Every refusal (an unfinished session, an unknown client, no event to start, no session to repeat) comes
    /// from here, before the view opens its terminal; ``begin(_:)`` then keeps the first state.
    /// - Throws: ``ClientError`` `.usage` for options that do not go together or a session still unfinished,
    ///   `.notFound` when there is no such client, event, training or earlier session.
    public func prepare(_ request: TrainRequest, at now: Date = Date()) async throws -> SessionRecorder {
        try context.requireCoach()
        try request.validate()
        let cache = try await context.cacheForView()
        try refuseWhileUnfinished(cache)
        let appointment =
            request.next
            ? try Self.currentOrNextEvent(cache, at: now)
            : try request.event.map {
                try EventService.resolve(cache, $0)
            }
        let owner: CachedEntity
        if let client = request.client {
            owner = try ClientDirectory(cache: cache).resolve(client)
            if let appointment, appointment[string: "client"] != owner.id.key {
                throw ClientError(.usage, "event \(appointment.id.short) is with another client")
            }
        } else if let appointment {
            guard let id = appointment[string: "client"].flatMap(UUID.init(uuidString:)),
                let client = try cache.entity(id), !client.deleted
            else { throw ClientError(.notFound, "the client of event \(appointment.id.short) is not on this device") }
            owner = client
        } else {
            throw ClientError(.usage, "give --client C, --event ID or --next (or --resume)")
        }
        var routine = try request.training.map { try NameResolver(cache: cache).resolve(.training, $0) }
        let items: [SessionRecorder.Item]
        if request.repeating != nil {
            let last = try Self.lastSession(of: owner, cache: cache)
            routine = try last[string: "training"].flatMap(UUID.init(uuidString:)).flatMap { try cache.entity($0) }
                .flatMap { $0.deleted ? nil : $0 }
            items = PerformedExercise.all(in: last).filter { !$0.sets.isEmpty }.map { done in
                SessionRecorder.Item(
                    performed: PerformedExercise(exercise: done.exercise, name: done.name), previous: done.sets)
            }
        } else {
            items = try Self.withPrevious(try Self.items(of: routine, cache: cache), client: owner.id, cache: cache)
        }
        return SessionRecorder(
            client: owner.id, clientName: ClientDirectory.displayName(owner), training: routine?.id,
            trainingName: routine?.name, event: appointment?.id, realTime: !request.handsFree,
            free: routine == nil && request.repeating == nil, items: items, at: now)
    }

    /// Keeps the first state of a prepared recording: from here on `gorilla train --resume` finds it.
    /// - Throws: ``ClientError`` `.usage` when another session became unfinished in the meantime.
    public func begin(_ recorder: SessionRecorder) throws {
        let cache = try context.cache()
        try refuseWhileUnfinished(cache)
        try save(recorder, in: cache)
    }

    /// Opens a new recording and keeps its first state (``prepare(_:at:)`` then ``begin(_:)``).
    public func start(_ request: TrainRequest, at now: Date = Date()) async throws -> SessionRecorder {
        let recorder = try await prepare(request, at: now)
        try begin(recorder)
        return recorder
    }

    private func refuseWhileUnfinished(_ cache: LocalCache) throws {
        if try load(cache) != nil {
            throw ClientError(
                .usage,
                "a session is still unfinished on this device; "
                    + "continue it with: gorilla train --resume (Esc there discards it)")
        }
    }

    /// The coach's scheduled event in progress at `now` (the latest to have started), else the next one to start.
    /// - Throws: ``ClientError`` `.notFound` when no scheduled event is in progress or ahead.
    static func currentOrNextEvent(_ cache: LocalCache, at now: Date) throws -> CachedEntity {
        let scheduled = try cache.entities(.event).compactMap { event -> (event: CachedEntity, start: Date)? in
            guard (event[string: "status"] ?? "scheduled") == EventStatus.scheduled.rawValue,
                let start = event[string: "start"].flatMap(ISOTime.parse)
            else { return nil }
            let minutes = Double(event.data["duration"]?.intValue ?? Event.defaultDuration)
            return start.addingTimeInterval(minutes * 60) > now ? (event, start) : nil
        }
        let current = scheduled.filter { $0.start <= now }.max { $0.start < $1.start }
        let upcoming = scheduled.filter { $0.start > now }.min { $0.start < $1.start }
        guard let chosen = current ?? upcoming else {
            throw ClientError(
                .notFound,
                "no scheduled event now or later to start; schedule one with: "
                    + "gorilla events add --client C --at \"YYYY-MM-DD HH:MM\" (or start with --client C)")
        }
        return chosen.event
    }

    /// The client's previous session: the newest by start.
    /// - Throws: ``ClientError`` `.notFound` when the client has none with a recorded set.
    static func lastSession(of client: CachedEntity, cache: LocalCache) throws -> CachedEntity {
        let sessions = try cache.timeline(.session, client: client.id)
            .filter { !PerformedExercise.all(in: $0).allSatisfy(\.sets.isEmpty) }
        guard let last = sessions.max(by: { ($0[string: "start"] ?? "") < ($1[string: "start"] ?? "") }) else {
            throw ClientError(
                .notFound,
                "\(ClientDirectory.displayName(client)) has no previous session to repeat; "
                    + "start one with: gorilla train --client C")
        }
        return last
    }

    /// The exercises of a training, in its order (none without one).
    static func items(of routine: CachedEntity?, cache: LocalCache) throws -> [SessionRecorder.Item] {
        var items: [SessionRecorder.Item] = []
        for entry in (routine?.data["exercises"]?.arrayValue ?? []).compactMap(\.objectValue) {
            guard let id = entry["exercise"]?.stringValue.flatMap(UUID.init(uuidString:)),
                let exercise = try cache.entity(id)
            else { continue }
            items.append(SessionRecorder.Item(performed: PerformedExercise(exercise: id, name: exercise.name)))
        }
        return items
    }
}
