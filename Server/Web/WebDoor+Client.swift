import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird

/// A client's pages beyond home: their sessions with the sets and the coach's comments, their statistics with the
/// charts, their measurements (and adding one), their profile and language. Every page reads through
/// ``ServerStore/visible(_:for:client:id:matching:now:)`` and writes through the store's push, as a device does; the same pages
/// serve a coach reading one of her clients (``WebDoor/clientPage(_:context:)``).
extension WebDoor {
    /// How many sessions a list shows at most, newest first.
    static let sessionsShown = 60

    /// `GET /sessions`: the reader's own sessions (a client's), newest first.
    func sessionsPage(_ request: Request) async throws -> Response {
        let session = try await reader(request, as: .client)
        return WebPages.sessions(
            session: session, sessions: try await sessionList(of: session.user.id, for: session.user))
    }

    /// `GET /sessions/ID`: one session the reader may read, with its sets and the comments on it; 404 otherwise.
    func sessionPage(_ request: Request, context web: WebRequestContext) async throws -> Response {
        let session = try await reader(request)
        guard let id = web.parameters.get("id").flatMap(UUID.init(uuidString:)),
            let found = try await context.store.visible(TrainingSession.self, for: session.user, id: id, now: now).first
        else { return WebPages.notFound(language: session.user.language, session: session) }
        let comments = try await context.store.visible(
            Message.self, for: session.user, client: found.value.client, now: now
        ).map(\.value).filter { $0.session == id }.sorted { $0.sent < $1.sent }
        let names = try await context.store.clientNames([found.value.client], for: session.user)
        return WebPages.session(
            session: session, training: found, comments: comments,
            names: try await people(of: session.user, besides: names))
    }

    /// `GET /statistics`: the reader's own charts (a client's).
    func statisticsPage(_ request: Request) async throws -> Response {
        let session = try await reader(request, as: .client)
        let figures = try await statistics(of: session.user.id, for: session.user)
        return WebPages.statistics(session: session, figures: figures)
    }

    /// `GET /measurements`: the reader's measurements and the form that adds one (a client's).
    func measurementsPage(_ request: Request) async throws -> Response {
        let session = try await reader(request, as: .client)
        return try await measurements(session)
    }

