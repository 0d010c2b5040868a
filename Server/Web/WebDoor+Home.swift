import Foundation
import GorillaShared
import Hummingbird

/// The signed-in person's home page: their next appointments, and a client's answers to them.
extension WebDoor {
    /// How far ahead the home page looks, and how many appointments it lists at most.
    static let homeDays = 60
    static let homeLimit = 20

    /// `GET /home`: the sign-in page's redirect for a browser that is not signed in.
    func home(_ request: Request) async throws -> Response {
        let session = try await reader(request)
        return try await homePage(session)
    }

    /// The home page of `session`, with `problem` above the list when an answer was refused.
    func homePage(
        _ session: WebSession, problem: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws
        -> Response
    {
        let appointments = try await upcoming(session.user).prefix(Self.homeLimit)
        var request: WebPages.RequestForm?
        var today: WebToday?
        if session.user.role == .client {
            let zone = Self.zone(
                of: try await context.store.visible(Event.self, for: session.user, client: session.user.id, now: now)
                    .map(\.value))
            today = try await self.today(for: session.user, zone: zone)
            if Access.may(.create, .event, as: session.user.role, relation: .own) {
                request = WebPages.RequestForm(zone: zone, now: now)
            }
        }
        return WebPages.home(
            session: session, appointments: Array(appointments), mayAnswer: Self.mayAnswer(session.user),
            today: today, request: request, now: now, problem: problem, status: status)
    }

    /// `POST /appointments/ID/confirm` and `…/decline` (with `reason`): the client's answer, written as a pushed
    /// mutation is (versions move, devices receive it by their pull and live pushes). An id that is not one of the
    /// reader's appointments ahead answers 404, whoever's it is.
    func answer(_ request: Request, context web: WebRequestContext) async throws -> Response {
        guard let (form, session) = try await posted(request, context: web) else {
            return WebPages.forbidden(language: WebLanguage.preferred(request))
        }
        let language = session.user.language
        let verb = web.parameters.get("answer")
        guard let answer: EventAnswer = verb == "confirm" ? .confirmed : verb == "decline" ? .declined : nil,
            let id = web.parameters.get("id").flatMap(UUID.init(uuidString:)), Self.mayAnswer(session.user),
            let appointment = try await upcoming(session.user).first(where: { $0.id == id })
        else { return WebPages.notFound(language: language, session: session) }
        let reason = answer == .declined ? form["reason"].flatMap { $0.isEmpty ? nil : $0 } : nil
        let result = try await context.store.push(
            [PushedMutation(Self.mutation(appointment, answer: answer, reason: reason))], principal: session.user,
            language: language, configuration: context.configuration
        ).results.first
        guard let result, result.status != .rejected else {
            return try await homePage(
                session, problem: result?.error?.message ?? WebPhrases.failureText.text(in: language),
                status: .badRequest)
        }
        await context.feed.catchUp()
        return WebPages.redirect(to: "/home")
    }

    /// The reader's appointments from now on, for ``homeDays``.
    func upcoming(_ user: UserRecord) async throws -> [AgendaAppointment] {
        let now = self.now
        return try await context.store.agenda(
            for: user, from: now, to: now.addingTimeInterval(Double(Self.homeDays) * 86_400), now: now
        ).filter { $0.event.end > now }
    }

    /// Whether `user` answers appointments: the access table's answer for their own (clients).
    static func mayAnswer(_ user: UserRecord) -> Bool {
        Access.may(.update, .event, as: user.role, relation: .own, fields: Event.clientAnswerFields)
    }

    /// The mutation a device would push for the answer: an update of the appointment's row, or for an occurrence of a
    /// series without its exception yet, the exception's creation (as `gorilla events confirm --occurrence` does).
    static func mutation(_ appointment: AgendaAppointment, answer: EventAnswer, reason: String?) -> Mutation {
        let note: JSONValue = reason.map(JSONValue.string) ?? .null
        guard appointment.version == nil, let series = appointment.event.series,
            let day = appointment.event.occurrence
        else {
            return Mutation(
                id: UUID(), kind: EntityKind.event.rawValue, entity: appointment.id, action: .update,
                fields: ["answer": .string(answer.rawValue), "answerNote": note], base: appointment.version)
        }
        var exception = Event.Exception(series: series, occurrence: day, client: appointment.event.client)
        exception.answer = answer
        exception.answerNote = reason
        return Mutation(
            id: UUID(), kind: EntityKind.event.rawValue, entity: appointment.id, action: .create,
            fields: exception.document)
    }
}
