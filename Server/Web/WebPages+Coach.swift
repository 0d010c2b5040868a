import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird

/// A coach's pages and a gym owner's: the week, the clients, one client, the registration links, the gym's overview.
extension WebPages {
    /// One line of the clients page.
    struct ClientLine: Sendable {
        let id: UUID
        let name: String
        let lastSession: Date?
        let tally: ComplianceRule.Tally
        let unread: Int
    }

    /// The week from `monday`, a day after another (a column each on a wide screen), each appointment with its time,
    /// client, length and state; links to the weeks either side.
    static func week(
        session: WebSession, monday: Date, appointments: [AgendaAppointment], names: [UUID: String],
        calendar: Calendar, now: Date
    ) -> Response {
        let language = session.user.language
        let zone = calendar.timeZone
        let title = WebPagePhrases.calendarTitle.text(
            in: language, ["date": day(monday, language: language, zone: zone)])
        func link(_ weeks: Int, _ phrase: WebPagePhrases) -> HTML {
            let date = calendar.date(byAdding: .weekOfYear, value: weeks, to: monday) ?? monday
            return .element(
                "a", ["href": "/calendar?week=\(CalendarDate(date, in: zone))"], [.text(phrase.text(in: language))])
        }
        let byDay = Dictionary(grouping: appointments) { CalendarDate($0.event.start, in: zone) }
        let days = (0..<7).map { calendar.date(byAdding: .day, value: $0, to: monday) ?? monday }
        let time = DateFormatter()
        time.locale = Locale(identifier: language.rawValue)
        time.timeZone = zone
        time.dateStyle = .none
        time.timeStyle = .short
        let sections = days.map { date -> HTML in
            let list = (byDay[CalendarDate(date, in: zone)] ?? []).sorted { $0.event.start < $1.event.start }
            var parts: [HTML] = [.element("h2", [:], [.text(day(date, language: language, zone: zone))])]
            if list.isEmpty {
                parts.append(
                    .element("p", ["class": "note"], [.text(WebPagePhrases.noAppointmentsDay.text(in: language))]))
            } else {
                parts.append(
                    .element(
                        "ul", ["class": "list"],
                        list.map { appointment in
                            let event = appointment.event
                            let name = names[event.client] ?? "—"
                            return .element(
                                "li", ["class": "state-\(event.state(fulfilled: false, now: now).rawValue)"],
                                [
                                    .element(
                                        "time", ["datetime": ISOTime.format(event.start)],
                                        [.text(time.string(from: event.start))]),
                                    .text(" "),
                                    .element("a", ["href": "/clients/\(event.client.key)"], [.text(name)]),
                                    .element("span", ["class": "note"], [.text(" · \(event.duration) min")]),
                                ])
                        }))
            }
            return .element("section", [:], parts)
        }
        let content: [HTML] = [
            .element("h1", [:], [.text(title)]),
            .element("p", ["class": "pager"], [link(-1, .previousWeek), link(1, .nextWeek)]),
            .element("div", ["class": "week"], sections),
        ]
        return page(title, language: language, session: session, wide: true, content)
    }

    /// The clients page: a row per client who joined; `invited` clients added who have not registered yet are
    /// counted, with a link to the page that sends them their link.
    static func clients(session: WebSession, clients: [ClientLine], invited: Int) -> Response {
        let language = session.user.language
        let title = WebPagePhrases.clientsTitle.text(in: language)
        var content: [HTML] = [.element("h1", [:], [.text(title)])]
        if invited > 0 {
            content.append(
                .element(
                    "p", [:],
                    [
                        .text(WebPagePhrases.invitedWaiting.text(in: language, ["count": invited]) + " "),
                        .element("a", ["href": "/codes"], [.text(WebPagePhrases.navCodes.text(in: language))]),
                    ]))
        }
        guard !clients.isEmpty else {
            if invited == 0 {
                content.append(.element("p", [:], [.text(WebPagePhrases.noClients.text(in: language))]))
            }
            return page(title, language: language, session: session, content)
        }
        let header = [WebPagePhrases.clientColumn, .lastSessionColumn, .complianceColumn, .unreadColumn].map {
            HTML.element("th", ["scope": "col"], [.text($0.text(in: language))])
        }
        let rows = clients.map { line in
            HTML.element(
                "tr", [:],
                [
                    .element("td", [:], [.element("a", ["href": "/clients/\(line.id.key)"], [.text(line.name)])]),
                    .element(
                        "td", [:],
                        [
                            .text(
                                line.lastSession.map { day($0, language: language) }
                                    ?? WebPagePhrases.never.text(in: language))
                        ]),
                    .element("td", ["class": "number"], [.text(rate(line.tally, language: language))]),
                    .element(
                        "td", ["class": "number"],
                        line.unread > 0
                            ? [.element("a", ["href": "/messages/\(line.id.key)"], [.text(String(line.unread))])]
                            : [.text("0")]),
                ])
        }
        content.append(
            .element(
                "div", ["class": "scroll"],
                [table(header, rows)]))
        return page(title, language: language, session: session, wide: true, content)
    }

