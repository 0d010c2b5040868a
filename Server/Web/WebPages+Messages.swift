import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird

/// The messages pages: the people the reader writes to, and one conversation with its form.
extension WebPages {
    static func correspondents(session: WebSession, people: [Correspondent]) -> Response {
        let language = session.user.language
        let title = WebPhrases.messagesTitle.text(in: language)
        var content: [HTML] = [.element("h1", [:], [.text(title)])]
        if people.isEmpty {
            content.append(.element("p", [:], [.text(WebPhrases.noCorrespondents.text(in: language))]))
        } else {
            content.append(
                .element(
                    "ul", [:],
                    people.map { person in
                        .element(
                            "li", [:], [.element("a", ["href": "/messages/\(person.id.key)"], [.text(person.name)])])
                    }))
        }
        content.append(
            .element("p", [:], [.element("a", ["href": "/home"], [.text(WebPhrases.backHome.text(in: language))])]))
        return page(title, language: language, session: session, content)
    }

    /// The conversation with `person`, oldest first, and the form that writes to them; `problem` above the form when
    /// the last text was refused.
    static func conversation(
        session: WebSession, with person: Correspondent, messages: [StoredMessage], older: Bool = false,
        problem: String?,
        status: HTTPResponse.Status
    ) -> Response {
        let language = session.user.language
        let title = WebPhrases.conversationWith.text(in: language, ["name": person.name])
        var content: [HTML] = [.element("h1", [:], [.text(title)])]
        if older {
            content.append(
                .element(
                    "p", ["class": "note"],
                    [.text(WebPagePhrases.latestMessages.text(in: language, ["count": messages.count]))]))
        }
        if messages.isEmpty {
            content.append(.element("p", [:], [.text(WebPhrases.noMessages.text(in: language))]))
        } else {
            content.append(
                .element(
                    "ol", ["class": "messages"],
                    messages.map { stored in
                        let mine = stored.message.from == session.user.id
                        let who = mine ? WebPhrases.you.text(in: language) : person.name
                        return .element(
                            "li", ["class": mine ? "mine" : "theirs"],
                            [
                                .element(
                                    "p", ["class": "note"],
                                    [
                                        .text(who + " · "),
                                        .element(
                                            "time", ["datetime": ISOTime.format(stored.message.sent)],
                                            [.text(shortTime(stored.message.sent))]),
                                    ]),
                                .element("p", [:], [.text(stored.message.text)]),
                            ])
                    }))
        }
        if let problem { content.append(.element("p", ["class": "problem", "role": "alert"], [.text(problem)])) }
        content.append(
            form(
                action: "/messages/\(person.id.key)", token: session.formToken,
                [
                    .element("label", ["for": "text"], [.text(WebPhrases.messageLabel.text(in: language))]),
                    .element(
                        "textarea",
                        ["id": "text", "name": "text", "maxlength": String(Message.maxLength), "required": "required"]),
                    .element("button", ["type": "submit"], [.text(WebPhrases.send.text(in: language))]),
                ]))
        content.append(
            .element(
                "p", [:], [.element("a", ["href": "/messages"], [.text(WebPhrases.messagesTitle.text(in: language))])]))
        return page(title, language: language, session: session, status: status, content)
    }

    /// `2026-11-30 09:15` (UTC, as the `datetime` attribute beside it says exactly).
    private static func shortTime(_ date: Date) -> String {
        String(ISOTime.format(date).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
