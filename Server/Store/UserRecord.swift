import Foundation
import GorillaShared

/// A row of the `users` table.
package struct UserRecord: Sendable, Equatable {
    package var id: UUID
    package var role: Role
    package var username: String
    package var email: String
    package var passwordHash: String
    package var name: String
    package var surname: String
    package var nif: String?
    package var language: Language
    package var photo: String?
    package var coachID: UUID?
    package var disabled: Bool
    package var created: Date
    /// Minutes before an appointment that the account's reminders come; nil: ``GorillaShared/Profile/defaultReminder``.
    package var reminder: Int?
    /// The coach's gym and role, when a request read them in its own transaction (``ServerStore/withGym(_:_:now:)``);
    /// nil otherwise, and then the account reads nothing of a gym.
    package var gym: GymMembership?
    /// The clients colleagues share with the coach, when a request read them in its own transaction
    /// (``ServerStore/withGym(_:_:now:)``); empty otherwise.
    package var sharedClients: Set<UUID> = []
    /// The coaches who share those clients with the coach (their tenants), read with them.
    package var sharingCoaches: Set<UUID> = []

    /// The coach whose tenant this account belongs to: itself for a coach, its coach for a client.
    package var tenantID: UUID { role == .coach ? id : (coachID ?? id) }

    /// The account as the wire shows it.
    package var profile: Profile {
        Profile(
            id: id, role: role, username: username, email: email, name: name, surname: surname,
            nif: nif, language: language, coach: coachID, photo: photo, created: created, reminder: reminder)
    }

    init(row: SQLRow) {
        id = UUID(uuidString: row["id"])!
        role = Role(rawValue: row["role"]) ?? .client
        username = row["username"]
        email = row["email"]
        passwordHash = row["password_hash"]
        name = row["name"]
        surname = row["surname"]
        nif = row["nif"]
        language = Language(rawValue: row["language"]) ?? .en
        photo = row["photo"]
        coachID = (row["coach_id"] as String?).flatMap(UUID.init(uuidString:))
        disabled = (row["disabled"] as Int) != 0
        created = ISOTime.parse(row["created_at"]) ?? Date(timeIntervalSince1970: 0)
        reminder = row["reminder"]
    }

    package init(
        id: UUID = UUID(), role: Role, username: String, email: String, passwordHash: String,
        name: String, surname: String, nif: String?, language: Language, photo: String? = nil,
        coachID: UUID? = nil, disabled: Bool = false, created: Date = Date(), reminder: Int? = nil
    ) {
        self.id = id
        self.role = role
        self.username = username
        self.email = email
        self.passwordHash = passwordHash
        self.name = name
        self.surname = surname
        self.nif = nif
        self.language = language
        self.photo = photo
        self.coachID = coachID
        self.disabled = disabled
        self.created = created
        self.reminder = reminder
    }
}
