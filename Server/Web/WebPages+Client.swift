import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird

/// A client's pages: sessions, one session, statistics, measurements, profile. A coach sees a client's sessions and
/// statistics in the same forms on the client's page.
extension WebPages {
    /// The measures the measurement form asks for, in its order.
    static let measuresAsked: [GorillaShared.Measurement.Measure] = [
        .weight, .bodyFat, .waist, .hips, .chest, .arm, .thigh,
    ]

    /// A measure's field label.
    static func measureLabel(_ measure: GorillaShared.Measurement.Measure) -> WebPagePhrases {
        switch measure {
        case .weight: .measureWeight
        case .bodyFat: .measureBodyFat
        case .waist: .measureWaist
        case .hips: .measureHips
        case .chest: .measureChest
        case .arm: .measureArm
        default: .measureThigh
        }
    }

    static func sessions(session: WebSession, sessions: [(id: UUID, start: Date)]) -> Response {
        let language = session.user.language
        let title = WebPagePhrases.sessionsTitle.text(in: language)
        return page(
            title, language: language, session: session,
            [.element("h1", [:], [.text(title)]), sessionList(sessions, language: language)])
    }

    /// The sessions as links, newest first, each by its day and time (UTC).
    static func sessionList(_ sessions: [(id: UUID, start: Date)], language: Language) -> HTML {
        guard !sessions.isEmpty else {
            return .element("p", [:], [.text(WebPagePhrases.noSessions.text(in: language))])
        }
        return .element(
            "ul", ["class": "list"],
            sessions.map { row in
                .element(
                    "li", [:],
                    [
                        .element("a", ["href": "/sessions/\(row.id.key)"], [.text(day(row.start, language: language))]),
                        .element(
                            "time", ["class": "note", "datetime": ISOTime.format(row.start)],
                            [.text(" · " + String(ISOTime.format(row.start).dropFirst(11).prefix(5)))]),
                    ])
            })
    }

    /// One session: each exercise with its sets in a table, the notes, and the comments on it.
    static func session(
        session: WebSession, training: Visible<TrainingSession>, comments: [Message], names: [UUID: String]
    ) -> Response {
        let language = session.user.language
        let value = training.value
        let title = WebPagePhrases.sessionTitle.text(in: language, ["date": day(value.start, language: language)])
        var content: [HTML] = [.element("h1", [:], [.text(title)])]
        if let notes = value.notes, !notes.isEmpty {
            content.append(
                .element("p", [:], [.text(WebPagePhrases.sessionNotes.text(in: language, ["notes": notes]))]))
        }
        for exercise in value.exercises {
            content.append(.element("h2", [:], [.text(exercise.name)]))
            let header = [WebPagePhrases.setColumn, .repsColumn, .weightColumn, .typeColumn].map {
                HTML.element("th", ["scope": "col"], [.text($0.text(in: language))])
            }
            let rows = exercise.sets.enumerated().map { index, set in
                HTML.element(
                    "tr", [:],
                    [
                        .element("td", [:], [.text(String(index + 1))]),
                        .element("td", [:], [.text(String(set.reps))]),
                        .element(
                            "td", [:],
                            [.text(set.weight > 0 ? language.number(set.weight) + " " + set.unit.rawValue : "—")]),
                        .element(
                            "td", [:],
                            [
                                .text(
                                    (set.type == .warmup ? WebPagePhrases.warmup : .working).text(in: language))
                            ]),
                    ])
            }
            content.append(
                table(header, rows))
        }
        content.append(.element("h2", [:], [.text(WebPagePhrases.commentsHeading.text(in: language))]))
        if comments.isEmpty {
            content.append(.element("p", [:], [.text(WebPagePhrases.noComments.text(in: language))]))
        } else {
            content.append(
                .element(
                    "ol", ["class": "messages"],
                    comments.map { comment in
                        .element(
                            "li", ["class": comment.from == session.user.id ? "mine" : "theirs"],
                            [
                                .element("p", ["class": "note"], [.text(names[comment.from] ?? "—")]),
                                .element("p", [:], [.text(comment.text)]),
                            ])
                    }))
        }
        return page(title, language: language, session: session, content)
    }

