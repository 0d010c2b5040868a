import Foundation

/// Where a client stands with their coach.
package enum ClientStatus: String, Codable, Sendable, CaseIterable {
    /// Added by the coach, with a registration code not yet used.
    case invited
    /// Registered: the client has an account.
    case active
    /// Removed by the coach: the account can no longer log in; the history stays with the coach.
    case removed
}

/// A coach's record of one client (the row's id is the client account's id once they register).
package struct Client: EntityDocument {
    package static let kind = EntityKind.client
    /// Fields only the server writes (from the account and the registration code).
    package static let serverManagedFields: Set<String> = [
        "status", "username", "email", "joined", "codeExpires", "coachName", "photo",
    ]
    /// Longest NIF.
    package static let maxNIFLength = 20

    package var name: String?
    package var surname: String?
    package var nif: String?
    package var notes: String?
    package var status: ClientStatus
    package var username: String?
    package var email: String?
    package var joined: Date?
    package var codeExpires: Date?
    /// The coach's full name, as the client's devices show it.
    package var coachName: String?
    /// The SHA-256 of the client account's profile photo (``Profile/photo``), fetched with `media.get`; mirrored by the
    /// server from the account.
    package var photo: String?
    /// The body weight the client aims at, in kg (set by the coach; the limits of ``Measurement/Measure/weight``).
    package var goalWeight: Double?
    /// Sessions a week the client's plan asks for (set by the coach): what compliance is measured against.
    package var perWeek: Int?
    /// The day the coach set ``perWeek`` (the client's calendar day): compliance with the plan counts from its week.
    package var perWeekSince: CalendarDate?
    /// The sessions a week a plan may ask for.
    package static let perWeekRange: ClosedRange<Double> = 1...14

    package init(
        name: String? = nil, surname: String? = nil, nif: String? = nil, notes: String? = nil,
        status: ClientStatus = .invited, username: String? = nil, email: String? = nil, joined: Date? = nil,
        codeExpires: Date? = nil, coachName: String? = nil, goalWeight: Double? = nil, perWeek: Int? = nil,
        perWeekSince: CalendarDate? = nil
    ) {
        self.name = name
        self.surname = surname
        self.nif = nif
        self.notes = notes
        self.status = status
        self.username = username
        self.email = email
        self.joined = joined
        self.codeExpires = codeExpires
        self.coachName = coachName
        self.goalWeight = goalWeight
        self.perWeek = perWeek
        self.perWeekSince = perWeekSince
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case name, surname, nif, notes, status, username, email, joined, codeExpires, coachName, goalWeight, perWeek
        case perWeekSince, photo
    }

    package static let forms = DocumentForms([CodingKeys.perWeek: .count])

    /// Reads a client's document; one that names no status yet (an invitation still queued on the coach's device, which
    /// the server marks invited when it takes it) is invited.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        surname = try container.decodeIfPresent(String.self, forKey: .surname)
        nif = try container.decodeIfPresent(String.self, forKey: .nif)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        status = try container.decodeIfPresent(ClientStatus.self, forKey: .status) ?? .invited
        username = try container.decodeIfPresent(String.self, forKey: .username)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        joined = try container.decodeIfPresent(Date.self, forKey: .joined)
        codeExpires = try container.decodeIfPresent(Date.self, forKey: .codeExpires)
        coachName = try container.decodeIfPresent(String.self, forKey: .coachName)
        goalWeight = try container.decodeIfPresent(Double.self, forKey: .goalWeight)
        perWeek = try container.decodeIfPresent(Int.self, forKey: .perWeek)
        perWeekSince = try container.decodeIfPresent(CalendarDate.self, forKey: .perWeekSince)
        photo = try container.decodeIfPresent(String.self, forKey: .photo)
    }

    /// "Ana Ruiz", or the username, or nil when nothing names the client yet.
    package var fullName: String? {
        let full = [name, surname].compactMap { $0 }.joined(separator: " ")
        return full.isEmpty ? username : full
    }
}

/// A coach's account as their clients and the coach's own devices see it.
package struct Coach: Codable, Sendable, Equatable {
    package var id: UUID
    package var username: String
    package var name: String
    package var surname: String
    package var language: Language

    package init(id: UUID, username: String, name: String, surname: String, language: Language) {
        self.id = id
        self.username = username
        self.name = name
        self.surname = surname
        self.language = language
    }

    /// The coach of a coach's profile; nil for a client's.
    package init?(profile: Profile) {
        guard profile.role == .coach else { return nil }
        self.init(
            id: profile.id, username: profile.username, name: profile.name, surname: profile.surname,
            language: profile.language)
    }

    /// "Ada Lovelace".
    package var fullName: String { "\(name) \(surname)" }
}
