/// The wire operations (`"op"`).
package enum Operation: String, Sendable, CaseIterable {
    case hello
    case signup = "auth.signup"
    case login = "auth.login"
    case resume = "auth.resume"
    case check = "auth.check"
    case logout = "auth.logout"
    case passwordChange = "auth.password.change"
    case passwordReset = "auth.password.reset"
    case profileGet = "profile.get"
    case profileUpdate = "profile.update"
    case mediaPut = "media.put"
    case mediaGet = "media.get"
    case syncUpdated = "sync.updated"
    case syncPull = "sync.pull"
    case syncPush = "sync.push"
    case codeCheck = "codes.check"
    case clientCode = "clients.code"
    case clientResetPassword = "clients.resetPassword"
    case subscribe = "events.subscribe"
    case sessionHistory = "sessions.history"

    /// Whether the operation may be used before logging in (hello, signup, login, resume, password reset, code check).
    package var isAnonymous: Bool {
        switch self {
        case .hello, .signup, .login, .resume, .passwordReset, .codeCheck:
            true
        case .check, .logout, .passwordChange, .profileGet, .profileUpdate, .mediaPut, .mediaGet, .syncUpdated,
            .syncPull,
            .syncPush, .subscribe, .clientCode, .clientResetPassword, .sessionHistory:
            false
        }
    }
}
