import GorillaShared
import HTTPTypes
import Hummingbird
import Logging

/// Puts the security headers on every answer of the web door, and answers what a route threw (an unknown address, a
/// body too large, a failure) with a page in the reader's language that names nothing internal.
struct WebSecurityHeaders: RouterMiddleware {
    typealias Context = WebRequestContext

    /// Scripts nowhere, styles and images from the door itself, forms only to it, no framing by anyone.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; "
        + "base-uri 'none'"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let redirect as WebRedirect {
            response = WebPages.redirect(to: redirect.path)
        } catch let error as HTTPError {
            let language = WebLanguage.preferred(request)
            response =
                switch error.status {
                case .notFound, .methodNotAllowed: WebPages.notFound(language: language)
                case .contentTooLarge: WebPages.refused(status: .contentTooLarge, language: language)
                default:
                    WebPages.failure(status: error.status.code < 500 ? .badRequest : error.status, language: language)
                }
        } catch {
            context.logger.error("web request failed: \(String(reflecting: error))")
            response = WebPages.failure(status: .internalServerError, language: WebLanguage.preferred(request))
        }
        Self.secure(&response.headers)
        return response
    }

    /// Adds the headers every answer carries; a page that says nothing of caching is not kept by any cache.
    static func secure(_ headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.xFrameOptions] = "DENY"
        headers[.referrerPolicy] = "no-referrer"
        headers[.strictTransportSecurity] = "max-age=31536000"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }
}

extension HTTPField.Name {
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}

/// Thrown by a page for a reader it is not for: the door answers with a redirect to `path` (303).
struct WebRedirect: Error {
    let path: String
}
