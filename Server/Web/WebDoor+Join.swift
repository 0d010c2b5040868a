import Foundation
import GorillaShared
import Hummingbird

/// A client joins from the link their coach sends (`gorilla clients code C --link`): the registration code in the
/// address, the account's fields in a form, checked and limited as `auth.signup` checks and limits them
/// (``ServerContext/newUser(_:role:language:)``, ``ServerContext/registerClient(_:code:address:)``).
extension WebDoor {
    /// `GET /join/CODE`: the form, for a code that is valid now; else why not, in the reader's language.
    func joinPage(_ request: Request, context web: WebRequestContext) async throws -> Response {
        let language = WebLanguage.preferred(request)
        let code = web.parameters.get("code") ?? ""
        let secret = request.cookies[WebCookies.form]?.value ?? Tokens.make()
        let token = WebCookies.formToken(for: secret)
        let now = self.now
        var response: Response
        do {
            let grant = try await context.guessingCode(address: web.peerAddress, spends: false) {
                try await context.store.checkCode(code, now: now)
            }
            response = WebPages.join(
                language: language, token: token, code: code, name: grant.name, surname: grant.surname)
        } catch let error as ServerError {
            response = Self.refused(
                WebPages.joinRefused(
                    language: language, problem: error.wire(in: language).message, status: Self.status(of: error)),
                by: error)
        }
        response.setCookie(WebCookies.cookie(WebCookies.form, secret, seconds: Self.formCookieSeconds))
        return response
    }

    /// `POST /join/CODE`: registers the client and signs them in; the form again, with the reason, otherwise.
    func join(_ request: Request, context web: WebRequestContext) async throws -> Response {
        let language = WebLanguage.preferred(request)
        let form = try await WebForm.read(request, context: web)
        let formSecret = request.cookies[WebCookies.form]?.value
        guard WebCookies.formTokenMatches(form.token, secret: formSecret), let formSecret else {
            return WebPages.forbidden(language: language)
        }
        let code = web.parameters.get("code") ?? ""
        let body = SignupBody(
            username: form["username"] ?? "", email: form["email"] ?? "", password: form["password"] ?? "",
            name: form["name"].flatMap { $0.isEmpty ? nil : $0 },
            surname: form["surname"].flatMap { $0.isEmpty ? nil : $0 }, language: language, code: code)
        do {
            try await context.waitForCodeGuesses(address: web.peerAddress)
            let user = try await context.newUser(body, role: .client, language: language)
            let account = try await context.registerClient(user, code: code, address: web.peerAddress)
            return try await startSession(for: account)
        } catch let error as ServerError {
            return Self.refused(
                WebPages.join(
                    language: language, token: WebCookies.formToken(for: formSecret), code: code, name: body.name,
                    surname: body.surname, username: body.username, email: body.email,
                    problem: error.wire(in: language).message, status: Self.status(of: error)),
                by: error)
        }
    }

}
