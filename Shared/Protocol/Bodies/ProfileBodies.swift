import Foundation

/// An account as its owner (and, for clients, their coach) sees it.
public struct Profile: Codable, Sendable, Equatable {
    @WireID public var id: UUID
    public var role: Role
    public var username: String
    public var email: String
    public var name: String
    public var surname: String
    public var nif: String?
    public var language: Language
    /// The coach of a client account.
    @WireID public var coach: UUID?
    /// The SHA-256 of the photo, fetched with `media.get`.
    public var photo: String?
    public var created: Date
    /// Minutes before an appointment that its reminder comes (`gorilla watch`, the VALARM of exports); nil means
    /// ``defaultReminder``.
    public var reminder: Int?

    /// Minutes before an appointment that reminders come when the account does not say.
    public static let defaultReminder = 30
    /// The reminder times an account may choose, in minutes (up to a week).
    public static let reminderRange = 0...10_080

    /// The account's reminder time, in minutes.
    public var reminderMinutes: Int { reminder ?? Self.defaultReminder }

    public init(
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
public struct ProfileUpdateBody: Codable, Sendable {
    public var name: String?
    public var surname: String?
    /// A new NIF; an empty string removes it.
    public var nif: String?
    public var language: Language?
    public var email: String?
    /// The SHA-256 of an image uploaded with `media.put`; an empty string removes the photo.
    public var photo: String?
    /// Minutes before an appointment that its reminder comes (``Profile/reminderRange``).
    public var reminder: Int?

    public init(
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
public struct MediaPutBody: Codable, Sendable {
    public var sha256: String
    public var total: Int
    public var offset: Int
    /// Base64 of this chunk (at most ``MediaLimits/chunkBytes`` bytes before encoding).
    public var data: String
    public init(sha256: String, total: Int, offset: Int, data: String) {
        self.sha256 = sha256
        self.total = total
        self.offset = offset
        self.data = data
    }
}

/// `media.put` reply: how many bytes the server holds, and whether the image is complete.
public struct MediaPutReply: Codable, Sendable {
    public var received: Int
    public var complete: Bool
    public var type: String?
    public init(received: Int, complete: Bool, type: String?) {
        self.received = received
        self.complete = complete
        self.type = type
    }
}

/// `media.get`: a chunk of a stored image.
public struct MediaGetBody: Codable, Sendable {
    public var sha256: String
    public var offset: Int
    public init(sha256: String, offset: Int = 0) {
        self.sha256 = sha256
        self.offset = offset
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sha256 = try container.decode(String.self, forKey: .sha256)
        offset = try container.decodeIfPresent(Int.self, forKey: .offset) ?? 0
    }
}

/// `media.get` reply.
public struct MediaGetReply: Codable, Sendable {
    public var total: Int
    public var offset: Int
    public var data: String
    public var type: String
    public init(total: Int, offset: Int, data: String, type: String) {
        self.total = total
        self.offset = offset
        self.data = data
        self.type = type
    }
}

/// Sizes for images.
public enum MediaLimits {
    /// Largest image accepted (2 MiB).
    public static let maxBytes = 2 * 1024 * 1024
    /// Bytes per `media.put`/`media.get` chunk, so a chunk line stays well under the line limit.
    public static let chunkBytes = 512 * 1024
}
