import GorillaShared

/// A request that failed in a way the peer is told about: a catalogue code, optional detail, optional retry delay.
struct RequestError: Error, Sendable {
    let code: WireErrorCode
    let detail: String?
    let retryAfter: Int?

    init(_ code: WireErrorCode, _ detail: String? = nil, retryAfter: Int? = nil) {
        self.code = code
        self.detail = detail
        self.retryAfter = retryAfter
    }

    init(_ error: StoreError) {
        self.init(error.code, error.detail)
    }

    /// The wire error in `language`: the catalogue message, then the detail.
    func wire(in language: Language) -> WireError {
        var message = code.message(in: language)
        if let detail, !detail.isEmpty { message += ": \(detail)" }
        if let retryAfter {
            switch language {
            case .ca: message += " (torneu-ho a provar d'aquí a \(retryAfter) s)"
            case .es: message += " (vuelva a intentarlo en \(retryAfter) s)"
            case .en: message += " (try again in \(retryAfter) s)"
            }
        }
        return WireError(code: code, message: message, retryAfter: retryAfter)
    }

    static let notAuthenticated = RequestError(.notAuthenticated)
    static let forbidden = RequestError(.forbidden)
}