    /// `POST /measurements`: a new measurement of the reader's own, pushed as a device pushes it; what the rules refuse
    /// is said above the form.
    func addMeasurement(_ request: Request, context web: WebRequestContext) async throws -> Response {
        guard let (form, session) = try await posted(request, context: web) else {
            return WebPages.forbidden(language: WebLanguage.preferred(request))
        }
        let language = session.user.language
        guard session.user.role == .client else { return WebPages.notFound(language: language, session: session) }
        var values: [GorillaShared.Measurement.Measure: Double] = [:]
        for measure in WebPages.measuresAsked {
            guard let text = form[measure.rawValue]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                continue
            }
            guard let value = Language.parseNumber(text), value.isFinite else {
                let field = WebPages.measureLabel(measure).text(in: language)
                return try await measurements(
                    session, problem: WebPagePhrases.measureInvalid.text(in: language, ["field": field]))
            }
            values[measure] = value
        }
        guard !values.isEmpty else {
            return try await measurements(session, problem: WebPagePhrases.measureNeeded.text(in: language))
        }
        let typed = form["date"].flatMap { $0.isEmpty ? nil : $0 }
        guard let day = typed.map(CalendarDate.init) ?? CalendarDate(now, in: TimeZone(identifier: "UTC")!) else {
            return try await measurements(session, problem: WebPagePhrases.dateInvalid.text(in: language))
        }
        let note = form["note"].flatMap { $0.isEmpty ? nil : $0 }
        let measurement = Measurement(client: session.user.id, date: day, values: values, note: note)
        let mutation = Mutation(
            id: UUID(), kind: EntityKind.measurement.rawValue, entity: UUID(), action: .create,
            fields: measurement.document)
        if let refusal = try await push(mutation, as: session) {
            return try await measurements(session, problem: refusal)
        }
        return WebPages.redirect(to: "/measurements")
    }

    /// `GET /profile`: the account, its language and its calendar feed.
    func profilePage(_ request: Request) async throws -> Response {
        let session = try await reader(request)
        return try await profile(session)
    }

    /// `POST /profile` (with `language`): the account's language, changed as `profile.update` changes it.
    func updateProfile(_ request: Request, context web: WebRequestContext) async throws -> Response {
        guard let (form, session) = try await posted(request, context: web) else {
            return WebPages.forbidden(language: WebLanguage.preferred(request))
        }
        guard let language = form["language"].flatMap(Language.init(rawValue:)) else {
            return try await profile(session, saved: false, status: .badRequest)
        }
        let user = try await context.store.updateProfile(userID: session.user.id, ProfileUpdateBody(language: language))
        return try await profile(WebSession(user: user, secret: session.secret), saved: true)
    }

    /// `POST /appointments/request` (with `start`, `minutes`, `zone`): a client asks their coach for a time, as
    /// `gorilla events request` does; the coach accepts it on her device.
    func requestTime(_ request: Request, context web: WebRequestContext) async throws -> Response {
        guard let (form, session) = try await posted(request, context: web) else {
            return WebPages.forbidden(language: WebLanguage.preferred(request))
        }
        let language = session.user.language
        guard Access.may(.create, .event, as: session.user.role, relation: .own) else {
            return WebPages.notFound(language: language, session: session)
        }
        let zoneName = form["zone"].flatMap { $0.isEmpty ? nil : $0 } ?? "UTC"
        let minutesText = form["minutes"].flatMap { $0.isEmpty ? nil : $0 }
        let minutes = minutesText.map { Int($0) } ?? Event.defaultDuration
        guard let zone = TimeZone(identifier: zoneName), let minutes,
            let start = form["start"].flatMap({ Self.localTime($0, in: zone) }), start > now
        else {
            return try await homePage(
                session, problem: WebPagePhrases.requestInvalid.text(in: language),
                status: .badRequest)
        }
        let event = Event(
            client: session.user.id, start: start, zone: zone.identifier, duration: minutes, status: .requested)
        let mutation = Mutation(
            id: UUID(), kind: EntityKind.event.rawValue, entity: UUID(), action: .create, fields: event.document)
        if let refusal = try await push(mutation, as: session) {
            return try await homePage(session, problem: refusal, status: .badRequest)
        }
        return WebPages.redirect(to: "/home")
    }

    /// Pushes `mutation` as the session's account (versions move; devices receive it by their pull and live pushes);
    /// the refusal in the reader's language, or nil when it was taken.
    func push(_ mutation: Mutation, as session: WebSession) async throws -> String? {
        let language = session.user.language
        let result = try await context.store.push(
            [PushedMutation(mutation)], principal: session.user, language: language,
            configuration: context.configuration
        ).results.first
        guard let result, result.status != .rejected else {
            return result?.error?.message ?? WebPhrases.failureText.text(in: language)
        }
        await context.feed.catchUp()
        return nil
    }

    /// A client's sessions as a list shows them (by their marks, not their sets), newest first.
    func sessionList(of client: UUID, for reader: UserRecord) async throws -> [(id: UUID, start: Date)] {
        let marks = try await context.store.visible(
            SessionMark.self, for: reader, client: client, now: now)
        return Self.shown(marks.map { (id: $0.id, start: $0.value.start) })
    }

    /// The sessions a list shows: the newest ``sessionsShown``, newest first.
    static func shown(_ sessions: [(id: UUID, start: Date)]) -> [(id: UUID, start: Date)] {
        Array(sessions.sorted { $0.start > $1.start }.prefix(sessionsShown))
    }

    /// A client's figures as the statistics show them, read as `reader` reads them.
    func statistics(of client: UUID, for reader: UserRecord) async throws -> WebStatistics {
        try await record(of: client, for: reader).figures
    }

    /// What `reader` reads of a client for their page: the client (nil when `reader` reads no such client), their
    /// figures, their latest sessions and their measurements, newest first, each read once.
    func record(
        of client: UUID, for reader: UserRecord
    ) async throws -> (
        client: Client?, figures: WebStatistics, sessions: [(id: UUID, start: Date)],
        measurements: [GorillaShared.Measurement]
    ) {
        let record = try await context.store.visible(Client.self, for: reader, id: client, now: now).first?.value
        let sessions = try await context.store.visible(TrainingSession.self, for: reader, client: client, now: now)
        let events = try await context.store.visible(Event.self, for: reader, client: client, now: now)
        let measurements = try await context.store.visible(Measurement.self, for: reader, client: client, now: now)
            .map(\.value)
        let figures = WebStatistics(
            sessions: sessions.map(\.value), appointments: events.map { ($0.id, $0.value) }, client: record,
            measurements: measurements, zone: Self.statisticsZone(of: events.map(\.value), now: now), now: now)
        return (
            record, figures, Self.shown(sessions.map { (id: $0.id, start: $0.value.start) }),
            measurements.sorted { $0.date > $1.date }
        )
    }

    /// The names a page writes beside ids: the reader's, their correspondents', and `names` already read.
    func people(of user: UserRecord, besides names: [UUID: String]) async throws -> [UUID: String] {
        var people = names
        people[user.id] = user.name
        for person in try await context.store.correspondents(of: user, now: now) { people[person.id] = person.name }
        return people
    }

    /// The zone the client's appointments are kept in (their latest one's), UTC when they have none: the days and weeks
    /// of their pages are counted in it.
    static func zone(of events: [Event]) -> TimeZone {
        events.max { $0.start < $1.start }.flatMap { TimeZone(identifier: $0.zone) } ?? TimeZone(identifier: "UTC")!
    }

    /// The zone a client's statistics count days and weeks in: their latest appointment's up to this week's end (an
    /// appointment planned further ahead, somewhere else, does not move the weeks already counted).
    static func statisticsZone(of events: [Event], now: Date) -> TimeZone {
        let end = weekAhead(now)
        return zone(of: events.filter { $0.start < end })
    }

    /// A week and a day after `now`: the end of this week in every zone, where a client's statistics stop.
    static func weekAhead(_ now: Date) -> Date { now.addingTimeInterval(8 * 86_400) }

    /// `2026-12-03T18:30` (a `datetime-local` field) in `zone`.
    static func localTime(_ text: String, in zone: TimeZone) -> Date? {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2, let day = CalendarDate(String(parts[0])) else { return nil }
        let fields = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        let clock = fields.compactMap { Int($0) }
        guard clock.count == fields.count, clock.count == 2 || clock.count == 3, clock.allSatisfy({ $0 >= 0 }),
            clock[0] < 24, clock[1] < 60, clock.count == 2 || clock[2] < 60
        else { return nil }
        return Calendars.gregorian(in: zone).date(
            bySettingHour: clock[0], minute: clock[1], second: 0, of: day.start(in: zone))
    }

    private func measurements(_ session: WebSession, problem: String? = nil) async throws -> Response {
        let rows = try await context.store.visible(
            Measurement.self, for: session.user, client: session.user.id, now: now
        ).map(\.value).sorted { $0.date > $1.date }
        return WebPages.measurements(
            session: session, measurements: rows, today: CalendarDate(now, in: TimeZone(identifier: "UTC")!),
            problem: problem, status: problem == nil ? .ok : .badRequest)
    }

    private func profile(
        _ session: WebSession, saved: Bool = false, status: HTTPResponse.Status = .ok
    ) async throws
        -> Response
    {
        let feed = try await context.webAddress.url.asyncMap { web in
            web + (try await context.store.feedPath(userID: session.user.id, reset: false))
        }
        return WebPages.profile(session: session, feed: feed, saved: saved, status: status)
    }
}

