import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Where an invited client's registration code stands on this device (codes are stored hashed on the server, so only
/// the device that asked for one holds it; see docs/security.md).
package enum RegistrationCodeState: Sendable, Equatable {
    /// No code to show: the client has registered or was removed, or the invitation has not reached the server yet.
    case none
    /// This device holds the current code.
    case held(String, expires: String)
    /// Another device of the coach holds the current code, valid until `expires`.
    case elsewhere(expires: String)
    /// The last code expired unused.
    case expired

    /// The code and its expiry, when this device holds it.
    package var held: (code: String, expires: String)? {
        if case .held(let code, let expires) = self { return (code, expires) }
        return nil
    }
}

/// `gorilla clients add`: the invited client and, when the server was reached, their registration code.
package struct ClientInvitation {
    /// The new client.
    package let id: UUID
    /// The first name given, if any.
    package let name: String?
    /// The surname given, if any.
    package let surname: String?
    /// The names given, as given ("" when none).
    package var names: String { [name, surname].compactMap { $0 }.joined(separator: " ") }
    /// The registration code; nil while the invitation is only queued on this device.
    package let code: String?
    /// When the code expires (ISO time).
    package let expires: String?

    /// What `--json` prints: the id, and the code with its expiry, or `queued` while the invitation is only queued.
    package struct JSONForm: Encodable {
        @WireID var id: UUID
        let code: String?
        let expires: String?
        let queued: Bool?
    }

    package var jsonForm: JSONForm { JSONForm(id: id, code: code, expires: expires, queued: code == nil ? true : nil) }
}

/// `gorilla clients list`.
package struct ClientList {
    /// One client of the list.
    package struct Row: Sendable {
        /// The client as synced.
        package let client: Stored<Client>
        /// The display name ("Name Surname", else the username).
        package let name: String
        /// The start of their newest session.
        package let lastTrained: String?
        /// Where their registration code stands, while they are invited.
        package let code: RegistrationCodeState
        /// The username of the colleague who shares them with this coach (nil: the coach's own client).
        package let sharedBy: String?
        /// The colleagues this coach shares them with (empty: none).
        package var sharedWith: [String] = []

        /// Whether the coach removed them (`clients list --all` lists them).
        package var removed: Bool { client.deleted }

        init(
            client: Stored<Client>, name: String, lastTrained: String?, code: RegistrationCodeState,
            sharedBy: String? = nil
        ) {
            self.client = client
            self.name = name
            self.lastTrained = lastTrained
            self.code = code
            self.sharedBy = sharedBy
        }
    }

    /// The clients by display name.
    package let clients: [Row]
    /// Whether removed clients are listed too (`--all`).
    package let all: Bool

    /// The members a list's row adds to the client's (each null when it has none).
    private struct Added: Encodable, Sendable {
        let removed: Bool
        let lastTrained: String?
        let code: String?
        /// True for a client a colleague shares with this coach; absent for the coach's own.
        let shared: Bool?
        let sharedBy: String?
        /// The colleagues the coach shares her own client with; absent when none.
        let sharedWith: [String]?
    }

    package var jsonForm: some Encodable {
        clients.map { row in
            DocumentRecord(
                ClientRecords.marked(row.client),
                adding: Added(
                    removed: row.removed, lastTrained: row.lastTrained, code: row.code.held?.code,
                    shared: row.sharedBy == nil ? nil : true, sharedBy: row.sharedBy,
                    sharedWith: row.sharedWith.isEmpty ? nil : row.sharedWith))
        }
    }
}

