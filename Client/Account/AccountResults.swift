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

    private enum Key: String, CodingKey { case host, port, fingerprint }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(server.host, forKey: .host)
        try container.encode(server.port, forKey: .port)
        try container.encode(fingerprint, forKey: .fingerprint)
    }
}

/// `gorilla register` and `gorilla login`: the account now logged in.
public struct SignedIn: Presentable {
    public let profile: Profile
    /// Whether the account was just created.
    public let registered: Bool

    public func encode(to encoder: any Encoder) throws {
        try profile.encode(to: encoder)
    }
}

/// `gorilla logout`.
public struct LoggedOut: Presentable {
    public let username: String
    /// Whether the session was revoked on the server too.
    public let revocation: ServerReach
    /// Changes still queued on this device.
    public let queued: Int

    private enum Key: String, CodingKey { case loggedOut }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(true, forKey: .loggedOut)
    }
}

/// `gorilla whoami`: the account and the server it is on.
public struct AccountSummary: Presentable {
    /// The server's copy of the profile, or this device's when the server was not reached.
    public let profile: Profile
    public let server: ServerEndpoint?
    public let source: ServerReach

    public func encode(to encoder: any Encoder) throws {
        try profile.encode(to: encoder)
    }
}

/// `gorilla profile show|edit`.
public struct ProfileDetail: Presentable {
    public let profile: Profile
    /// Whether the profile was just changed.
    public let updated: Bool

    public func encode(to encoder: any Encoder) throws {
        try profile.encode(to: encoder)
    }
}

/// `gorilla password change|reset`.
public enum PasswordUpdated: Presentable {
    /// Changed by the logged-in account; its other devices are logged out.
    case changed
    /// Reset with a one-time token for `user`.
    case reset(user: String)

    private enum Key: String, CodingKey { case changed, reset }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .changed: try container.encode(true, forKey: .changed)
        case .reset: try container.encode(true, forKey: .reset)
        }
    }
}
