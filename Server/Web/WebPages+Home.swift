import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird

/// The home page: greeting, then the next appointments with their state and, for a client, the answer forms.
extension WebPages {
    /// The form that asks for a time: its zone, and the earliest time it offers.
    struct RequestForm: Sendable {
        let zone: TimeZone
        let now: Date
    }

    static func home(
        session: WebSession, appointments: [AgendaAppointment], mayAnswer: Bool, today: WebToday? = nil,
        request: RequestForm? = nil, now: Date, problem: String?, status: HTTPResponse.Status
    ) -> Response {
        let language = session.user.language
        var content: [HTML] = [
            .element("h1", [:], [.text(WebPhrases.greeting.text(in: language, ["name": session.user.name]))])
        ]
        if let problem { content.append(.element("p", ["class": "problem", "role": "alert"], [.text(problem)])) }
        if let today { content += workout(today, language: language) }
        content.append(.element("h2", [:], [.text(WebPhrases.nextAppointments.text(in: language))]))
        if appointments.isEmpty {
            content.append(.element("p", [:], [.text(WebPhrases.noAppointments.text(in: language))]))
        } else {
            content.append(
                .element(
                    "ul", ["class": "appointments"],
                    appointments.map {
                        appointment($0, token: session.formToken, mayAnswer: mayAnswer, now: now, language: language)
                    }))
        }
        if let request { content += requestForm(request, token: session.formToken, language: language) }
        return page(
            WebPhrases.homeTitle.text(in: language), language: language, session: session, status: status, content)
    }

    /// Today's workout: the training and each exercise's target, or a rest day.
    private static func workout(_ today: WebToday, language: Language) -> [HTML] {
        var content: [HTML] = [.element("h2", [:], [.text(WebPagePhrases.todayHeading.text(in: language))])]
        guard let training = today.training else {
            content.append(
                .element("p", [:], [.text(WebPagePhrases.todayRest.text(in: language, ["program": today.program]))]))
            return content
        }
        content.append(
            .element(
                "p", [:],
                [
                    .text(
                        WebPagePhrases.todayTraining.text(
                            in: language, ["training": training, "program": today.program, "week": today.week]))
                ]))
        content.append(
            .element(
                "ul", ["class": "list workout"],
                today.exercises.map { exercise in
                    .element(
                        "li", [:],
                        [.text(exercise.name + " "), .element("strong", [:], [.text(exercise.target)])])
                }))
        return content
    }

    /// The form a client asks their coach for a time with (`POST /appointments/request`).
    private static func requestForm(_ request: RequestForm, token: String, language: Language) -> [HTML] {
        let earliest = CalendarDate(request.now, in: request.zone).description + "T00:00"
        return [
            .element("h2", [:], [.text(WebPagePhrases.requestHeading.text(in: language))]),
            form(
                action: "/appointments/request", token: token,
                [
                    .void("input", ["type": "hidden", "name": "zone", "value": request.zone.identifier]),
                    .element(
                        "label", ["for": "start"],
                        [.text(WebPagePhrases.requestStart.text(in: language, ["zone": request.zone.identifier]))]),
                    .void(
                        "input",
                        [
                            "id": "start", "name": "start", "type": "datetime-local", "min": earliest,
                            "required": "required",
                        ]),
                    .element("label", ["for": "minutes"], [.text(WebPagePhrases.requestMinutes.text(in: language))]),
                    .void(
                        "input",
                        [
                            "id": "minutes", "name": "minutes", "type": "number", "min": "15", "max": "480",
                            "step": "15",
                            "value": String(Event.defaultDuration),
                        ]),
                    .element("button", ["type": "submit"], [.text(WebPagePhrases.requestButton.text(in: language))]),
                ]),
        ]
    }

    /// One appointment: when, how long, where, its state in the shared rule's words, and the answer forms while it
    /// can be answered.
    private static func appointment(
        _ appointment: AgendaAppointment, token: String, mayAnswer: Bool, now: Date, language: Language
    ) -> HTML {
        let event = appointment.event
        let state = event.state(fulfilled: false, now: now)
        var parts: [HTML] = [
            .element(
                "p", [:],
                [
                    .element(
                        "time", ["datetime": ISOTime.format(event.start)],
                        [
                            .text(
                                WebPhrases.appointmentTime.text(
                                    in: language, ["when": when(event, language: language), "minutes": event.duration]))
                        ])
                ])
        ]
        if let gym = event.gym, !gym.isEmpty { parts.append(.element("p", ["class": "note"], [.text(gym)])) }
        let answer: String? =
            switch state {
            case .confirmed: WebPhrases.confirmed.text(in: language)
            case .declinedByClient: WebPhrases.declined.text(in: language, ["reason": event.answerNote ?? "—"])
            case .scheduled: WebPhrases.unanswered.text(in: language)
            case .requested: WebPagePhrases.requested.text(in: language)
            default: nil
            }
        if let answer { parts.append(.element("p", ["class": "answer"], [.text(answer)])) }
        if mayAnswer, state == .scheduled || state == .confirmed || state == .declinedByClient {
            let base = "/appointments/\(appointment.id.uuidString.lowercased())/"
            if state != .confirmed {
                parts.append(
                    form(
                        action: base + "confirm", token: token,
                        [
                            .element("button", ["type": "submit"], [.text(WebPhrases.confirm.text(in: language))])
                        ]))
            }
            if state != .declinedByClient {
                let field = "reason-\(appointment.id.uuidString.lowercased())"
                parts.append(
                    form(
                        action: base + "decline", token: token,
                        [
                            .element("label", ["for": field], [.text(WebPhrases.declineReason.text(in: language))]),
                            .void(
                                "input",
                                ["id": field, "name": "reason", "maxlength": String(Event.maxAnswerNoteLength)]),
                            .element("button", ["type": "submit"], [.text(WebPhrases.decline.text(in: language))]),
                        ]))
            }
        }
        return .element("li", [:], parts)
    }

    /// The start in the appointment's own time zone, as the reader's language writes a date and time.
    private static func when(_ event: Event, language: Language) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language.rawValue)
        formatter.timeZone = event.timeZone
        formatter.dateStyle = .full
        formatter.timeStyle = .short
        return formatter.string(from: event.start)
    }
}
