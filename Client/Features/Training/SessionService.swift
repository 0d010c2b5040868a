import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What `sessions log` records (the non-interactive, hands-free way).
package struct SessionLogRequest: Sendable {
    /// The client (name, username or id); a client logging their own training leaves it out.
    package var client: String?
    /// The training (routine) followed.
    package var training: String?
    /// The event this session fulfils (marked done).
    package var event: String?
    /// Local "YYYY-MM-DD HH:MM"; now when nil.
    package var date: String?
    /// `handsfree` (the default) or `realtime`.
    package var mode: String?
    /// `--set "EXERCISE: SET, SET"` arguments.
    package var sets: [String]
    /// `--from-file`: the same as JSON.
    package var file: String?
    /// A note about the session.
    package var notes: String?
    /// Keep exercise names the catalogue does not have by name only (`--allow-new`) instead of refusing them.
    package var allowNew: Bool
    /// `--duration`: how long the session lasted, as minutes (`60`) or `45m`, `1h`, `1h30m`; nil for the training's
    /// planned length, else ``SessionService/defaultLength``.
    package var duration: String?

    /// A request to log a session of `client`.
    package init(
        client: String?, training: String? = nil, event: String? = nil, date: String? = nil, mode: String? = nil,
        sets: [String] = [], file: String? = nil, notes: String? = nil, allowNew: Bool = false,
        duration: String? = nil
    ) {
        self.allowNew = allowNew
        self.duration = duration
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

/// The training history: log a finished session, list, show, correct, comment, delete, export (`gorilla sessions`).
///
/// A coach records and reads the sessions of their clients; a client records and reads their own (self-logged).
package struct SessionService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla sessions log --client C --set "EXERCISE: 12x80kg@40s" … [--from-file FILE]` (a client: without
    /// `--client`, their own session).
    package func log(_ request: SessionLogRequest) async throws -> SessionSaved {
        let cache = try context.cache()
        let client = try Self.owner(request.client, cache: cache, context: context)
        var exercises: [PerformedExercise] = []
        var notes = request.notes
        var date = request.date
        if let file = request.file {
            let parsed = try SessionFile.read(file)
            exercises += parsed.exercises
            notes = notes ?? parsed.notes
            date = date ?? parsed.date
        }
        exercises += try Self.parseSets(request.sets)
        guard !exercises.isEmpty else {
            throw ClientError(.usage, TrainingPhrases.logNeedsASet.t())
        }
        guard exercises.contains(where: { !$0.sets.isEmpty }) else {
            throw ClientError(.usage, TrainingPhrases.logNothingRecorded.t())
        }
        guard exercises.count <= 100, exercises.allSatisfy({ $0.sets.count <= 100 }) else {
            throw ClientError(.usage, TrainingPhrases.sessionTooLarge.t(["exercises": 100, "sets": 100]))
        }
        let mode = request.mode ?? "handsfree"
        guard ["handsfree", "realtime"].contains(mode) else {
            throw ClientError(.usage, TrainingPhrases.modeValues.t())
        }
        let start = try date.map(Self.parseDate) ?? Date()
        let given = try request.duration.map { try Self.length($0, option: "--duration") }
        let training = try request.training.map { try NameResolver(cache: cache).resolve(Training.self, $0) }
        let event = try request.event.map { try EventService.appointment(cache, $0) }
        if let event, event.client != client.id {
            throw ClientError(.usage, TrainingPhrases.eventWithAnotherClient.t(["id": event.id.short]))
        }
        var matched: [SessionSaved.Match] = []
        let unknown = try SessionDraft.link(
            &exercises, for: client.id, cache: cache, allowNew: request.allowNew, matched: &matched)
        let alreadyDone = try event.flatMap { try Self.alreadyDone($0, cache: cache) }
        let length = given ?? (training.map { TrainService.estimatedLength(of: $0.value) } ?? Self.defaultLength)
        let draft = SessionDraft(
            client: client.id, event: event?.id, training: training?.id, mode: mode, start: start,
            end: start.addingTimeInterval(length), paused: 0, notes: notes, exercises: exercises)
        let id = UUID.v7()
        try await draft.store(as: id, in: cache, context: context)
        var saved = SessionSaved(
            .logged(start: start), id: id, clientName: client.name, exercises: exercises,
            session: try cache.one(TrainingSession.self, id), unknownExercises: unknown)
        saved.eventAlreadyDone = alreadyDone
        saved.matched = matched
        return saved
    }

    /// How long a logged session lasted when neither `--duration` nor a training says: an hour.
    package static let defaultLength: Double = 3600

    /// The length `text` names (`60`, `45m`, `1h`, `1h30m`, as `--reminder` reads them), from a minute to a day.
    /// - Throws: ``ClientError`` `.usage` saying what is accepted.
    package static func length(_ text: String, option: String) throws -> Double {
        let range = TrainingSession.secondsRange
        guard let minutes = ReminderTime.minutes(text), minutes >= 1, range.contains(Double(minutes) * 60) else {
            throw ClientError(
                .usage,
                TrainingPhrases.durationRange.t([
                    "option": option, "lowest": 1, "highest": Int(range.upperBound / 3600), "text": text,
                ]))
        }
        return Double(minutes) * 60
    }

    /// Why `event` already looks trained (a session logged against it, or marked done), before another session is:
    /// the second one is kept all the same.
    static func alreadyDone(_ event: Stored<Event>, cache: LocalCache) throws -> String? {
        let earlier = try cache.all(TrainingSession.self).filter { $0.event == event.id }.map(\.start).min()
        if let first = earlier {
            return TrainingPhrases.eventHasASession.t(["id": event.id.short, "when": EventFormatting.local(first)])
        }
        guard event.status == .done else { return nil }
        return TrainingPhrases.eventAlreadyDone.t(["id": event.id.short])
    }

    /// `gorilla sessions list [--client C] [--from] [--to]`: newest first (a client's own).
    package func list(client: String?, from: String?, to: String?) async throws -> SessionList {
        let cache = try await context.freshCache()
        let owner = try client.map { try Self.owner($0, cache: cache, context: context, use: .reading) }
        let sessions = try Self.sessions(cache, from: from, to: to, client: owner?.id)
        let names = try ClientDirectory(cache: cache).names()
        return SessionList(
            sessions: try sessions.map { session in
                SessionList.Row(
                    session: session, clientName: names[session.client] ?? "",
                    trainingName: try Self.trainingName(cache, training: session.training))
            },
            narrowed: from != nil || to != nil || client != nil)
    }

    /// `gorilla sessions show ID`: the exercises and sets with the session's totals, then its comments.
    package func show(_ id: String) async throws -> SessionDetail {
        let cache = try await context.freshCache()
        let session = try Self.resolve(cache, id)
        let names = try ClientDirectory(cache: cache).names()
        return SessionDetail(
            session: session, clientName: names[session.client],
            trainingName: try Self.trainingName(cache, training: session.training),
            comments: try comments(on: session.id, cache: cache),
            counts: try Self.counts(of: session.exercises, cache: cache))
    }

    /// `gorilla sessions rm ID`.
    /// - Parameter confirmation: asked once the session is found and the account may delete it, naming the session.
    package func remove(_ id: String, confirmation: Confirmation = .yes) async throws -> SessionRemoval {
        try context.require(.delete, .session, TrainingPhrases.actionDeleteSessions.t())
        let cache = try context.cache()
        let session = try Self.resolve(cache, id)
        let when = EventFormatting.local(session.start)
        let client = try clientName(of: session, cache: cache)
        try confirmation.require(
            TrainingPhrases.confirmDeleteSession.t(["client": client, "when": when, "id": session.id.short]))
        try await context.delete(cache, TrainingSession.self, session.id)
        return SessionRemoval(session: session)
    }

    /// `gorilla sessions export ID --format txt|csv|json`.
    package func export(_ id: String, format: String) async throws -> SessionExport {
        let cache = try await context.freshCache()
        let session = try Self.resolve(cache, id)
        guard let format = SessionExport.Format(format) else {
            throw ClientError(.usage, TrainingPhrases.exportFormats.t())
        }
        let names = try ClientDirectory(cache: cache).names()
        return SessionExport(
            format: format, session: session, clientName: names[session.client] ?? "",
            trainingName: try Self.trainingName(cache, training: session.training),
            counts: try Self.counts(of: session.exercises, cache: cache))
    }

    // MARK: Helpers

    /// How each catalogue exercise among `exercises` is counted, as the catalogue says.
    static func counts(of exercises: [PerformedExercise], cache: LocalCache) throws -> [UUID: CountMode] {
        var counts: [UUID: CountMode] = [:]
        for id in exercises.compactMap(\.exercise) { counts[id] = try TrainService.count(of: id, cache: cache) }
        return counts
    }

    /// The session whose id (or short id) is `text`.
    static func resolve(_ cache: LocalCache, _ text: String) throws -> Stored<TrainingSession> {
        try NameResolver(cache: cache).resolve(TrainingSession.self, id: text)
    }

    /// The client a session is of: the one a coach names, or the logged-in client, who may name only themselves. A
    /// removed client is found for reading only (`use`); recording for them is refused.
    /// - Throws: ``ClientError`` `.usage` when a coach names nobody or a removed client to write for, or a client
    ///   names someone else.
    static func owner(
        _ name: String?, cache: LocalCache, context: DeviceContext,
        use: ClientUse = .writing(.logSessions)
    ) throws -> (id: UUID, name: String) {
        let profile = try context.session().profile
        guard !profile.role.keepsClients else {
            guard let name else { throw ClientError(.usage, TrainingPhrases.nameTheClient.t()) }
            let client = try ClientDirectory(cache: cache).client(name, for: use)
            return (client.id, ClientDirectory.displayName(client))
        }
        if let name, (try? ClientDirectory(cache: cache).client(name, for: .reading))?.id != profile.id {
            throw ClientError(.usage, TrainingPhrases.clientOwnSessionsOnly.t())
        }
        let own = try cache.one(Client.self, profile.id).map(ClientDirectory.displayName)
        return (profile.id, own ?? "\(profile.name) \(profile.surname)")
    }

    /// The logged-in client's own entry (their `client` row), for a client who trains themselves; `name`, when
    /// given, must name them.
    /// - Throws: ``ClientError`` `.usage` when `name` is someone else, `.notFound` before the first sync.
    static func ownEntry(
        named name: String?, cache: LocalCache, context: DeviceContext
    ) throws -> Stored<Client> {
        let profile = try context.session().profile
        _ = try owner(name, cache: cache, context: context)
        guard let own = try cache.one(Client.self, profile.id), !own.deleted else {
            throw ClientError(.notFound, TrainingPhrases.noProfileYet.t())
        }
        return own
    }

    /// The exercises of `--set "EXERCISE: SET, SET"` arguments, not yet linked to the catalogue.
    /// - Throws: ``ClientError`` `.usage` naming the set that does not read.
    static func parseSets(_ texts: [String]) throws -> [PerformedExercise] {
        try texts.map { text in
            do {
                let (name, sets) = try SetParser.parse(text)
                return PerformedExercise(name: name, sets: sets)
            } catch {
                throw ClientError(.usage, "--set: \(error)")
            }
        }
    }

    /// Sessions starting on the days `from` through `to` (local, YYYY-MM-DD), of one client if given, newest first.
    static func sessions(
        _ cache: LocalCache, from: String?, to: String?, client: UUID?
    ) throws -> [Stored<TrainingSession>] {
        var sessions = try cache.all(TrainingSession.self)
        if let from {
            guard let date = EventFormatting.parseDay(from) else {
                throw ClientError(.usage, TrainingPhrases.dayFormat.t(["option": "--from"]))
            }
            sessions = sessions.filter { $0.start >= date }
        }
        if let to {
            guard let date = EventFormatting.parseDay(to) else {
                throw ClientError(.usage, TrainingPhrases.dayFormat.t(["option": "--to"]))
            }
            sessions = sessions.filter { $0.start < date.addingTimeInterval(86_400) }
        }
        if let client {
            sessions = sessions.filter { $0.client == client }
        }
        return sessions.sorted { $0.start > $1.start }
    }

    /// The name of the training `training` (a session's), if this device knows it (deleted ones too).
    static func trainingName(_ cache: LocalCache, training: UUID?) throws -> String? {
        try training.flatMap { try cache.one(Training.self, $0) }?.name
    }
}

/// `--from-file` of `sessions log`: `[{"name": ..., "sets": [...]}]` or `{"date", "notes", "exercises"}`.
enum SessionFile {
    static func read(_ path: String) throws -> (exercises: [PerformedExercise], notes: String?, date: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClientError(.local, TrainingPhrases.fileUnreadable.t(["path": path]))
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
            throw ClientError(
                .usage, TrainingPhrases.fileNotJSON.t(["path": path, "detail": context.debugDescription]))
        } catch let DecodingError.keyNotFound(key, context) {
            throw ClientError(
                .usage,
                TrainingPhrases.fileMissingKey.t([
                    "path": path, "key": key.stringValue, "where": Self.codingPath(context.codingPath),
                ]))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ClientError(
                .usage,
                TrainingPhrases.fileWrongValue.t([
                    "path": path, "where": Self.codingPath(context.codingPath), "detail": context.debugDescription,
                ]))
        }
    }

    static func codingPath(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