    static func statistics(session: WebSession, figures: WebStatistics) -> Response {
        let language = session.user.language
        let title = WebPagePhrases.statisticsTitle.text(in: language)
        return page(
            title, language: language, session: session,
            [.element("h1", [:], [.text(title)])] + charts(figures, language: language))
    }

    /// The statistics' charts: sessions per week, compliance, each main exercise's estimated maximum, body weight.
    static func charts(_ figures: WebStatistics, language: Language) -> [HTML] {
        guard figures.lastSession != nil || !figures.weights.isEmpty else {
            return [.element("p", [:], [.text(WebPagePhrases.noStatistics.text(in: language))])]
        }
        var content: [HTML] = [
            .element(
                "p", [:],
                [
                    .text(
                        WebPagePhrases.complianceLine.text(
                            in: language,
                            [
                                "kept": figures.tally.kept, "appointments": figures.tally.appointments,
                                "sessions": figures.weeks.reduce(0) { $0 + $1.sessions },
                            ]))
                ]),
            chart(
                SVGChart.bars(
                    figures.weeks.map { (shortDay($0.start, zone: figures.zone), Double($0.sessions)) },
                    title: WebPagePhrases.sessionsPerWeek.text(in: language),
                    unit: WebPagePhrases.sessionsUnit.text(in: language), language: language)),
        ]
        for exercise in figures.progress {
            content.append(
                chart(
                    SVGChart.line(
                        exercise.points,
                        title: WebPagePhrases.e1rmChart.text(in: language, ["exercise": exercise.exercise]),
                        unit: "kg", language: language, timeZone: figures.zone)))
        }
        if figures.weights.count >= 2 {
            content.append(
                chart(
                    SVGChart.line(
                        figures.weights, title: WebPagePhrases.weightChart.text(in: language), unit: "kg",
                        language: language, timeZone: figures.zone)))
        }
        return content
    }

    /// A chart in a figure that scales to the column.
    private static func chart(_ svg: String) -> HTML {
        .element("figure", ["class": "chart"], [.chart(svg)])
    }

    static func measurements(
        session: WebSession, measurements: [GorillaShared.Measurement], today: CalendarDate, problem: String?,
        status: HTTPResponse.Status
    ) -> Response {
        let language = session.user.language
        let title = WebPagePhrases.measurementsTitle.text(in: language)
        var content: [HTML] = [.element("h1", [:], [.text(title)])]
        let weights = measurements.compactMap { m in m.weight.map { (m.date.start(in: .gmt), $0) } }.reversed()
        if weights.count >= 2 {
            content.append(
                chart(
                    SVGChart.line(
                        Array(weights), title: WebPagePhrases.weightChart.text(in: language), unit: "kg",
                        language: language, timeZone: .gmt)))
        }
        content.append(measurementTable(measurements, language: language))
        content.append(.element("h2", [:], [.text(WebPagePhrases.addMeasurement.text(in: language))]))
        if let problem { content.append(.element("p", ["class": "problem", "role": "alert"], [.text(problem)])) }
        var fields: [HTML] = [
            .element("label", ["for": "date"], [.text(WebPagePhrases.dateLabel.text(in: language))]),
            .void("input", ["id": "date", "name": "date", "type": "date", "value": today.description]),
        ]
        for measure in measuresAsked {
            fields.append(
                .element("label", ["for": measure.rawValue], [.text(measureLabel(measure).text(in: language))]))
            fields.append(
                .void(
                    "input",
                    ["id": measure.rawValue, "name": measure.rawValue, "inputmode": "decimal", "autocomplete": "off"]))
        }
        fields.append(.element("label", ["for": "note"], [.text(WebPagePhrases.noteLabel.text(in: language))]))
        fields.append(.void("input", ["id": "note", "name": "note", "maxlength": "500"]))
        fields.append(.element("button", ["type": "submit"], [.text(WebPagePhrases.save.text(in: language))]))
        content.append(form(action: "/measurements", token: session.formToken, fields))
        return page(title, language: language, session: session, status: status, content)
    }