/// What a client's statistics are made of: their sessions, appointments and measurements, counted by the shared rules
/// (``GorillaShared/ComplianceRule`` for the weeks and compliance, ``GorillaShared/Strength`` for the estimated
/// maximum).
struct WebStatistics: Sendable {
    /// Compliance: the last twelve weeks' tally from the later of the client's joining and their plan's start.
    let tally: ComplianceRule.Tally
    /// The sessions of each of the last twelve weeks, whenever the client joined.
    let weeks: [ComplianceRule.Week]
    /// The exercises trained in the most sessions (at most three), each with its best estimated maximum per session,
    /// in kg, oldest first.
    let progress: [(exercise: String, points: [(date: Date, value: Double)])]
    /// Body weight over time, oldest first.
    let weights: [(date: Date, value: Double)]
    /// The newest session's start.
    let lastSession: Date?
    let zone: TimeZone

    init(
        sessions: [TrainingSession], appointments: [(id: UUID, event: Event)], client: Client?,
        measurements: [GorillaShared.Measurement], zone: TimeZone, now: Date
    ) {
        tally = Self.tally(
            sessions: sessions.map { ($0.start, $0.event) }, appointments: appointments, client: client, zone: zone,
            now: now)
        weeks =
            ComplianceRule(now: now, timeZone: zone).tally(
                target: nil, sessions: sessions.map(\.start), appointments: []
            )
            .weeks
        var byExercise: [String: (name: String, points: [(date: Date, value: Double)])] = [:]
        for session in sessions.sorted(by: { $0.start < $1.start }) {
            for exercise in session.exercises {
                guard let best = Strength.bestE1RM(of: exercise.sets, in: .kg) else { continue }
                let key = exercise.exercise?.key ?? "name:" + NameMatch.fold(exercise.name)
                byExercise[key, default: (exercise.name, [])].points.append((session.start, best))
            }
        }
        progress = byExercise.values.filter { $0.points.count >= 2 }
            .sorted { ($0.points.count, $1.name) > ($1.points.count, $0.name) }.prefix(3)
            .map { ($0.name, $0.points) }
        weights = measurements.compactMap { measurement in
            measurement.weight.map { (measurement.date.start(in: zone), $0) }
        }.sorted { $0.date < $1.date }
        lastSession = sessions.map(\.start).max()
        self.zone = zone
    }

