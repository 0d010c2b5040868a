import Foundation
import GorillaShared

/// Whether a step that may run offline reached the server.
public enum ServerReach: Sendable {
    /// The server answered.
    case reached
    /// The server could not be reached; why.
    case offline(reason: String)
    /// The server presented another certificate than the pinned one: nothing was sent to it.
    case refused(message: String)

    init(_ error: any Error) {
        if let error = error as? ClientError, error.kind == .certificateChanged {
            self = .refused(message: error.message)
        } else {
            self = .offline(reason: GorillaClient.describe(error))
        }
    }
}

/// `gorilla connect`: the server now pinned on this device.
public struct ServerPinned: Presentable {
    public let server: ServerEndpoint
    /// The SHA-256 fingerprint of the certificate pinned.
    public let fingerprint: String
    /// The address the same server (the same certificate) had before, when it moved.
    public let movedFrom: ServerEndpoint?

    /// What `--json` prints: the server's host and port, and the fingerprint.
    public struct JSONForm: Encodable {
        let host: String
        let port: Int
        let fingerprint: String
    }

    public var jsonForm: JSONForm { JSONForm(host: server.host, port: server.port, fingerprint: fingerprint) }
}

/// `gorilla register` and `gorilla login`: the account now logged in.
public struct SignedIn: Presentable {
    public let profile: Profile
    /// Whether the account was just created.
    public let registered: Bool

    public var jsonForm: some Encodable { profile }
}

/// `gorilla logout`.
public struct LoggedOut: Presentable {
    public let username: String
    /// Whether the session was revoked on the server too.
    public let revocation: ServerReach
    /// Changes still queued on this device.
    public let queued: Int

    /// What `--json` prints: `{"loggedOut": true}`.
    public struct JSONForm: Encodable {
        let loggedOut = true
    }

    public var jsonForm: JSONForm { JSONForm() }
}

/// `gorilla whoami`: the account and the server it is on.
public struct AccountSummary: Presentable {
    /// The server's copy of the profile, or this device's when the server was not reached.
    public let profile: Profile
    public let server: ServerEndpoint?
    public let source: ServerReach

    public var jsonForm: some Encodable { profile }
}

/// `gorilla profile show|edit`.
public struct ProfileDetail: Presentable {
    public let profile: Profile
    /// Whether the profile was just changed.
    public let updated: Bool

    public var jsonForm: some Encodable { profile }
}

/// `gorilla password change|reset`.
public enum PasswordUpdated: Presentable {
    /// Changed by the logged-in account; its other devices are logged out.
    case changed
    /// Reset with a one-time token for `user`.
    case reset(user: String)

    /// What `--json` prints: `{"changed": true}` or `{"reset": true}`.
    public struct JSONForm: Encodable {
        var changed: Bool?
        var reset: Bool?
    }

    public var jsonForm: JSONForm {
        switch self {
        case .changed: JSONForm(changed: true)
        case .reset: JSONForm(reset: true)
        }
    }
}