    /// Compliance as a percentage: against the plan's sessions a week when the coach set one, else appointments kept.
    static func rate(_ tally: ComplianceRule.Tally, language: Language) -> String {
        guard let rate = tally.planRate ?? tally.appointmentRate else { return "—" }
        return WebPagePhrases.percent.text(in: language, ["value": Int((rate * 100).rounded())])
    }

    static func client(
        session: WebSession, id: UUID, client: Client, figures: WebStatistics, sessions: [(id: UUID, start: Date)],
        measurements: [GorillaShared.Measurement]
    ) -> Response {
        let language = session.user.language
        let name = client.fullName ?? id.key
        var content: [HTML] = [
            .element("h1", [:], [.text(name)]),
            .element(
                "p", [:],
                [
                    .element(
                        "a", ["href": "/messages/\(id.key)"],
                        [.text(WebPagePhrases.writeTo.text(in: language, ["name": name]))])
                ]),
        ]
        content += charts(figures, language: language)
        content.append(.element("h2", [:], [.text(WebPagePhrases.historyHeading.text(in: language))]))
        content.append(sessionList(sessions, language: language))
        content.append(.element("h2", [:], [.text(WebPagePhrases.measurementsTitle.text(in: language))]))
        content.append(measurementTable(measurements, language: language))
        return page(name, language: language, session: session, content)
    }

    /// The registration links page: each invited client with a button for a new link, and the link just issued.
    static func codes(
        session: WebSession, invited: [(id: UUID, name: String, expires: Date?)],
        issued: (name: String, link: String, expires: Date)?
    ) -> Response {
        let language = session.user.language
        let title = WebPagePhrases.codesTitle.text(in: language)
        var content: [HTML] = [
            .element("h1", [:], [.text(title)]),
            .element("p", ["class": "note"], [.text(WebPagePhrases.codesIntro.text(in: language))]),
        ]
        if let issued {
            content.append(
                .element(
                    "div", ["class": "answer", "role": "status"],
                    [
                        .element(
                            "p", [:],
                            [
                                .text(
                                    WebPagePhrases.linkIssued.text(
                                        in: language,
                                        ["name": issued.name, "expires": day(issued.expires, language: language)]))
                            ]),
                        .element("p", ["class": "secret"], [.element("code", [:], [.text(issued.link)])]),
                    ]))
        }
        if invited.isEmpty {
            content.append(.element("p", [:], [.text(WebPagePhrases.noInvited.text(in: language))]))
        } else {
            content.append(
                .element(
                    "ul", ["class": "list"],
                    invited.map { client in
                        .element(
                            "li", [:],
                            [
                                .text(client.name),
                                form(
                                    action: "/codes/\(client.id.key)", token: session.formToken,
                                    [
                                        .element(
                                            "button", ["type": "submit"],
                                            [.text(WebPagePhrases.newLink.text(in: language))])
                                    ]),
                            ])
                    }))
        }
        return page(title, language: language, session: session, content)
    }

    /// The gym's overview: each coach's figures and the gym's, over the weeks it counts.
    static func gym(session: WebSession, overview: GymOverview) -> Response {
        let language = session.user.language
        let title = WebPagePhrases.gymTitle.text(in: language, ["gym": overview.gym])
        let header = [
            WebPagePhrases.gymCoachColumn, .gymClientsColumn, .gymSessionsColumn, .gymAppointmentsColumn,
            .complianceColumn,
        ].map { HTML.element("th", ["scope": "col"], [.text($0.text(in: language))]) }
        func row(_ name: String, _ figures: GymFigures, total: Bool = false) -> HTML {
            let cell = total ? "th" : "td"
            let rate = (figures.planRate ?? figures.appointmentRate).map {
                WebPagePhrases.percent.text(in: language, ["value": Int(($0 * 100).rounded())])
            }
            return .element(
                "tr", [:],
                [
                    .element(cell, total ? ["scope": "row"] : [:], [.text(name)]),
                    .element("td", ["class": "number"], [.text(String(figures.activeClients))]),
                    .element("td", ["class": "number"], [.text(String(figures.sessions))]),
                    .element("td", ["class": "number"], [.text("\(figures.kept) / \(figures.appointments)")]),
                    .element("td", ["class": "number"], [.text(rate ?? "—")]),
                ])
        }
        let rows =
            overview.coaches.map { row("\($0.name) \($0.surname)", $0.figures) }
            + [row(WebPagePhrases.gymTotal.text(in: language), overview.totals, total: true)]
        let content: [HTML] = [
            .element("h1", [:], [.text(title)]),
            .element(
                "div", ["class": "scroll"],
                [table(header, rows)]),
        ]
        return page(title, language: language, session: session, wide: true, content)
    }
}