    /// The last twelve weeks of a client's sessions (each by its start and the appointment it fulfils) against their
    /// appointments and their plan (``GorillaShared/ComplianceRule``).
    static func tally(
        sessions: [(start: Date, event: UUID?)], appointments: [(id: UUID, event: Event)], client: Client?,
        zone: TimeZone, now: Date
    ) -> ComplianceRule.Tally {
        let fulfilled = Set(sessions.compactMap(\.event))
        return ComplianceRule(now: now, timeZone: zone).tally(
            target: client?.perWeek, sessions: sessions.map(\.start),
            appointments: appointments.map {
                ($0.event.start, $0.event.state(fulfilled: fulfilled.contains($0.id), now: now))
            },
            since: client?.complianceStart(in: zone))
    }
}

/// What a list reads of a session: whose it is, when it started, the appointment it fulfils (not its sets).
struct SessionMark: StoredPart {
    static let kind = EntityKind.session
    private typealias Key = TrainingSession.CodingKeys
    static let fields = [Key.client, .start, .event].map(\.rawValue)
    let client: UUID
    let start: Date
    let event: UUID?

    init?(_ fields: [String: String]) {
        guard let client = fields[Key.client.rawValue].flatMap(UUID.init(member:)),
            let start = fields[Key.start.rawValue].flatMap(ISOTime.parse)
        else { return nil }
        self.client = client
        self.start = start
        event = fields[Key.event.rawValue].flatMap(UUID.init(member:))
    }
}

/// What the clients page reads of a message: who wrote it to whom.
struct MessageMark: StoredPart {
    static let kind = EntityKind.message
    private typealias Key = Message.CodingKeys
    static let fields = [Key.from, .to].map(\.rawValue)
    let from: UUID
    let to: UUID

    init?(_ fields: [String: String]) {
        guard let from = fields[Key.from.rawValue].flatMap(UUID.init(member:)),
            let to = fields[Key.to.rawValue].flatMap(UUID.init(member:))
        else { return nil }
        self.from = from
        self.to = to
    }
}

/// A client's planned workout today, for the home page: the program's training with each exercise's target, computed
/// by the shared engine (``GorillaShared/ProgramSchedule``, ``GorillaShared/ProgramTargets``) as `gorilla today` does.
struct WebToday: Sendable {
    let program: String
    /// The day's training and the week; nil on a rest day.
    let training: String?
    let week: Int
    let exercises: [(name: String, target: String)]
}

extension WebDoor {
    /// `user`'s workout today (in `zone`), nil when they follow no program that runs today.
    func today(for user: UserRecord, zone: TimeZone) async throws -> WebToday? {
        let store = context.store
        let date = CalendarDate(now, in: zone)
        let assignments = try await store.visible(Assignment.self, for: user, client: user.id, now: now)
        let programs = try await store.visible(Program.self, for: user, now: now)
        let followed = assignments.compactMap { assignment in
            programs.first { $0.id == assignment.value.program }.map {
                (assignment: assignment.value, program: $0.value)
            }
        }
        guard let chosen = ProgramSchedule.followed(on: date, followed, start: { $0.assignment.start }),
            case .running(let week, _) = ProgramSchedule.standing(on: date, chosen.program, chosen.assignment)
        else { return nil }
        guard let planned = ProgramSchedule.planned(on: date, chosen.program, chosen.assignment),
            let training = try await store.visible(Training.self, for: user, id: planned.training, now: now).first
        else { return WebToday(program: chosen.program.name, training: nil, week: week, exercises: []) }
        let history = try await store.visible(TrainingSession.self, for: user, client: user.id, now: now).map {
            ProgramTargets.Lifted(date: CalendarDate($0.value.start, in: zone), exercises: $0.value.exercises)
        }
        let exercises = try await store.visible(Exercise.self, for: user, now: now)
        let names = Dictionary(exercises.map { ($0.id, $0.value.name) }, uniquingKeysWith: { first, _ in first })
        let targets = ProgramTargets.targets(
            planned, training: training.value, program: chosen.program, assignment: chosen.assignment,
            history: history)
        return WebToday(
            program: chosen.program.name, training: training.value.name, week: week,
            exercises: targets.map { (names[$0.exercise] ?? "?", $0.target.notation) })
    }
}
