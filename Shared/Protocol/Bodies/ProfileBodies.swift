import Foundation

/// An account as its owner (and, for clients, their coach) sees it.
package struct Profile: Codable, Sendable, Equatable {
    @WireID package var id: UUID
    package var role: Role
    package var username: String
    package var email: String
    package var name: String
    package var surname: String
    package var nif: String?
    package var language: Language
    /// The coach of a client account.
    @WireID package var coach: UUID?
    /// The SHA-256 of the photo, fetched with `media.get`.
    package var photo: String?
    package var created: Date
    /// Minutes before an appointment that its reminder comes (`gorilla watch`, the VALARM of exports); nil means
    /// ``defaultReminder``.
    package var reminder: Int?
    /// A client account's coaches: their own coach and the colleagues their data is shared with (absent for a coach).
    package var coaches: [ProfileCoach]?

    /// Minutes before an appointment that reminders come when the account does not say.
    package static let defaultReminder = 30
    /// The reminder times an account may choose, in minutes (up to a week).
    package static let reminderRange = 0...10_080

    /// The account's reminder time, in minutes.
    package var reminderMinutes: Int { reminder ?? Self.defaultReminder }

    package init(
        id: UUID, role: Role, username: String, email: String, name: String, surname: String,
        nif: String?, language: Language, coach: UUID?, photo: String?, created: Date, reminder: Int? = nil
    ) {
        self.id = id
        self.role = role
        self.username = username
        self.email = email
        self.name = name
        self.surname = surname
        self.nif = nif
        self.language = language
        self.coach = coach
        self.photo = photo
        self.created = created
        self.reminder = reminder
    }
}

/// `profile.update`: the fields to change; absent fields stay as they are.
package struct ProfileUpdateBody: Codable, Sendable {
    package var name: String?
    package var surname: String?
    /// A new NIF; an empty string removes it.
    package var nif: String?
    package var language: Language?
    package var email: String?
    /// The SHA-256 of an image uploaded with `media.put`; an empty string removes the photo.
    package var photo: String?
    /// Minutes before an appointment that its reminder comes (``Profile/reminderRange``).
    package var reminder: Int?

    package init(
        name: String? = nil, surname: String? = nil, nif: String? = nil, language: Language? = nil,
        email: String? = nil, photo: String? = nil, reminder: Int? = nil
    ) {
        self.name = name
        self.surname = surname
        self.nif = nif
        self.language = language
        self.email = email
        self.photo = photo
        self.reminder = reminder
    }
}

/// `media.put`: one chunk of an image upload, addressed by the SHA-256 of the whole image.
package struct MediaPutBody: Codable, Sendable {
    package var sha256: String
    package var total: Int
    package var offset: Int
    /// Base64 of this chunk (at most ``MediaLimits/chunkBytes`` bytes before encoding).
    package var data: String
    package init(sha256: String, total: Int, offset: Int, data: String) {
        self.sha256 = sha256
        self.total = total
        self.offset = offset
        self.data = data
    }
}

/// `media.put` reply: how many bytes the server holds, and whether the image is complete.
package struct MediaPutReply: Codable, Sendable {
    package var received: Int
    package var complete: Bool
    package var type: String?
    package init(received: Int, complete: Bool, type: String?) {
        self.received = received
        self.complete = complete
        self.type = type
    }
}

/// `media.get`: a chunk of a stored image.
package struct MediaGetBody: Codable, Sendable {
    package var sha256: String
    package var offset: Int
    package init(sha256: String, offset: Int = 0) {
        self.sha256 = sha256
        self.offset = offset
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sha256 = try container.decode(String.self, forKey: .sha256)
        offset = try container.decodeIfPresent(Int.self, forKey: .offset) ?? 0
    }
}

/// `media.get` reply.
package struct MediaGetReply: Codable, Sendable {
    package var total: Int
    package var offset: Int
    package var data: String
    package var type: String
    package init(total: Int, offset: Int, data: String, type: String) {
        self.total = total
        self.offset = offset
        self.data = data
        self.type = type
    }
}

/// Sizes for images.
package enum MediaLimits {
    /// Largest image accepted (2 MiB).
    package static let maxBytes = 2 * 1024 * 1024
    /// Bytes per `media.put`/`media.get` chunk, so a chunk line stays well under the line limit.
    package static let chunkBytes = 512 * 1024
}
