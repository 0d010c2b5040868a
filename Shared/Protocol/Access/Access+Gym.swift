import Foundation

extension Access {
    /// How a coach stands to the gyms: in none (an independent coach, who works exactly as before gyms), or a member
    /// with a role. Clients stand nowhere: no gym operation is theirs.
    package enum GymStanding: Hashable, Sendable {
        case independent
        case member(GymRole)

        /// Every standing, for the tables and their tests.
        package static let all: [GymStanding] = [.independent] + GymRole.allCases.map { .member($0) }
    }

    /// The gym operations and the standings that may run them: the one declaration of who manages a gym.
    ///
    /// An independent coach makes a gym or joins one; every member reads the gym and its members and may leave;
    /// owners and admins invite, remove and rename; only owners change roles and dissolve the gym. The finer rules
    /// on whom an operation touches are ``mayInvite(_:as:)`` and ``mayRemove(_:member:)``; every change of roles is
    /// to or from owner or admin, so `gym.role` is the owners' alone. `docs/security.md` shows it; `PermissionMatrixTests` walks it on a real server.
    package static let gymTable: [Operation: Set<GymStanding>] = [
        .gymCreate: [.independent],
        .gymJoin: [.independent],
        .gymShow: members,
        .gymMembers: members,
        .gymLeave: members,
        .gymInvite: [.member(.owner), .member(.admin)],
        .gymRemove: [.member(.owner), .member(.admin)],
        .gymRename: [.member(.owner), .member(.admin)],
        .gymRole: [.member(.owner)],
        .gymDissolve: [.member(.owner)],
        // Every coach of the gym sees its calendar; a client's name only when the table lets them read the client.
        .gymCalendar: members,
        // The owner's view: figures of every coach, never a note or a message.
        .gymOverview: [.member(.owner), .member(.admin)],
        // A coach hands one of their own clients over to a colleague of the gym.
        .gymTransfer: members,
        .gymMachine: librarians,
        .gymPublish: librarians,
        .gymCopy: members,
        // A coach shares one of their own clients with a colleague of the gym, and ends it (``Relation/sharedClient``).
        .gymShare: members,
        .gymUnshare: members,
    ]

    /// The members who add to the gym's library: those whose relation to it (``libraryRelation(_:)``) may create its
    /// rows in the access table (owners and admins).
    private static let librarians = Set(
        GymRole.allCases.filter { role in
            EntityKind.allCases.contains { may(.create, $0, as: .coach, relation: libraryRelation(role)) }
        }.map { GymStanding.member($0) })

    /// How a coach of `role` in a gym stands to the rows of its library: owners and admins manage it, coaches read it.
    package static func libraryRelation(_ role: GymRole) -> Relation {
        role == .coach ? .gym : .managedGym
    }

    /// Every member, whatever their role.
    private static let members = Set(GymRole.allCases.map { GymStanding.member($0) })

    /// Whether an account of `role` standing `standing` may run the gym operation `op` (a client never may).
    package static func may(_ op: Operation, as role: Role, standing: GymStanding) -> Bool {
        mayBelongToGym(role) && gymTable[op]?.contains(standing) == true
    }

    /// Whether an account of `role` may be in a gym at all: coaches are; a client never runs a gym operation.
    package static func mayBelongToGym(_ role: Role) -> Bool { role == .coach }

    /// The roles an invitation may give: those some member may invite into (``mayInvite(_:as:)``); never owner.
    package static var invitableRoles: [GymRole] {
        GymRole.allCases.filter { role in GymRole.allCases.contains { mayInvite($0, as: role) } }
    }

    /// Whether a member of `inviter`'s role may invite a coach into `role`: owners invite coaches and admins, admins
    /// invite coaches; ownership is handed over (`gym.role`), never given by a code.
    package static func mayInvite(_ inviter: GymRole, as role: GymRole) -> Bool {
        switch (inviter, role) {
        case (.owner, .coach), (.owner, .admin), (.admin, .coach): true
        default: false
        }
    }

    /// Whether a member of `remover`'s role may remove a member of `member`'s role: owners remove anyone else, admins
    /// remove coaches.
    package static func mayRemove(_ remover: GymRole, member: GymRole) -> Bool {
        remover == .owner || (remover == .admin && member == .coach)
    }
}
