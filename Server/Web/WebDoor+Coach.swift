import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird

/// A coach's pages, read-mostly (training stays in the CLI): the week's calendar, her clients with their last session,
/// compliance and unread messages, a client's page, the registration links; and a gym owner's overview. Every page
/// reads through the access table's scoping (``ServerStore/visible(_:for:client:id:matching:now:)``, the agenda, the gym
/// overview), so a page of another tenant's client is a 404 like any address that does not exist.
extension WebDoor {
    /// `GET /calendar?week=YYYY-MM-DD`: the week (Monday to Sunday) holding that day, this week by default.
    func calendarPage(_ request: Request) async throws -> Response {
        let session = try await reader(request, as: .coach)
        // The week's days are counted in the zone of its appointments: read with a day's room either side in UTC.
        let asked = request.uri.queryParameters.get("week").flatMap(CalendarDate.init)
        let utc = ComplianceRule(now: now, timeZone: TimeZone(identifier: "UTC")!)
        let around =
            utc.calendar.dateInterval(of: .weekOfYear, for: asked?.start(in: utc.calendar.timeZone) ?? now)?
            .start ?? now
        let nearby = try await context.store.agenda(
            for: session.user, from: around.addingTimeInterval(-86_400), to: around.addingTimeInterval(8 * 86_400),
            now: now)
        let zone = Self.zone(of: nearby.map(\.event))
        let rule = ComplianceRule(now: now, timeZone: zone)
        let day = asked?.start(in: zone) ?? now
        let monday = rule.calendar.dateInterval(of: .weekOfYear, for: day)?.start ?? day
        let end = rule.calendar.date(byAdding: .day, value: 7, to: monday) ?? monday.addingTimeInterval(7 * 86_400)
        let appointments = nearby.filter { $0.event.start >= monday && $0.event.start < end }
        let names = try await context.store.clientNames(Set(appointments.map(\.event.client)), for: session.user)
        return WebPages.week(
            session: session, monday: monday, appointments: appointments, names: names, calendar: rule.calendar,
            now: now)
    }

    /// `GET /clients`: the coach's clients (and those shared with her), each with their last session, compliance over
    /// twelve weeks and the messages from them she has not read.
    func clientsPage(_ request: Request) async throws -> Response {
        let session = try await reader(request, as: .coach)
        let store = context.store, user = session.user, now = self.now
        // The sessions of the twelve weeks compliance counts (a day early, for the clients' zones) by their marks, and
        // of the appointments those of the same weeks and the series; the unread messages addressed to her.
        let first =
            ComplianceRule(now: now, timeZone: TimeZone(identifier: "UTC")!).weekStarts(from: nil, to: nil)
            .first.map { ISOTime.format($0.addingTimeInterval(-86_400)) } ?? ""
        let weekAhead = ISOTime.format(Self.weekAhead(now))
        let everyone = try await store.visible(Client.self, for: user, now: now)
        let clients = everyone.filter { $0.value.status == .active }
        let invited = everyone.count { $0.value.status == .invited }
        let sessions = Dictionary(
            grouping: try await store.visible(
                SessionMark.self, for: user, matching: [.starts(from: first, to: weekAhead)], now: now
            )
            .map(\.value), by: \.client)
        // The last session of a client who trained in those weeks is among them; the others' is read by its start.
        var lastSessions = sessions.compactMapValues { $0.map(\.start).max() }
        let lapsed = clients.map(\.id).filter { lastSessions[$0] == nil }
        if !lapsed.isEmpty {
            lastSessions.merge(
                try await store.latestStarts(of: .session, for: user, among: lapsed, now: now)
            ) { $1 }
        }
        let events = Dictionary(
            grouping: try await store.visible(
                Event.self, for: user,
                matching: [
                    .either(
                        .starts(from: first, to: weekAhead), .present(Event.CodingKeys.recurrence.rawValue))
                ],
                now: now), by: \.value.client)
        let unread = Dictionary(
            grouping: try await store.visible(
                MessageMark.self, for: user,
                matching: [
                    .equals(Message.CodingKeys.to.rawValue, user.id.key), .missing(Message.CodingKeys.read.rawValue),
                ], now: now
            ).map(\.value), by: \.from
        ).mapValues(\.count)
        let rows = clients.map { client -> WebPages.ClientLine in
            let marks = sessions[client.id] ?? []
            let appointments = (events[client.id] ?? []).map { (id: $0.id, event: $0.value) }
            let tally = WebStatistics.tally(
                sessions: marks.map { ($0.start, $0.event) }, appointments: appointments, client: client.value,
                zone: Self.statisticsZone(of: appointments.map(\.event), now: now), now: now)
            return WebPages.ClientLine(
                id: client.id, name: client.value.fullName ?? client.id.key, lastSession: lastSessions[client.id],
                tally: tally, unread: unread[client.id] ?? 0)
        }.sorted { $0.name.localizedCompare($1.name) == .orderedAscending }
        return WebPages.clients(session: session, clients: rows, invited: invited)
    }

