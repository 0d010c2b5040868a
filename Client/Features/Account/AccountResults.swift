import Foundation
import GorillaClientCore
import GorillaShared

/// Whether a step that may run offline reached the server.
package enum ServerReach: Sendable {
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
            self = .offline(reason: GorillaClientCore.describe(error))
        }
    }
}

/// `gorilla connect`: the server now pinned on this device.
package struct ServerPinned {
    package let server: ServerEndpoint
    /// The SHA-256 fingerprint of the certificate pinned.
    package let fingerprint: String
    /// The address the same server (the same certificate) had before, when it moved.
    package let movedFrom: ServerEndpoint?

    /// What `--json` prints: the server's host and port, and the fingerprint.
    package struct JSONForm: Encodable {
        let host: String
        let port: Int
        let fingerprint: String
    }

    package var jsonForm: JSONForm { JSONForm(host: server.host, port: server.port, fingerprint: fingerprint) }
}

/// `gorilla register` and `gorilla login`: the account now logged in.
package struct SignedIn {
    package let profile: Profile
    /// Whether the account was just created.
    package let registered: Bool

    package var jsonForm: some Encodable { profile }
}

/// `gorilla logout`.
package struct LoggedOut {
    package let username: String
    /// Whether the session was revoked on the server too.
    package let revocation: ServerReach
    /// Changes still queued on this device.
    package let queued: Int
    /// Every session of the account ended (`--all`), the calendar feed's address with them.
    package var everywhere = false

    /// What `--json` prints: `{"loggedOut": true}`, and `"everywhere": true` for `--all`.
    package struct JSONForm: Encodable {
        let loggedOut = true
        let everywhere: Bool?
    }

    package var jsonForm: JSONForm { JSONForm(everywhere: everywhere ? true : nil) }
}

/// `gorilla feed`: the calendar feed's address.
package struct FeedAddress {
    package let url: String
    /// A new address was made (`--reset`): the old one no longer answers.
    package let reset: Bool

    /// What `--json` prints: `{"url": …}`.
    package struct JSONForm: Encodable {
        let url: String
    }

    package var jsonForm: JSONForm { JSONForm(url: url) }
}

/// `gorilla whoami`: the account and the server it is on.
package struct AccountSummary {
    /// The server's copy of the profile, or this device's when the server was not reached.
    package let profile: Profile
    package let server: ServerEndpoint?
    package let source: ServerReach

    package var jsonForm: some Encodable { profile }
}

/// `gorilla profile show|edit`.
package struct ProfileDetail {
    package let profile: Profile
    /// Whether the profile was just changed.
    package let updated: Bool
    /// The file the photo was saved to (`--save-photo`).
    package let savedPhoto: String?

    package init(profile: Profile, updated: Bool, savedPhoto: String? = nil) {
        self.profile = profile
        self.updated = updated
        self.savedPhoto = savedPhoto
    }

    /// What `--json` prints: the profile, and `savedPhoto` when the photo was saved.
    package var jsonForm: some Encodable { PhotoSaved(profile, savedPhoto: savedPhoto) }
}

/// A result's JSON with `"savedPhoto": PATH` added when a photo was saved (`--save-photo`).
package struct PhotoSaved<Base: Encodable>: Encodable {
    let base: Base
    let savedPhoto: String?

    package init(_ base: Base, savedPhoto: String?) {
        self.base = base
        self.savedPhoto = savedPhoto
    }

    private enum CodingKeys: String, CodingKey { case savedPhoto }

    package func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        guard let savedPhoto else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(savedPhoto, forKey: .savedPhoto)
    }
}

/// `gorilla password change|reset`.
package enum PasswordUpdated {
    /// Changed by the logged-in account; its other devices are logged out.
    case changed
    /// Reset with a one-time token for `user`.
    case reset(user: String)

    /// What `--json` prints: `{"changed": true}` or `{"reset": true}`.
    package struct JSONForm: Encodable {
        var changed: Bool?
        var reset: Bool?
    }

    package var jsonForm: JSONForm {
        switch self {
        case .changed: JSONForm(changed: true)
        case .reset: JSONForm(reset: true)
        }
    }
}
