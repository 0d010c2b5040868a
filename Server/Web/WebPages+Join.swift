import Foundation
import GorillaShared
import HTTPTypes
import Hummingbird

extension WebPages {
    /// The join page of the registration code `code`: the account's fields (a name and surname only when the coach
    /// gave none), with `problem` above them when the last try failed.
    static func join(
        language: Language, token: String, code: String, name: String?, surname: String?, username: String = "",
        email: String = "", problem: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        let title = WebPhrases.joinTitle.text(in: language)
        var content: [HTML] = [.element("h1", [:], [.text(title)])]
        let greeting = [name, surname].compactMap { $0 }.joined(separator: " ")
        content.append(
            .element("p", [:], [.text(WebPhrases.joinIntro.text(in: language, ["name": greeting]))]))
        if let problem { content.append(.element("p", ["class": "problem", "role": "alert"], [.text(problem)])) }
        func field(
            _ id: String, _ label: WebPhrases, value: String = "", type: String = "text", autocomplete: String
        )
            -> [HTML]
        {
            [
                .element("label", ["for": id], [.text(label.text(in: language))]),
                .void(
                    "input",
                    [
                        "id": id, "name": id, "type": type, "value": type == "password" ? nil : value,
                        "autocomplete": autocomplete, "required": "required",
                    ]),
            ]
        }
        var fields: [HTML] = []
        if name == nil { fields += field("name", .nameLabel, autocomplete: "given-name") }
        if surname == nil { fields += field("surname", .surnameLabel, autocomplete: "family-name") }
        fields += field("username", .usernameLabel, value: username, autocomplete: "username")
        fields += field("email", .emailLabel, value: email, type: "email", autocomplete: "email")
        fields += field("password", .newPasswordLabel, type: "password", autocomplete: "new-password")
        fields.append(.element("button", ["type": "submit"], [.text(WebPhrases.joinButton.text(in: language))]))
        content.append(form(action: "/join/\(code)", token: token, fields))
        return page(title, language: language, status: status, content)
    }

    /// A join link whose code cannot be used (unknown, used, expired), or an address that must wait: why, and what to
    /// do.
    static func joinRefused(language: Language, problem: String, status: HTTPResponse.Status) -> Response {
        let title = WebPhrases.joinTitle.text(in: language)
        return page(
            title, language: language, status: status,
            [
                .element("h1", [:], [.text(title)]),
                .element("p", ["class": "problem", "role": "alert"], [.text(problem)]),
                .element("p", [:], [.text(WebPhrases.joinAskCoach.text(in: language))]),
            ])
    }
}