    /// `GET /clients/ID`: one client's page (statistics, sessions, measurements, a link to the conversation); 404 for
    /// anyone not the reader's client.
    func clientPage(_ request: Request, context web: WebRequestContext) async throws -> Response {
        let session = try await reader(request)
        guard session.user.role == .coach, let id = web.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            return WebPages.notFound(language: session.user.language, session: session)
        }
        let record = try await record(of: id, for: session.user)
        guard let client = record.client else {
            return WebPages.notFound(language: session.user.language, session: session)
        }
        return WebPages.client(
            session: session, id: id, client: client, figures: record.figures, sessions: record.sessions,
            measurements: record.measurements)
    }

    /// `GET /codes`: the coach's clients who have not registered yet, each with a button for a new link.
    func codesPage(_ request: Request) async throws -> Response {
        let session = try await reader(request, as: .coach)
        return try await codes(session)
    }

    /// `POST /codes/ID`: a new registration link for the invited client `ID`, as `gorilla clients code C --link`
    /// issues it; shown once.
    func issueCode(_ request: Request, context web: WebRequestContext) async throws -> Response {
        guard let (form, session) = try await posted(request, context: web) else {
            return WebPages.forbidden(language: WebLanguage.preferred(request))
        }
        guard Access.may(.update, .client, as: session.user.role),
            let id = web.parameters.get("id").flatMap(UUID.init(uuidString:)),
            let client = try await context.store.visible(Client.self, for: session.user, id: id, now: now).first,
            client.value.status == .invited
        else { return WebPages.notFound(language: session.user.language, session: session) }
        let (code, expires) = try await context.store.newRegistrationCode(
            coach: session.user, clientID: id, lifetime: context.configuration.registrationCodeLifetime, now: now)
        let link = (context.webAddress.url ?? "") + "/join/" + code
        return try await codes(
            session, issued: (name: client.value.fullName ?? id.key, link: link, expires: expires))
    }

    /// `GET /gym`: the gym's figures this month, for those the gym table lets read them (its owner and admins).
    func gymPage(_ request: Request) async throws -> Response {
        let session = try await reader(request)
        let user = session.user
        guard let gym = user.gym, Access.may(.gymOverview, as: user.role, standing: .member(gym.role)) else {
            return WebPages.notFound(language: user.language, session: session)
        }
        let zone = Self.zone(of: try await upcoming(user).map(\.event))
        let rule = ComplianceRule(now: now, timeZone: zone)
        let from = rule.calendar.date(byAdding: .weekOfYear, value: -3, to: now)
        let overview = try await context.store.gymOverview(
            user, GymOverviewBody(from: from, zone: zone.identifier), now: now)
        return WebPages.gym(session: session, overview: overview)
    }

    private func codes(
        _ session: WebSession, issued: (name: String, link: String, expires: Date)? = nil
    ) async throws
        -> Response
    {
        let invited = try await context.store.visible(Client.self, for: session.user, now: now)
            .filter { $0.value.status == .invited }
            .map { (id: $0.id, name: $0.value.fullName ?? $0.id.key, expires: $0.value.codeExpires) }
            .sorted { $0.name.localizedCompare($1.name) == .orderedAscending }
        return WebPages.codes(session: session, invited: invited, issued: issued)
    }
}
