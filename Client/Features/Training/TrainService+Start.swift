import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension TrainService {
    /// Works out the recording that `request` opens, keeping nothing yet.
    ///
    /// Every refusal (an unfinished session, an unknown client, no event to start, no session to repeat) comes
    /// from here, before the view opens its terminal; ``begin(_:)`` then keeps the first state.
    /// - Throws: ``ClientError`` `.usage` for options that do not go together or a session still unfinished,
    ///   `.notFound` when there is no such client, event, training or earlier session.
    package func prepare(_ request: TrainRequest, at now: Date = Date()) async throws -> SessionRecorder {
        let role = try context.session().profile.role
        try request.validate()
        let cache = try await context.cacheForView()
        try refuseWhileUnfinished(cache)
        let event =
            request.next
            ? try EventService.nextAppointment(cache, at: now, choose: request.chooseNext)
            : try request.event.map { try EventService.appointment(cache, $0) }
        let owner: Stored<Client>
        if role == .client {
            // A client trains themselves.
            owner = try SessionService.ownEntry(named: request.client, cache: cache, context: context)
        } else if let client = request.client {
            owner = try ClientDirectory(cache: cache).client(client, for: .writing(.train))
            if let event, event.client != owner.id {
                throw ClientError(.usage, TrainingPhrases.eventWithAnotherClient.t(["id": event.id.short]))
            }
        } else if let event {
            guard let client = try cache.one(Client.self, event.client), !client.deleted else {
                throw ClientError(.notFound, TrainingPhrases.eventClientNotHere.t(["id": event.id.short]))
            }
            owner = client
        } else {
            throw ClientError(.usage, TrainingPhrases.whoTrains.t())
        }
        var routine = try request.training.map { try NameResolver(cache: cache).resolve(Training.self, $0) }
        if routine == nil, !request.free, request.repeating == nil, let planned = event?.training {
            routine = try Self.liveTraining(planned, cache: cache)  // the appointment's training
        }
        var items: [SessionRecorder.Item]
        var today: TodayWorkout?
        if request.today {
            let workout = try TodayService.workout(
                of: owner.id, named: ClientDirectory.displayName(owner), on: CalendarDate(now, in: .current), in: cache)
            guard let id = workout.trainingID, let training = try Self.liveTraining(id, cache: cache) else {
                throw ClientError(.notFound, ProgramPhrases.noWorkoutToday.t(["program": workout.program]))
            }
            routine = training
            today = workout
        }
        if request.repeating != nil {
            let last = try Self.lastSession(of: owner, cache: cache)
            routine = try last.training.flatMap { try Self.liveTraining($0, cache: cache) }
            items = try Self.repeating(last, training: routine?.value, cache: cache)
        } else {
            items = try Self.withPrevious(
                try Self.items(of: routine?.value, cache: cache), client: owner.id, cache: cache)
        }
        if let today { Self.target(&items, today) }
        let (start, end) =
            request.handsFree
            ? try Self.formTimes(request, event: event?.value, training: routine?.value, at: now) : (now, nil)
        var recorder = SessionRecorder(
            client: owner.id, clientName: ClientDirectory.displayName(owner), training: routine?.id,
            trainingName: routine?.name, event: event?.id, realTime: !request.handsFree,
            free: routine == nil && request.repeating == nil, items: items,
            catalogue: try Self.catalogue(cache, client: owner.id),
            at: start, until: end)
        recorder.appointment = event.map { EventService.headerLabel($0, now: now) }
        return recorder
    }

    /// When a hands-free session ran: `--start`/`--end` as given, else the event's times, else the training's
    /// length (``estimatedLength(of:)``) up to now.
    /// - Throws: ``ClientError`` `.usage` for a time that cannot be read or an end before the start.
    static func formTimes(
        _ request: TrainRequest, event: Event?, training: Training?, at now: Date
    ) throws -> (Date, Date) {
        func local(_ text: String, _ option: String, day: Date? = nil) throws -> Date {
            if let day, text.count <= 5, text.contains(":") {
                if let date = EventFormatting.parseLocal(EventFormatting.local(day).prefix(10) + " " + text) {
                    return date
                }
            }
            guard let date = EventFormatting.parseLocal(text) else {
                throw ClientError(
                    .usage,
                    EventFormatting.dateProblem(text).map { "\(option): \($0)" }
                        ?? TrainingPhrases.localTimeFormat.t(["option": option, "text": text]))
            }
            return date
        }
        let eventStart = event?.start
        let eventLength = Double(event?.duration ?? Event.defaultDuration) * 60
        let length = eventStart != nil ? eventLength : estimatedLength(of: training)
        let start: Date
        let end: Date
        if let given = request.start {
            start = try local(given, "--start")
            end = try request.end.map { try local($0, "--end", day: start) } ?? start.addingTimeInterval(length)
        } else if let given = request.end {
            end = try local(given, "--end", day: now)
            start = end.addingTimeInterval(-length)
        } else if let eventStart {
            (start, end) = (eventStart, eventStart.addingTimeInterval(eventLength))
        } else {
            (start, end) = (now.addingTimeInterval(-length), now)
        }
        guard end > start else { throw ClientError(.usage, TrainingPhrases.endAfterStart.t()) }
        return (start, end)
    }

    /// How long a training takes by its plan: each set's time (45 s unless planned) and rest (90 s unless planned),
    /// and two minutes to change exercise; an hour without a training.
    static func estimatedLength(of training: Training?) -> Double {
        guard let plans = training?.exercises, !plans.isEmpty else { return 3600 }
        let seconds = plans.reduce(0.0) { total, plan in
            let sets = Double(plan.plannedSets ?? 3)
            return total + sets * (plan.duration ?? 45) + max(0, sets - 1) * (plan.rest ?? 90) + 120
        }
        return (seconds / 60).rounded(.up) * 60
    }

    /// The coach's exercises, by name, for the view's picker, each with what `client` did in it last time.
    /// - Parameter excluding: a session whose sets are not "last time" (the one being corrected).
    package static func catalogue(
        _ cache: LocalCache, client: UUID?, excluding: UUID? = nil
    ) throws -> [SessionRecorder.Choice] {
        let history = try client.map { try LastTime(client: $0, cache: cache, excluding: excluding) }
        return try cache.all(Exercise.self).map { exercise in
            SessionRecorder.Choice(
                id: exercise.id, name: exercise.name, count: exercise.count,
                previous: history?.sets(of: PerformedExercise(exercise: exercise.id, name: exercise.name)) ?? [])
        }.sortedByFoldedName(\.name)
    }

    /// The exercises `gorilla train --repeat last` starts with: when the last session followed a training (still in
    /// the catalogue), the training's exercises with their plan (groups and rests too), then any other exercise the
    /// session had; else the session's exercises. Each starts from what the session did in it.
    static func repeating(
        _ last: Stored<TrainingSession>, training: Training?, cache: LocalCache
    ) throws -> [SessionRecorder.Item] {
        let done = last.exercises.filter { !$0.sets.isEmpty }
        var items = try items(of: training, cache: cache)
        for exercise in done where !items.contains(where: { SessionService.same($0.performed, exercise) }) {
            items.append(
                SessionRecorder.Item(
                    performed: PerformedExercise(exercise: exercise.exercise, name: exercise.name),
                    count: try count(of: exercise.exercise, cache: cache)))
        }
        for index in items.indices {
            items[index].previous = done.first { SessionService.same($0, items[index].performed) }?.sets ?? []
        }
        return items
    }

    /// How a catalogue exercise is counted (reps when it is not in the catalogue).
    static func count(of exercise: UUID?, cache: LocalCache) throws -> CountMode {
        try exercise.flatMap { try cache.one(Exercise.self, $0) }?.count ?? .reps
    }

    /// The training `id` unless it was deleted.
    static func liveTraining(_ id: UUID, cache: LocalCache) throws -> Stored<Training>? {
        try cache.one(Training.self, id).flatMap { $0.deleted ? nil : $0 }
    }

    /// Keeps the first state of a prepared recording: from here on `gorilla train --resume` finds it, here and (once
    /// its draft is synced, which is tried at once, bounded) on the account's other devices.
    /// - Throws: ``ClientError`` `.usage` when another session became unfinished in the meantime.
    package func begin(_ recorder: SessionRecorder) async throws {
        let cache = try context.cache()
        try refuseWhileUnfinished(cache)
        try save(recorder, in: cache)
        try await shareBeginning(recorder, cache: cache)
    }

    /// Opens a new recording and keeps its first state (``prepare(_:at:)`` then ``begin(_:)``).
    package func start(_ request: TrainRequest, at now: Date = Date()) async throws -> SessionRecorder {
        let recorder = try await prepare(request, at: now)
        try await begin(recorder)
        return recorder
    }

    func refuseWhileUnfinished(_ cache: LocalCache) throws {
        if try load(cache) != nil {
            throw ClientError(.usage, TrainingPhrases.sessionStillUnfinished.t())
        }
    }

    /// The client's previous session: the newest by start.
    /// - Throws: ``ClientError`` `.notFound` when the client has none with a recorded set.
    static func lastSession(of client: Stored<Client>, cache: LocalCache) throws -> Stored<TrainingSession> {
        let sessions = try cache.timeline(TrainingSession.self, client: client.id)
            .filter { !$0.exercises.allSatisfy(\.sets.isEmpty) }
        guard let last = sessions.max(by: { $0.start < $1.start }) else {
            throw ClientError(
                .notFound, TrainingPhrases.noSessionToRepeat.t(["name": ClientDirectory.displayName(client)]))
        }
        return last
    }

    /// The exercises of a training, in its order, each with its plan (none without a training).
    /// Puts the day's targets on the items: each as the plan the view shows beside what is done, and kept on the
    /// performed exercise, so that the session records what it asked beside what was done.
    static func target(_ items: inout [SessionRecorder.Item], _ today: TodayWorkout) {
        for index in items.indices {
            guard let exercise = items[index].performed.exercise,
                let target = today.exercises.first(where: { $0.exercise == exercise })?.target
            else { continue }
            items[index].performed.target = target
            items[index].plan = target.planned(from: items[index].plan ?? PlannedExercise(exercise: exercise))
        }
    }

    static func items(of routine: Training?, cache: LocalCache) throws -> [SessionRecorder.Item] {
        var items: [SessionRecorder.Item] = []
        for plan in routine?.exercises ?? [] {
            guard let exercise = try cache.one(Exercise.self, plan.exercise) else { continue }
            items.append(
                SessionRecorder.Item(
                    performed: PerformedExercise(exercise: exercise.id, name: exercise.name),
                    plan: plan.hasPlan ? plan : nil, count: exercise.count))
        }
        return items
    }
}