/// `gorilla clients show`.
package struct ClientDetail {
    /// The client as synced.
    package let client: Stored<Client>
    /// The display name.
    package let name: String
    /// Where their registration code stands, while they are invited.
    package let codeState: RegistrationCodeState
    /// Whether `show --code` asked the server for a new code, replacing the one another device of the coach holds.
    package let replacedCode: Bool
    /// The registration code this device keeps, while they are invited.
    package var code: String? { codeState.held?.code }
    /// When that code expires (ISO time).
    package var codeExpires: String? { codeState.held?.expires }
    /// Whether the coach removed them.
    package var removed: Bool { client.deleted }
    /// Messages from them not read yet.
    package let unread: Int
    /// Their next events (at most 5), cancelled ones left out.
    package let nextEvents: [AppointmentRecord]
    /// Their newest sessions (at most 5).
    package let recentSessions: [Stored<TrainingSession>]
    /// The file their photo was saved to (`--save-photo`).
    package var savedPhoto: String? = nil
    /// The programs they follow and where they stand in each today.
    package var programs: [ProgramStanding] = []
    /// The colleague who shares them with this coach (her username); nil for the coach's own client.
    package var sharedBy: String?

    /// The members `--json` adds to the client's: the code (when this device keeps it), who shares them, unread
    /// messages, next events and the ids of the recent sessions.
    private struct Added: Encodable, Sendable {
        let removed: Bool
        let code: String?
        let sharedBy: String?
        let unread: Int
        let nextEvents: [AppointmentRecord]
        let recentSessions: [String]
        let programs: [ProgramStanding.JSONForm]
    }

    package var jsonForm: some Encodable {
        PhotoSaved(
            DocumentRecord(
                ClientRecords.marked(client),
                adding: Added(
                    removed: removed, code: code, sharedBy: sharedBy, unread: unread, nextEvents: nextEvents,
                    recentSessions: recentSessions.map(\.id.key), programs: programs.map(\.jsonForm))
            ), savedPhoto: savedPhoto)
    }
}

/// `gorilla clients code` and `gorilla clients reset-password`: a secret the server issued for a client.
package struct IssuedClientSecret {
    /// What the secret is for.
    package enum Purpose: Sendable {
        case registrationCode
        case passwordReset
    }

    /// What the secret is for.
    package let purpose: Purpose
    /// The client it was issued for.
    package let client: UUID
    /// The display name (a registration code) or the username (a password reset).
    package let name: String
    /// The code or the one-time token.
    package let secret: String
    /// When it expires (ISO time).
    package let expires: String
    /// Whether the client's `gorilla register client` needs `--name` (the coach gave none), and `--surname`.
    package let needsName: Bool
    package let needsSurname: Bool
    /// For a registration code asked with `--link`: the web door's page where the client registers with it.
    package var link: String? = nil

    /// A secret issued for `client`.
    package init(
        _ purpose: Purpose, client: UUID, name: String, secret: String, expires: String, needsName: Bool = false,
        needsSurname: Bool = false
    ) {
        self.purpose = purpose
        self.client = client
        self.name = name
        self.secret = secret
        self.expires = expires
        self.needsName = needsName
        self.needsSurname = needsSurname
    }

    /// What `--json` prints: the client's id, `code` (a registration code) or `user` and `token` (a password reset),
    /// and `expires`.
    package struct JSONForm: Encodable {
        @WireID var id: UUID
        var code: String?
        var user: String?
        var token: String?
        let expires: String
        var link: String?
    }

    package var jsonForm: JSONForm {
        switch purpose {
        case .registrationCode: JSONForm(id: client, code: secret, expires: expires, link: link)
        case .passwordReset: JSONForm(id: client, user: name, token: secret, expires: expires)
        }
    }
}

/// `gorilla clients rm`: the removed client as it was, marked deleted.
package struct ClientRemoval {
    /// The client as it was.
    package let client: Stored<Client>
    /// The display name.
    package let name: String
    /// Their future appointments the server cancelled (as this device pulled them back).
    package var cancelledEvents = 0
    /// Their future appointments still to be cancelled when this device syncs (offline).
    package var pendingEvents = 0

    /// The members `--json` adds to the client's: `deleted: true` and the appointments cancelled.
    private struct Added: Encodable, Sendable {
        let deleted = true
        let cancelledEvents: Int
    }

    package var jsonForm: some Encodable { DocumentRecord(client, adding: Added(cancelledEvents: cancelledEvents)) }
}

/// How a client's row reads in `--json`: a removed one says so (`"removed": true`, `"status": "removed"`).
enum ClientRecords {
    /// The row with a removed client's status set to removed.
    static func marked(_ client: Stored<Client>) -> Stored<Client> {
        guard client.deleted else { return client }
        var value = client.value
        value.status = .removed
        return Stored(id: client.id, value: value, version: client.version, deleted: client.deleted)
    }
}
