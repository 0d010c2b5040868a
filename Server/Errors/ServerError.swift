import GorillaShared

/// A request that fails in a way the peer is told about: a catalogue code, context for the peer, and how long to wait
/// when the answer is "not now".
///
/// The store, the sync rules and the request handlers all throw it; the router answers with ``wire(in:)`` and a push
/// turns it into a rejected mutation. Peers get the code's message in their language and the detail, never an
/// internal description.
package struct ServerError: Error, Sendable, CustomStringConvertible {
    /// The wire code the peer sees.
    package let code: WireErrorCode
    /// Context for the peer (a field name, the names that block a delete); no internals.
    package let detail: String?
    /// Seconds the peer should wait before trying again (with ``WireErrorCode/rateLimited``).
    package let retryAfter: Int?
    /// The language the message is written in whatever the connection speaks: the account's own, when the error is
    /// about an account whose owner proved who they are (a removed client logging in on a new device).
    package var language: Language?
    /// The detail written in the peer's language, when it is words rather than a field name (who may do what is
    /// refused); it takes the place of ``detail``.
    package var localizedDetail: (@Sendable (Language) -> String?)?

    /// An error of `code`, with `detail` for the peer and, for a limit, the seconds to wait.
    package init(_ code: WireErrorCode, _ detail: String? = nil, retryAfter: Int? = nil) {
        self.code = code
        self.detail = detail
        self.retryAfter = retryAfter
    }

    package var description: String {
        var text = detail.map { "\(code): \($0)" } ?? "\(code)"
        if let retryAfter { text += " (retry after \(retryAfter) s)" }
        return text
    }

    /// The wire error in `language`: the catalogue message, then the detail, then when to try again in minutes and
    /// seconds (``RetryWait``).
    package func wire(in connectionLanguage: Language) -> WireError {
        let language = self.language ?? connectionLanguage
        var message = code.message(in: language)
        if let detail = localizedDetail?(language) ?? detail, !detail.isEmpty { message += ": \(detail)" }
        if let retryAfter { message += " (\(RetryWait(seconds: retryAfter).phrase(in: language)))" }
        return WireError(code: code, message: message, retryAfter: retryAfter)
    }

    /// An error of `code` whose detail is written in the peer's language by `detail`.
    package init(_ code: WireErrorCode, localized detail: @escaping @Sendable (Language) -> String?) {
        self.init(code)
        localizedDetail = detail
    }

    /// A value the rules refuse; `detail` names the field and, where it helps, what is allowed.
    package static func invalid(_ detail: String) -> ServerError { ServerError(.invalidField, detail) }
    /// No such thing, or none the principal may see.
    package static let notFound = ServerError(.notFound)
    /// The principal's role may not do this.
    package static let forbidden = ServerError(.forbidden)
    /// The operation needs a logged-in connection.
    package static let notAuthenticated = ServerError(.notAuthenticated)
}
