/// The wire operations (`"op"`).
package enum Operation: String, Sendable, CaseIterable {
    case hello
    case signup = "auth.signup"
    case login = "auth.login"
    case resume = "auth.resume"
    case check = "auth.check"
    case logout = "auth.logout"
    case logoutAll = "auth.logout.all"
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
    case gymCreate = "gym.create"
    case gymInvite = "gym.invite"
    case gymJoin = "gym.join"
    case gymShow = "gym.show"
    case gymMembers = "gym.members"
    case gymRole = "gym.role"
    case gymLeave = "gym.leave"
    case gymRemove = "gym.remove"
    case gymRename = "gym.rename"
    case gymDissolve = "gym.dissolve"
    case gymCalendar = "gym.calendar"
    case gymOverview = "gym.overview"
    case gymTransfer = "gym.transfer"
    case gymMachine = "gym.machine"
    case gymPublish = "gym.publish"
    case gymCopy = "gym.copy"
    case gymShare = "gym.share"
    case gymUnshare = "gym.unshare"
    case feedGet = "feed.get"

    /// Whether the operation may be used before logging in (hello, signup, login, resume, password reset, code check).
    package var isAnonymous: Bool {
        switch self {
        case .hello, .signup, .login, .resume, .passwordReset, .codeCheck:
            true
        case .check, .logout, .logoutAll, .feedGet, .passwordChange, .profileGet, .profileUpdate, .mediaPut, .mediaGet, .syncUpdated,
            .syncPull,
            .syncPush, .subscribe, .clientCode, .clientResetPassword, .sessionHistory, .gymCreate, .gymInvite, .gymJoin,
            .gymShow, .gymMembers, .gymRole, .gymLeave, .gymRemove, .gymRename, .gymDissolve,
            .gymCalendar, .gymOverview, .gymTransfer, .gymMachine, .gymPublish, .gymCopy, .gymShare, .gymUnshare:
            false
        }
    }
}
