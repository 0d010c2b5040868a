/// The names of the wire operations (`"op"`), one constant each.
public enum Operation {
    public static let hello = "hello"
    public static let signup = "auth.signup"
    public static let login = "auth.login"
    public static let resume = "auth.resume"
    public static let check = "auth.check"
    public static let logout = "auth.logout"
    public static let passwordChange = "auth.password.change"
    public static let passwordReset = "auth.password.reset"
    public static let profileGet = "profile.get"
    public static let profileUpdate = "profile.update"
    public static let mediaPut = "media.put"
    public static let mediaGet = "media.get"
    public static let syncUpdated = "sync.updated"
    public static let syncPull = "sync.pull"
    public static let syncPush = "sync.push"
    public static let codeCheck = "codes.check"
    public static let clientCode = "clients.code"
    public static let clientResetPassword = "clients.resetPassword"
    public static let subscribe = "events.subscribe"

    /// Operations that need no login.
    public static let anonymous: Set<String> = [hello, signup, login, resume, passwordReset, codeCheck]
}