    /// The measurements, newest first, one column per measure any of them holds.
    static func measurementTable(_ measurements: [GorillaShared.Measurement], language: Language) -> HTML {
        guard !measurements.isEmpty else {
            return .element("p", [:], [.text(WebPagePhrases.noMeasurements.text(in: language))])
        }
        let shown = measuresAsked.filter { measure in measurements.contains { $0[measure] != nil } }
        let header =
            [HTML.element("th", ["scope": "col"], [.text(WebPagePhrases.dateLabel.text(in: language))])]
            + shown.map { HTML.element("th", ["scope": "col"], [.text(measureLabel($0).text(in: language))]) }
        let rows = measurements.map { measurement in
            HTML.element(
                "tr", [:],
                [.element("td", [:], [.text(measurement.date.description)])]
                    + shown.map { measure in
                        .element(
                            "td", ["class": "number"], [.text(measurement[measure].map { language.number($0) } ?? "")])
                    })
        }
        return .element(
            "div", ["class": "scroll"],
            [table(header, rows)])
    }

    static func profile(session: WebSession, feed: String?, saved: Bool, status: HTTPResponse.Status) -> Response {
        let user = session.user
        let language = user.language
        let title = WebPagePhrases.profileTitle.text(in: language)
        var content: [HTML] = [
            .element("h1", [:], [.text(title)]),
            .element(
                "dl", [:],
                [
                    .element("dt", [:], [.text(WebPhrases.nameLabel.text(in: language))]),
                    .element("dd", [:], [.text(user.name + " " + user.surname)]),
                    .element("dt", [:], [.text(WebPhrases.usernameLabel.text(in: language))]),
                    .element("dd", [:], [.text(user.username)]),
                    .element("dt", [:], [.text(WebPhrases.emailLabel.text(in: language))]),
                    .element("dd", [:], [.text(user.email)]),
                ]),
        ]
        if saved {
            content.append(
                .element(
                    "p", ["class": "answer", "role": "status"], [.text(WebPagePhrases.profileSaved.text(in: language))])
            )
        }
        let names: [(Language, String)] = [(.ca, "Català"), (.es, "Español"), (.en, "English")]
        content.append(
            form(
                action: "/profile", token: session.formToken,
                [
                    .element("label", ["for": "language"], [.text(WebPagePhrases.languageLabel.text(in: language))]),
                    .element(
                        "select", ["id": "language", "name": "language"],
                        names.map { code, name in
                            .element(
                                "option", ["value": code.rawValue, "selected": code == language ? "selected" : nil],
                                [.text(name)])
                        }),
                    .element("button", ["type": "submit"], [.text(WebPagePhrases.save.text(in: language))]),
                ]))
        if let feed {
            content.append(.element("h2", [:], [.text(WebPagePhrases.feedHeading.text(in: language))]))
            content.append(.element("p", ["class": "note"], [.text(WebPagePhrases.feedExplain.text(in: language))]))
            content.append(.element("p", ["class": "secret"], [.element("code", [:], [.text(feed)])]))
        }
        return page(title, language: language, session: session, status: status, content)
    }

    /// A day as the reader's language writes it ("dilluns, 30 de novembre de 2026"), in UTC.
    static func day(_ date: Date, language: Language, zone: TimeZone = .gmt) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language.rawValue)
        formatter.timeZone = zone
        formatter.dateStyle = .full
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    /// "11-30": a week's label on a chart.
    static func shortDay(_ date: Date, zone: TimeZone) -> String {
        let day = CalendarDate(date, in: zone)
        return String(format: "%02d-%02d", day.month, day.day)
    }
}
