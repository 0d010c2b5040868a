import Foundation
import GorillaShared

/// `gorilla clients add`: the invited client and, when the server was reached, their registration code.
public struct ClientInvitation: Presentable {
    /// The new client.
    public let id: UUID
    /// The names given, as given ("" when none).
    public let names: String
    /// The registration code; nil while the invitation is only queued on this device.
    public let code: String?
    /// When the code expires (ISO time).
    public let expires: String?

    public func encode(to encoder: any Encoder) throws {
        var object: [String: JSONValue] = [
            "id": .string(id.key), "code": code.map(JSONValue.string) ?? .null,
            "expires": expires.map(JSONValue.string) ?? .null,
        ]
        if code == nil { object["queued"] = true }
        try JSONValue.object(object).encode(to: encoder)
    }
}

/// `gorilla clients list`.
public struct ClientList: Presentable {
    /// One client of the list.
    public struct Row: Sendable {
        /// The client as synced.
        public let client: EntityRecord
        /// The display name ("Name Surname", else the username).
        public let name: String
        /// The start of their newest session.
        public let lastTrained: String?
        /// The registration code this device keeps, while they are invited.
        public let code: String?
    }

    /// The clients by display name.
    public let clients: [Row]

    public func encode(to encoder: any Encoder) throws {
        try clients.map { row in
            var record = row.client
            record.fields["lastTrained"] = row.lastTrained.map(JSONValue.string) ?? .null
            record.fields["code"] = row.code.map(JSONValue.string) ?? .null
            return record
        }.encode(to: encoder)
    }
}

/// `gorilla clients show`.
public struct ClientDetail: Presentable {
    /// The client as synced.
    public let client: EntityRecord
    /// The display name.
    public let name: String
    /// The registration code this device keeps, while they are invited.
    public let code: String?
    /// When that code expires (ISO time).
    public let codeExpires: String?
    /// Messages from them not read yet.
    public let unread: Int
    /// Their next events (at most 5), cancelled ones left out.
    public let nextEvents: [EntityRecord]
    /// Their newest sessions (at most 5).
    public let recentSessions: [EntityRecord]

    public func encode(to encoder: any Encoder) throws {
        var record = client
        record.fields["unread"] = .number(Double(unread))
        record.fields["nextEvents"] = .array(try nextEvents.map { try JSONValue.encode($0) })
        record.fields["recentSessions"] = .array(recentSessions.map { .string($0.id.key) })
        try record.encode(to: encoder)
    }
}

/// `gorilla clients code` and `gorilla clients reset-password`: a secret the server issued for a client.
public struct IssuedClientSecret: Presentable {
    /// What the secret is for.
    public enum Purpose: Sendable {
        case registrationCode
        case passwordReset
    }

    /// What the secret is for.
    public let purpose: Purpose
    /// The client it was issued for.
    public let client: UUID
    /// The display name (a registration code) or the username (a password reset).
    public let name: String
    /// The code or the one-time token.
    public let secret: String
    /// When it expires (ISO time).
    public let expires: String

    /// A secret issued for `client`.
    public init(_ purpose: Purpose, client: UUID, name: String, secret: String, expires: String) {
        self.purpose = purpose
        self.client = client
        self.name = name
        self.secret = secret
        self.expires = expires
    }

    public func encode(to encoder: any Encoder) throws {
        let object: JSONValue =
            switch purpose {
            case .registrationCode:
                ["id": .string(client.key), "code": .string(secret), "expires": .string(expires)]
            case .passwordReset:
                [
                    "id": .string(client.key), "user": .string(name), "token": .string(secret),
                    "expires": .string(expires),
                ]
            }
        try object.encode(to: encoder)
    }
}

/// `gorilla clients rm`: the removed client as it was, marked deleted.
public struct ClientRemoval: Presentable {
    /// The client as it was, with `deleted: true`.
    public let client: EntityRecord
    /// The display name.
    public let name: String

    public func encode(to encoder: any Encoder) throws {
        try client.encode(to: encoder)
    }
}
