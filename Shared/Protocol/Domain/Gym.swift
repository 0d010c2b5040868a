import Foundation

/// A coach's role in a gym: the owner runs it (at least one at all times), admins help manage it, coaches work in it.
package enum GymRole: String, Codable, Sendable, CaseIterable, Comparable {
    case owner, admin, coach

    /// Owners first, then admins, then coaches (the order `gym members` lists them in).
    package static func < (lhs: GymRole, rhs: GymRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A gym as its members see it: its name, when it was made, how many coaches it has, and the asking coach's role.
package struct Gym: Codable, Sendable, Equatable {
    @WireID package var id: UUID
    package var name: String
    package var created: Date
    /// The role of the account that asked.
    package var role: GymRole
    /// How many coaches belong to the gym, owners and admins included.
    package var members: Int

    package init(id: UUID, name: String, created: Date, role: GymRole, members: Int) {
        self.id = id
        self.name = name
        self.created = created
        self.role = role
        self.members = members
    }
}

/// One coach of a gym, as `gym members` lists them.
package struct GymMember: Codable, Sendable, Equatable {
    /// The coach's account.
    @WireID package var id: UUID
    package var username: String
    package var name: String
    package var surname: String
    package var role: GymRole
    package var joined: Date

    package init(id: UUID, username: String, name: String, surname: String, role: GymRole, joined: Date) {
        self.id = id
        self.username = username
        self.name = name
        self.surname = surname
        self.role = role
        self.joined = joined
    }
}
