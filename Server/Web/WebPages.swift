import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird
import NIOCore

/// The web door's pages, built with ``HTML`` in the reader's language (``WebPhrases``).
enum WebPages {
    /// A page: the header (with the sign-out form once signed in) and `content` in a readable column.
    static func page(
        _ title: String, language: Language, session: WebSession? = nil, status: HTTPResponse.Status = .ok,
        wide: Bool = false, _ content: [HTML]
    ) -> Response {
        var header: [HTML] = [.element("strong", [:], [.text(WebPhrases.product.text(in: language))])]
        if let session {
            header.append(navigation(session))
            header.append(
                form(
                    action: "/logout", token: session.formToken,
                    [
                        .element("span", [:], [.text(session.user.name + " ")]),
                        .element("button", ["type": "submit"], [.text(WebPhrases.signOut.text(in: language))]),
                    ]))
        }
        let document = HTML.document(
            language: language.rawValue,
            head: [
                .void("meta", ["charset": "utf-8"]),
                .void("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
                .element("title", [:], [.text(title + " · " + WebPhrases.product.text(in: language))]),
                .void("link", ["rel": "stylesheet", "href": "/style.css"]),
            ],
            body: [.element("header", [:], header), .element("main", ["class": wide ? "wide" : nil], content)])
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document.markup)))
    }

    /// The links of the signed-in reader's pages: a client's, or a coach's (with the gym's overview for those the
    /// gym table lets read it).
    static func navigation(_ session: WebSession) -> HTML {
        let user = session.user
        var links: [(String, WebPagePhrases)] =
            user.role == .client
            ? [
                ("/home", .navHome), ("/sessions", .navSessions), ("/statistics", .navStatistics),
                ("/measurements", .navMeasurements),
            ]
            : [("/home", .navHome), ("/calendar", .navCalendar), ("/clients", .navClients), ("/codes", .navCodes)]
        if let gym = user.gym, Access.may(.gymOverview, as: user.role, standing: .member(gym.role)) {
            links.append(("/gym", .navGym))
        }
        let all =
            links.map { ($0.0, $0.1.text(in: user.language)) } + [
                ("/messages", WebPhrases.messagesTitle.text(in: user.language)),
                ("/profile", WebPagePhrases.navProfile.text(in: user.language)),
            ]
        return .element("nav", [:], all.map { .element("a", ["href": $0.0], [.text($0.1)]) })
    }

    /// A table: its column headings and its rows.
    static func table(_ header: [HTML], _ rows: [HTML]) -> HTML {
        .element("table", [:], [.element("thead", [:], [.element("tr", [:], header)]), .element("tbody", [:], rows)])
    }

    /// A form posted to `action` that carries `token` (every form of the door does).
    static func form(action: String, token: String, _ fields: [HTML]) -> HTML {
        .element(
            "form", ["method": "post", "action": action],
            [.void("input", ["type": "hidden", "name": "csrf", "value": token])] + fields)
    }

    /// The sign-in page, with `problem` (already in `language`) above the form when the last try failed.
    static func signIn(
        language: Language, token: String, user: String = "", problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let title = WebPhrases.signIn.text(in: language)
        var content: [HTML] = [.element("h1", [:], [.text(title)])]
        if let problem { content.append(.element("p", ["class": "problem", "role": "alert"], [.text(problem)])) }
        content.append(
            form(
                action: "/login", token: token,
                [
                    .element("label", ["for": "user"], [.text(WebPhrases.userLabel.text(in: language))]),
                    .void(
                        "input",
                        [
                            "id": "user", "name": "user", "value": user, "autocomplete": "username",
                            "required": "required",
                        ]),
                    .element("label", ["for": "password"], [.text(WebPhrases.passwordLabel.text(in: language))]),
                    .void(
                        "input",
                        [
                            "id": "password", "name": "password", "type": "password",
                            "autocomplete": "current-password",
                            "required": "required",
                        ]),
                    .element("button", ["type": "submit"], [.text(title)]),
                ]))
        content.append(.element("p", ["class": "note"], [.text(WebPhrases.forgottenPassword.text(in: language))]))
        return page(title, language: language, status: status, content)
    }

    /// What every address that does not exist, or is not the reader's, answers: the same page, 404.
    static func notFound(language: Language, session: WebSession? = nil) -> Response {
        message(.notFoundTitle, .notFoundText, status: .notFound, language: language, session: session)
    }

    /// A form without its token, or with a wrong one: 403.
    static func forbidden(language: Language, session: WebSession? = nil) -> Response {
        message(.forbiddenTitle, .forbiddenText, status: .forbidden, language: language, session: session)
    }

    /// A request refused for its size or shape.
    static func refused(status: HTTPResponse.Status, language: Language) -> Response {
        message(.failureTitle, .failureText, status: status, language: language, session: nil)
    }

    /// A failure: nothing internal is shown.
    static func failure(status: HTTPResponse.Status, language: Language) -> Response {
        message(.failureTitle, .failureText, status: status, language: language, session: nil)
    }

    private static func message(
        _ title: WebPhrases, _ text: WebPhrases, status: HTTPResponse.Status, language: Language,
        session: WebSession?
    ) -> Response {
        page(
            title.text(in: language), language: language, session: session, status: status,
            [
                .element("h1", [:], [.text(title.text(in: language))]),
                .element("p", [:], [.text(text.text(in: language))]),
                .element("p", [:], [.element("a", ["href": "/"], [.text(WebPhrases.backHome.text(in: language))])]),
            ])
    }

    /// A redirect after a form or to the sign-in (303: the browser follows with a GET).
    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}
