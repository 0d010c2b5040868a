import Foundation
import GorillaClientCore
import GorillaShared

/// What `gorilla sessions edit ID` changes in a finished session.
package struct SessionEditRequest: Sendable {
    /// The session (id or short id).
    package var id: String
    /// `--set "EXERCISE: SET, SET"`: the exercise's sets become these (the exercise is added if the session lacks it).
    package var sets: [String]
    /// `--remove-exercise NAME`: exercises taken out of the session.
    package var removeExercises: [String]
    /// `--notes TEXT`: the session's notes ("" removes them).
    package var notes: String?
    /// `--date "YYYY-MM-DD HH:MM"`: a new start (the end moves with it).
    package var date: String?
    /// Keep exercise names the catalogue does not have by name only (`--allow-new`) instead of refusing them.
    package var allowNew: Bool
    /// `--duration`: how long the session lasted (`60`, `45m`, `1h30m`); the end moves to the start plus it.
    package var duration: String?

    package init(
        id: String, sets: [String] = [], removeExercises: [String] = [], notes: String? = nil, date: String? = nil,
        allowNew: Bool = false, duration: String? = nil
    ) {
        self.duration = duration
        self.id = id
        self.sets = sets
        self.removeExercises = removeExercises
        self.notes = notes
        self.date = date
        self.allowNew = allowNew
    }
}

/// Corrections of finished sessions: each is one update of the session, a new revision on the server (earlier ones stay
/// readable with ``history(_:)``), synced like any change, so concurrent corrections are reported like other conflicts.
extension SessionService {
    /// `gorilla sessions edit ID [--set "EXERCISE: SETS"]... [--remove-exercise NAME]... [--notes T] [--date D]`.
    /// - Throws: ``ClientError`` `.usage` when nothing is asked or the session would be left without a set,
    ///   `.notFound` for an exercise the session does not have, `.server` (forbidden) for a client correcting a
    ///   session their coach recorded.
    package func edit(_ request: SessionEditRequest) async throws -> SessionSaved {
        guard
            !request.sets.isEmpty || !request.removeExercises.isEmpty || request.notes != nil || request.date != nil
                || request.duration != nil
        else {
            throw ClientError(.usage, TrainingPhrases.sayWhatToCorrect.t())
        }
        let length = try request.duration.map { try Self.length($0, option: "--duration") }
        let cache = try context.cache()
        let session = try Self.resolve(cache, request.id)
        try mayCorrect(session)
        var exercises = session.exercises
        var unknown: [String] = []
        for exercise in try Self.parseSets(request.sets) {
            // An exercise of the session by its name as stored (also one kept by name only), else the catalogue's.
            if let index = exercises.firstIndex(where: { NameMatch.fold($0.name) == NameMatch.fold(exercise.name) }) {
                exercises[index].sets = exercise.sets
                continue
            }
            var linked = [exercise]
            unknown += try SessionDraft.link(&linked, for: session.client, cache: cache, allowNew: request.allowNew)
            if let index = exercises.firstIndex(where: { Self.same($0, linked[0]) }) {
                exercises[index].sets = linked[0].sets
            } else {
                exercises.append(linked[0])
            }
        }
        for name in request.removeExercises {
            exercises.remove(at: try Self.index(of: name, in: exercises, cache: cache))
        }
        let start = try request.date.map(Self.parseDate)
        return try await store(
            correcting: session, exercises: exercises, notes: request.notes ?? session.notes, start: start,
            length: length, cache: cache, unknownExercises: unknown)
    }

    /// Stores a correction of the finished session `id` (an id or short id): its exercises and sets become
    /// `exercises`, its notes `notes` (nil or empty removes them), its start `start` when given (the end moves with it).
    ///
    /// Exercise names are linked to the catalogue as the train view links them (one it does not have is kept by name
    /// only). The correction is queued as one update of the session's changed fields and synced when the server is
    /// reachable; the result presents the session as it then stands, or says that nothing changed.
    /// - Throws: ``ClientError`` `.notFound` for an unknown session, `.usage` when it would be left without a set,
    ///   `.server` (forbidden) for a client correcting a session their coach recorded.
    package func correct(
        _ id: String, exercises: [PerformedExercise], notes: String?, start: Date? = nil
    ) async throws -> SessionSaved {
        let cache = try context.cache()
        let session = try Self.resolve(cache, id)
        try mayCorrect(session)
        var exercises = exercises
        let unknown = try SessionDraft.link(&exercises, for: session.client, cache: cache, allowNew: true)
        return try await store(
            correcting: session, exercises: exercises, notes: notes, start: start, cache: cache,
            unknownExercises: unknown)
    }

    // MARK: Helpers

