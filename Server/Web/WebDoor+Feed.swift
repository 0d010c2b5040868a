import Crypto
import Foundation
import GorillaShared
import GorillaTransport
import Hummingbird

/// The calendar feed phones subscribe to (`gorilla feed` prints its address): the reader's appointments as the CLI's
/// export writes them, titled from their side, answered without a sign-in to whoever holds the secret address, as
/// CalConnect's guide for published calendars asks (an `ETag` answered 304 when unchanged, `Cache-Control`, and
/// `REFRESH-INTERVAL` in the calendar).
extension WebDoor {
    /// How often calendar apps are asked to poll, in minutes (also the answer's `max-age`).
    static let feedRefreshMinutes = 15
    /// How far back and ahead the feed reaches, in days.
    static let feedDaysBack = 60
    static let feedDaysAhead = 365

    /// `GET /cal/ACCOUNT/MAC.ics`: the feed; 404, in the reader's language, for any address that is not an account's
    /// current one.
    func calendarFeed(_ request: Request, context web: WebRequestContext) async throws -> Response {
        let language = WebLanguage.preferred(request)
        guard let account = web.parameters.get("account").flatMap(UUID.init(uuidString:)),
            let file = web.parameters.get("file"), file.hasSuffix(".ics"),
            let user = try await context.store.feedOwner(userID: account, mac: String(file.dropLast(4)))
        else { return WebPages.notFound(language: language) }
        let text = try await feedText(for: user)
        let tag = "\"\(Fingerprint.hex(SHA256.hash(data: Array(text.utf8))).prefix(32))\""
        var headers: HTTPFields = [
            .contentType: "text/calendar; charset=utf-8", .eTag: tag,
            .cacheControl: "private, max-age=\(Self.feedRefreshMinutes * 60)",
        ]
        if let asked = request.headers[.ifNoneMatch],
            asked.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentDisposition] = "inline; filename=\"gorillacoach.ics\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `user`'s appointments from ``feedDaysBack`` days ago to ``feedDaysAhead`` ahead, each occurrence of a series as
    /// an event of its own, titled in their language from their side (a coach reads the client's name, a client their
    /// coach's), with their reminder.
    func feedText(for user: UserRecord) async throws -> String {
        let now = self.now
        // The window and the stamps move once a day, so that an unchanged calendar keeps its ETag all day.
        let day = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        let language = user.language
        let appointments = try await context.store.agenda(
            for: user, from: day.addingTimeInterval(-Double(Self.feedDaysBack) * 86_400),
            to: day.addingTimeInterval(Double(Self.feedDaysAhead) * 86_400), now: now)
        let title: (Event) -> String
        if user.role == .coach {
            let names = try await context.store.clientNames(Set(appointments.map(\.event.client)), for: user)
            title = { event in
                CalendarPhrases.icsTraining.text(
                    in: language, ["client": names[event.client] ?? CalendarPhrases.icsClient.text(in: language)])
            }
        } else {
            let coach = try await user.coachID.asyncMap { try await context.store.user(id: $0) }
            let line =
                coach.map { CalendarPhrases.icsTrainingWith.text(in: language, ["coach": "\($0.name) \($0.surname)"]) }
                ?? CalendarPhrases.icsTrainingWithYourCoach.text(in: language)
            title = { _ in line }
        }
        let reminder = user.reminder ?? Profile.defaultReminder
        let events = appointments.map { appointment in
            let event = appointment.event
            let state = event.state(fulfilled: false, now: now)
            return ICalendar.Event(
                id: appointment.id, start: event.start, minutes: event.duration, summary: title(event),
                location: event.gym, description: event.note, status: ICalendar.Status(state),
                participation: ICalendar.Participation(event.answer, requested: state == .requested),
                reminder: reminder)
        }
        let planned = user.role == .client ? try await plannedWorkouts(of: user, from: day, language: language) : []
        return ICalendar.render(
            events + planned, now: day,
            feed: ICalendar.Feed(name: WebPhrases.feedName.text(in: language), refreshMinutes: Self.feedRefreshMinutes))
    }
}

extension WebDoor {
    /// How far ahead a client's feed lists the workouts their programs plan.
    static let plannedDaysAhead = 90

    /// A client's planned workouts from `day` for ``plannedDaysAhead`` days: each a whole day named by its training
    /// and program (``GorillaShared/ProgramSchedule``), with an id of its own that stays the same from one read to the
    /// next (derived from the assignment and the day).
    func plannedWorkouts(of user: UserRecord, from day: Date, language: Language) async throws -> [ICalendar.Event] {
        let utc = TimeZone(identifier: "UTC")!
        let first = CalendarDate(day, in: utc)
        let last = first.adding(days: Self.plannedDaysAhead)
        let assignments = try await context.store.visible(Assignment.self, for: user, client: user.id, now: now)
        guard !assignments.isEmpty else { return [] }
        let programs = try await context.store.visible(Program.self, for: user, now: now)
        let trainings = try await context.store.visible(Training.self, for: user, now: now)
        let names = Dictionary(trainings.map { ($0.id, $0.value.name) }, uniquingKeysWith: { first, _ in first })
        return assignments.flatMap { assignment -> [ICalendar.Event] in
            guard let program = programs.first(where: { $0.id == assignment.value.program })?.value else { return [] }
            return ProgramSchedule.planned(from: first, to: last, program, assignment.value).map { planned in
                ICalendar.Event(
                    id: Event.exceptionID(series: assignment.id, occurrence: planned.date), start: day, minutes: 0,
                    summary: WebPagePhrases.todayTraining.text(
                        in: language,
                        ["training": names[planned.training] ?? "?", "program": program.name, "week": planned.week]),
                    status: .confirmed, day: planned.date)
            }
        }
    }
}

extension Optional {
    /// The wrapped value mapped by the asynchronous `transform`, or nil.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
