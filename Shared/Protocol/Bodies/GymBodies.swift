import Foundation

/// `gym.create` and `gym.rename`: the gym's name.
package struct GymNameBody: Codable, Sendable {
    package var name: String
    package init(name: String) { self.name = name }
}

/// `gym.invite`: the role the invited coach will have (coach when absent).
package struct GymInviteBody: Codable, Sendable {
    package var role: GymRole?
    package init(role: GymRole? = nil) { self.role = role }
}

/// `gym.invite` reply: a single-use code for one coach to join the gym, with the role it gives and its expiry.
package struct GymInvitation: Codable, Sendable {
    package var gym: String
    package var code: String
    package var role: GymRole
    package var expires: Date
    package init(gym: String, code: String, role: GymRole, expires: Date) {
        self.gym = gym
        self.code = code
        self.role = role
        self.expires = expires
    }
}

/// `gym.join`: an invitation's code.
package struct GymCodeBody: Codable, Sendable {
    package var code: String
    package init(code: String) { self.code = code }
}

/// `gym.remove`: a member, by username.
package struct GymMemberBody: Codable, Sendable {
    package var user: String
    package init(user: String) { self.user = user }
}

/// `gym.role`: a member, by username, and their new role (`owner` hands ownership over).
package struct GymRoleBody: Codable, Sendable {
    package var user: String
    package var role: GymRole
    package init(user: String, role: GymRole) {
        self.user = user
        self.role = role
    }
}

/// `gym.members` reply: the gym and its coaches, owners first.
package struct GymMembersReply: Codable, Sendable {
    package var gym: Gym
    package var members: [GymMember]
    package init(gym: Gym, members: [GymMember]) {
        self.gym = gym
        self.members = members
    }
}

/// `gym.role` and `gym.remove` reply: the member as they now stand (`role` absent once removed).
package struct GymMemberChange: Codable, Sendable {
    package var gym: String
    package var user: String
    package var name: String
    package var role: GymRole?
    /// The asking owner's own role after the change (`admin` once they handed ownership over).
    package var yourRole: GymRole?
    package init(gym: String, user: String, name: String, role: GymRole?, yourRole: GymRole? = nil) {
        self.gym = gym
        self.user = user
        self.name = name
        self.role = role
        self.yourRole = yourRole
    }
}

/// `gym.leave` and `gym.dissolve` reply: the gym the account is no longer in, and how many coaches it had.
package struct GymGone: Codable, Sendable {
    package var gym: String
    package var members: Int
    package init(gym: String, members: Int) {
        self.gym = gym
        self.members = members
    }
}

/// `gym.machine`: a machine of the gym's library, by name (`id` chosen by the device, or by the server when absent).
package struct GymMachineBody: Codable, Sendable {
    @WireID package var id: UUID?
    package var name: String
    package init(id: UUID? = nil, name: String) {
        self.id = id
        self.name = name
    }
}

/// `gym.publish` and `gym.copy`: a row of the catalogue (an exercise, a training; a machine) to publish to the gym's
/// library from the coach's own catalogue, or to copy from the library into it.
package struct GymLibraryBody: Codable, Sendable {
    package var kind: EntityKind
    @WireID package var id: UUID
    package init(kind: EntityKind, id: UUID) {
        self.kind = kind
        self.id = id
    }
}

/// `gym.machine`, `gym.publish` and `gym.copy` reply: the rows written, the one asked for first, then those it uses
/// (a training's exercises, an exercise's machine); a row `matched` was there already by that name and is used as
/// it is, not doubled.
package struct GymLibraryReply: Codable, Sendable, Equatable {
    package struct Row: Codable, Sendable, Equatable {
        package var kind: EntityKind
        @WireID package var id: UUID
        package var name: String
        package var matched: Bool
        package init(kind: EntityKind, id: UUID, name: String, matched: Bool) {
            self.kind = kind
            self.id = id
            self.name = name
            self.matched = matched
        }
    }

    package var gym: String
    package var rows: [Row]
    package init(gym: String, rows: [Row]) {
        self.gym = gym
        self.rows = rows
    }
}