    /// Refuses what the server would refuse: a client corrects only the sessions they logged themselves.
    func mayCorrect(_ session: Stored<TrainingSession>) throws {
        let role = try context.session().profile.role
        let facts = Access.RowFacts(createdByAccount: false, recordedBy: session.recordedBy ?? .coach)
        guard
            Access.allows(.update, .session, as: role, relation: Access.newRowRelation(.session, as: role), row: facts)
        else {
            throw ClientError(
                .server, TrainingPhrases.coachRecordedIt.t(),
                wire: WireError(code: .forbidden, message: "forbidden"))
        }
    }

    /// Queues the correction of `session` (the fields that change), syncs, and presents the session as it stands.
    /// - Parameter length: the session's new length (its end moves), else the end moves with the start.
    private func store(
        correcting session: Stored<TrainingSession>, exercises: [PerformedExercise], notes: String?, start: Date?,
        length: Double? = nil, cache: LocalCache, unknownExercises: [String]
    ) async throws -> SessionSaved {
        guard exercises.contains(where: { !$0.sets.isEmpty }) else {
            throw ClientError(.usage, TrainingPhrases.keepsOneSetToDelete.t(["id": session.id.short]))
        }
        guard exercises.count <= TrainingSession.maxExercises,
            exercises.allSatisfy({ $0.sets.count <= PerformedExercise.maxSets })
        else {
            throw ClientError(
                .usage,
                TrainingPhrases.sessionTooLarge.t([
                    "exercises": TrainingSession.maxExercises, "sets": PerformedExercise.maxSets,
                ]))
        }
        var corrected = session.value
        corrected.exercises = exercises.map(\.stored)
        let notes = notes?.trimmingCharacters(in: .whitespacesAndNewlines)
        corrected.notes = notes?.isEmpty == false ? notes : nil
        let newStart = start ?? session.start
        corrected.start = newStart
        if let end = length.map({ newStart.addingTimeInterval($0) })
            ?? session.end?.addingTimeInterval(newStart.timeIntervalSince(session.start))
        {
            corrected.end = end
        }
        let changed = try !cache.changes(session.id, to: corrected).isEmpty
        try await context.update(cache, session.id, to: corrected)
        // Still queued (offline): the server numbers the revision when it applies it, so none is claimed yet.
        var stored = try cache.one(TrainingSession.self, session.id)
        if try cache.queued(limit: 10_000).contains(where: { $0.entity == session.id }) {
            stored?.value.revision = nil
        }
        return SessionSaved(
            .corrected(changed: changed), id: session.id, clientName: try clientName(of: session, cache: cache),
            exercises: exercises, session: stored, unknownExercises: unknownExercises)
    }

    /// The display name of the session's client (the logged-in client's own on their device).
    func clientName(of session: Stored<TrainingSession>, cache: LocalCache) throws -> String {
        if let name = try ClientDirectory(cache: cache).names()[session.client] {
            return name
        }
        let profile = try context.session().profile
        return "\(profile.name) \(profile.surname)"
    }

    /// Whether two performed exercises are the same exercise: the same catalogue exercise, else the same name.
    package static func same(_ a: PerformedExercise, _ b: PerformedExercise) -> Bool {
        if let first = a.exercise, let second = b.exercise { return first == second }
        return NameMatch.fold(a.name) == NameMatch.fold(b.name)
    }

    /// Where the exercise `name` is in a session's `exercises`: by its name (case and accents folded, a small typo or
    /// a beginning forgiven), else by the catalogue exercise the name picks.
    /// - Throws: ``ClientError`` `.notFound` listing the session's exercises, or `.ambiguous`.
    static func index(of name: String, in exercises: [PerformedExercise], cache: LocalCache) throws -> Int {
        let indices = Array(exercises.indices)
        if let exact = indices.first(where: { NameMatch.fold(exercises[$0].name) == NameMatch.fold(name) }) {
            return exact
        }
        if let best = NameMatch.best(name, in: indices, name: { exercises[$0].name }) {
            guard best.items.count == 1 else {
                let names = best.items.map { exercises[$0].name }.joined(separator: ", ")
                throw ClientError(
                    .ambiguous, TrainingPhrases.exerciseAmbiguous.t(["name": name, "names": names]))
            }
            return best.items[0]
        }
        if let known = try? NameResolver(cache: cache).pick(Exercise.self, name),
            let index = indices.first(where: { exercises[$0].exercise == known.id })
        {
            return index
        }
        let names = exercises.map(\.name)
        throw ClientError(
            .notFound,
            TrainingPhrases.exerciseNotInSession.t([
                "name": name, "names": names.isEmpty ? TrainingPhrases.noneOfThem.t() : names.joined(separator: ", "),
            ]))
    }

    /// A local "YYYY-MM-DD HH:MM" (or an ISO-8601 time) given with `--date`.
    static func parseDate(_ text: String) throws -> Date {
        guard let date = EventFormatting.parseLocal(text) ?? ISOTime.parse(text) else {
            throw ClientError(
                .usage,
                EventFormatting.dateProblem(text).map { "--date: \($0)" }
                    ?? TrainingPhrases.localTimeFormat.t(["option": "--date", "text": text]))
        }
        return date
    }
}
