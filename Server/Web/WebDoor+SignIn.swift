import Foundation
import GorillaShared
import Hummingbird
import Logging

/// Signing in and out, and the session every other page starts from.
extension WebDoor {
    /// The signed-in browser `request` comes from; nil without a live session cookie.
    func session(_ request: Request) async throws -> WebSession? {
        guard let secret = request.cookies[WebCookies.session]?.value, !secret.isEmpty,
            var user = try await context.store.webSession(hash: Tokens.hash(secret), now: now)
        else { return nil }
        if Access.mayBelongToGym(user.role) { user.gym = try await context.store.membership(of: user.id) }
        return WebSession(user: user, secret: secret)
    }

    /// The signed-in reader, of `role` when one is given. A browser that is not signed in is sent to the sign-in page,
    /// and a reader of the other role to their own start (``WebRedirect``, which the door answers with a 303).
    func reader(_ request: Request, as role: Role? = nil) async throws -> WebSession {
        guard let session = try await session(request) else { throw WebRedirect(path: "/login") }
        if let role, session.user.role != role {
            throw WebRedirect(path: session.user.role == .client ? "/home" : "/clients")
        }
        return session
    }

    /// The form a signed-in browser posted, with its session; nil when the browser is not signed in or the form does
    /// not carry the session's token (the caller answers 403, having changed nothing).
    func posted(_ request: Request, context web: WebRequestContext) async throws -> (WebForm, WebSession)? {
        let form = try await WebForm.read(request, context: web)
        guard let session = try await session(request), WebCookies.formTokenMatches(form.token, secret: session.secret)
        else { return nil }
        return (form, session)
    }

    /// `GET /login`: the form, with a form cookie of its own the first time.
    func signInPage(_ request: Request) async throws -> Response {
        if try await session(request) != nil { return WebPages.redirect(to: "/home") }
        let language = WebLanguage.preferred(request)
        let secret = request.cookies[WebCookies.form]?.value ?? Tokens.make()
        var response = WebPages.signIn(language: language, token: WebCookies.formToken(for: secret))
        response.setCookie(WebCookies.cookie(WebCookies.form, secret, seconds: Self.formCookieSeconds))
        return response
    }

    /// `POST /login`: the same check and limits as `auth.login` (``ServerContext/signIn(login:password:address:)``);
    /// a new session cookie on success, the form again with the reason in the reader's language otherwise.
    func signIn(_ request: Request, context web: WebRequestContext) async throws -> Response {
        let language = WebLanguage.preferred(request)
        let form = try await WebForm.read(request, context: web)
        let formSecret = request.cookies[WebCookies.form]?.value
        guard WebCookies.formTokenMatches(form.token, secret: formSecret), let formSecret else {
            return WebPages.forbidden(language: language)
        }
        let login = form["user"] ?? ""
        let user: UserRecord
        do {
            user = try await context.signIn(login: login, password: form["password"] ?? "", address: web.peerAddress)
        } catch let error as ServerError {
            let response = WebPages.signIn(
                language: error.language ?? language, token: WebCookies.formToken(for: formSecret), user: login,
                problem: error.wire(in: language).message, status: Self.status(of: error))
            return Self.refused(response, by: error)
        }
        return try await startSession(for: user)
    }

    /// A new web session of `user` (its cookie set on the answer), and on to the home page.
    func startSession(for user: UserRecord) async throws -> Response {
        let secret = Tokens.make()
        let lifetime = context.configuration.webSessionLifetime
        try await context.store.insertWebSession(
            hash: Tokens.hash(secret), userID: user.id, expires: now.addingTimeInterval(lifetime), now: now)
        context.logger.info("web sign-in", metadata: ["user": "\(user.id)"])
        var response = WebPages.redirect(to: "/home")
        response.setCookie(WebCookies.cookie(WebCookies.session, secret, seconds: Int(lifetime)))
        return response
    }

    /// `POST /logout`: ends the session in the store and removes the cookie.
    func signOut(_ request: Request, context web: WebRequestContext) async throws -> Response {
        guard let (_, session) = try await posted(request, context: web) else {
            return WebPages.forbidden(language: WebLanguage.preferred(request))
        }
        try await context.store.revokeWebSession(hash: Tokens.hash(session.secret))
        var response = WebPages.redirect(to: "/login")
        response.setCookie(WebCookies.cookie(WebCookies.session, "", seconds: 0))
        return response
    }

    /// The status a form the store refused answers with (sign-in, join).
    static func status(of error: ServerError) -> HTTPResponse.Status {
        switch error.code {
        case .rateLimited: .tooManyRequests
        case .accountDisabled: .forbidden
        case .wrongCredentials: .unauthorized
        case .invalidCode, .codeUsed, .codeExpired: .notFound
        case .usernameInUse, .emailInUse: .conflict
        default: .badRequest
        }
    }

    /// `response`, with `Retry-After` when `error` says how long to wait.
    static func refused(_ response: Response, by error: ServerError) -> Response {
        var response = response
        if let wait = error.retryAfter { response.headers[.retryAfter] = String(wait) }
        return response
    }

    /// The time of day the store's expiries are read against (``ServerConfiguration/clock``).
    var now: Date { context.configuration.clock.now }

    /// How long the sign-in form's cookie lasts: a day is long enough to fill a form in.
    static let formCookieSeconds = 86_400
}
