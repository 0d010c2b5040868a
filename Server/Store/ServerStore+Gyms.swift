import Foundation
import GorillaShared

/// A coach's place in a gym: the gym and the coach's role in it, the fact every gym rule starts from.
package struct GymMembership: Sendable, Equatable {
    package var gymID: UUID
    package var gymName: String
    package var gymCreated: Date
    package var role: GymRole
}

/// The gyms: who belongs to which, in what role, and the operations that change it (``GorillaShared/Access/gymTable``
/// decides who may run each, here, inside the operation's transaction).
///
/// Membership is never kept by a connection or a process: every request that needs it reads it in its own
/// transaction (``membership(of:)``), so a coach removed on one instance has lost the gym at their next request on
/// every instance.
extension ServerStore {
    /// The gym and role of `account`, as stored now; nil when the account is in no gym.
    package func membership(of account: UUID) async throws -> GymMembership? {
        try await read { db in try Self.membership(db, of: account) }
    }

    /// The gym and role of `account` as `db` sees it.
    static func membership(_ db: any SQLTransaction, of account: UUID) throws -> GymMembership? {
        guard
            let row = try db.fetchOne(
                sql: """
                    SELECT g.id, g.name, g.created_at, m.role FROM gym_members m JOIN gyms g ON g.id = m.gym_id
                    WHERE m.account_id = ?
                    """, arguments: [account.key]),
            let id = UUID(uuidString: row["id"]), let role = GymRole(rawValue: row["role"])
        else { return nil }
        return GymMembership(
            gymID: id, gymName: row["name"],
            gymCreated: ISOTime.parse(row["created_at"]) ?? Date(timeIntervalSince1970: 0),
            role: role)
    }

    /// The membership of `principal` when the access table lets it run `op` (nil: an independent coach creating or
    /// joining a gym).
    /// - Throws: ``ServerError`` `forbidden` for a client or a role the table does not name, `notInGym` for an
    ///   independent coach asking a member's operation, `alreadyInGym` for a member creating or joining one.
    static func standing(
        _ db: any SQLTransaction, _ principal: UserRecord, for op: GorillaShared.Operation
    ) throws -> GymMembership? {
        guard Access.mayBelongToGym(principal.role) else { throw ServerError.forbidden }
        let membership = try membership(db, of: principal.id)
        let standing = membership.map { Access.GymStanding.member($0.role) } ?? .independent
        guard Access.may(op, as: principal.role, standing: standing) else {
            guard let membership else { throw ServerError(.notInGym) }
            if Access.may(op, as: principal.role, standing: .independent) {
                throw ServerError(.alreadyInGym, WireText.quoted(membership.gymName))
            }
            // A member whose role the table leaves out is told who may.
            throw ServerError(.forbidden) { Access.gymRoleRefusal(op, in: $0) }
        }
        return membership
    }

    /// ``standing(_:_:for:)`` for an operation only members run.
    static func member(
        _ db: any SQLTransaction, _ principal: UserRecord, for op: GorillaShared.Operation
    ) throws -> GymMembership {
        guard let membership = try standing(db, principal, for: op) else { throw ServerError(.notInGym) }
        return membership
    }

    /// The gym as `membership`'s holder sees it.
    static func gym(_ db: any SQLTransaction, _ membership: GymMembership) throws -> Gym {
        let count =
            try db.value(
                Int.self, sql: "SELECT COUNT(*) FROM gym_members WHERE gym_id = ?", arguments: [membership.gymID.key])
            ?? 0
        return Gym(
            id: membership.gymID, name: membership.gymName, created: membership.gymCreated, role: membership.role,
            members: count)
    }

    /// The member of the gym `gymID` whose username is `username` (any case), with their role.
    /// - Throws: ``ServerError`` `notAGymMember` when no member of that gym has the name.
    static func gymMember(
        _ db: any SQLTransaction, gymID: UUID, username: String
    ) throws -> (account: UserRecord, role: GymRole) {
        guard let key = Validation.loginKey(username),
            let row = try db.fetchOne(
                sql: """
                    SELECT u.*, m.role AS gym_role FROM users u JOIN gym_members m ON m.account_id = u.id
                    WHERE m.gym_id = ? AND u.username_key = ?
                    """, arguments: [gymID.key, key]),
            let role = GymRole(rawValue: row["gym_role"])
        else { throw ServerError(.notAGymMember, WireText.quoted(username)) }
        return (UserRecord(row: row), role)
    }

    /// How many owners the gym `gymID` has.
    static func ownerCount(_ db: any SQLTransaction, gymID: UUID) throws -> Int {
        try db.value(
            Int.self, sql: "SELECT COUNT(*) FROM gym_members WHERE gym_id = ? AND role = 'owner'",
            arguments: [gymID.key]) ?? 0
    }

    /// Adds `account` to the gym `gymID` in `role`.
    static func addMember(
        _ db: any SQLTransaction, account: UUID, gymID: UUID, role: GymRole, now: Date
    ) throws {
        try db.execute(
            sql: "INSERT INTO gym_members (account_id, gym_id, role, joined_at) VALUES (?, ?, ?, ?)",
            arguments: [account.key, gymID.key, role.rawValue, ISOTime.format(now)])
    }

    /// A gym's name as stored: trimmed, without control characters, at most ``Validation/maximumNameLength``.
    static func gymName(_ text: String) throws -> String {
        guard let name = Validation.cleanName(text) else { throw ServerError.invalid("name") }
        return name
    }

    // MARK: Operations

    /// `gym.create`: a new gym named `name` whose owner is `principal`, an independent coach.
    package func createGym(_ principal: UserRecord, name: String, now: Date) async throws -> Gym {
        let name = try Self.gymName(name)
        return try await write { db in
            _ = try Self.standing(db, principal, for: .gymCreate)
            let id = UUID()
            try db.execute(
                sql: "INSERT INTO gyms (id, name, created_at, created_by) VALUES (?, ?, ?, ?)",
                arguments: [id.key, name, ISOTime.format(now), principal.id.key])
            try Self.addMember(db, account: principal.id, gymID: id, role: .owner, now: now)
            return Gym(id: id, name: name, created: now, role: .owner, members: 1)
        }
    }

    /// `gym.show`: the gym of `principal`.
    package func showGym(_ principal: UserRecord) async throws -> Gym {
        try await read { db in try Self.gym(db, Self.member(db, principal, for: .gymShow)) }
    }

    /// `gym.members`: the gym of `principal` and its coaches, owners first, then by username.
    package func gymMembers(_ principal: UserRecord) async throws -> GymMembersReply {
        try await read { db in
            let membership = try Self.member(db, principal, for: .gymMembers)
            let members = try db.fetchAll(
                sql: """
                    SELECT u.id, u.username, u.username_key, u.name, u.surname, m.role, m.joined_at
                    FROM gym_members m JOIN users u ON u.id = m.account_id WHERE m.gym_id = ?
                    """, arguments: [membership.gymID.key]
            ).compactMap { row -> (GymMember, String)? in
                guard let id = UUID(uuidString: row["id"]), let role = GymRole(rawValue: row["role"]) else {
                    return nil
                }
                let member = GymMember(
                    id: id, username: row["username"], name: row["name"], surname: row["surname"], role: role,
                    joined: ISOTime.parse(row["joined_at"]) ?? Date(timeIntervalSince1970: 0))
                return (member, row["username_key"])
            }.sorted { ($0.0.role, $0.1) < ($1.0.role, $1.1) }.map(\.0)
            return GymMembersReply(gym: try Self.gym(db, membership), members: members)
        }
    }

    /// `gym.rename`: the gym of `principal` (an owner or admin) takes `name`.
    package func renameGym(_ principal: UserRecord, name: String) async throws -> Gym {
        let name = try Self.gymName(name)
        return try await write { db in
            var membership = try Self.member(db, principal, for: .gymRename)
            try db.execute(sql: "UPDATE gyms SET name = ? WHERE id = ?", arguments: [name, membership.gymID.key])
            membership.gymName = name
            return try Self.gym(db, membership)
        }
    }

    /// `gym.role`: an owner moves the member `username` to `role`. Making another member owner hands ownership over:
    /// the asking owner becomes an admin. An owner stepping down leaves another owner, or is refused (`lastOwner`).
    package func changeGymRole(
        _ principal: UserRecord, username: String, to role: GymRole
    ) async throws
        -> GymMemberChange
    {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymRole)
            let target = try Self.gymMember(db, gymID: membership.gymID, username: username)
            var yourRole = membership.role
            let handsOver = role == .owner && target.account.id != principal.id && membership.role == .owner
            if target.account.id == principal.id, target.role == .owner, role != .owner,
                try Self.ownerCount(db, gymID: membership.gymID) < 2
            {
                throw ServerError(.lastOwner)
            }
            try db.execute(
                sql: "UPDATE gym_members SET role = ? WHERE account_id = ? AND gym_id = ?",
                arguments: [role.rawValue, target.account.id.key, membership.gymID.key])
            try Self.dropInvitations(db, madeBy: target.account.id)
            if handsOver {
                yourRole = .admin
                try db.execute(
                    sql: "UPDATE gym_members SET role = ? WHERE account_id = ? AND gym_id = ?",
                    arguments: [GymRole.admin.rawValue, principal.id.key, membership.gymID.key])
                try Self.dropInvitations(db, madeBy: principal.id)
            } else if target.account.id == principal.id {
                yourRole = role
            }
            return GymMemberChange(
                gym: membership.gymName, user: target.account.username,
                name: "\(target.account.name) \(target.account.surname)", role: role, yourRole: yourRole)
        }
    }

    /// `gym.leave`: `principal` leaves their gym, keeping everything of their own; the last owner cannot.
    package func leaveGym(_ principal: UserRecord) async throws -> GymGone {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymLeave)
            let gym = try Self.gym(db, membership)
            if membership.role == .owner, try Self.ownerCount(db, gymID: membership.gymID) < 2 {
                throw ServerError(.lastOwner)
            }
            try db.execute(sql: "DELETE FROM gym_members WHERE account_id = ?", arguments: [principal.id.key])
            try Self.dropInvitations(db, madeBy: principal.id)
            try Self.endShares(db, of: principal.id)
            return GymGone(gym: gym.name, members: gym.members - 1)
        }
    }

    /// `gym.remove`: an owner removes any other member, an admin a coach (``GorillaShared/Access/mayRemove``); the
    /// member keeps everything of their own. Removing oneself is leaving (`gym.leave`).
    package func removeFromGym(_ principal: UserRecord, username: String) async throws -> GymMemberChange {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymRemove)
            let target = try Self.gymMember(db, gymID: membership.gymID, username: username)
            if target.account.id == principal.id, membership.role == .owner,
                try Self.ownerCount(db, gymID: membership.gymID) < 2
            {
                throw ServerError(.lastOwner)
            }
            guard target.account.id == principal.id || Access.mayRemove(membership.role, member: target.role) else {
                throw ServerError.forbidden
            }
            try db.execute(sql: "DELETE FROM gym_members WHERE account_id = ?", arguments: [target.account.id.key])
            try Self.dropInvitations(db, madeBy: target.account.id)
            try Self.endShares(db, of: target.account.id)
            return GymMemberChange(
                gym: membership.gymName, user: target.account.username,
                name: "\(target.account.name) \(target.account.surname)", role: nil,
                yourRole: target.account.id == principal.id ? nil : membership.role)
        }
    }

    /// `gym.dissolve`: an owner ends the gym; every member becomes an independent coach with all of their own data,
    /// and the gym's unused invitations stop working.
    package func dissolveGym(_ principal: UserRecord) async throws -> GymGone {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymDissolve)
            let gym = try Self.gym(db, membership)
            try db.execute(
                sql: """
                    DELETE FROM client_shares WHERE coach_id IN (SELECT account_id FROM gym_members WHERE gym_id = ?)
                    """, arguments: [membership.gymID.key])
            for table in ["gym_invites", "gym_members"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE gym_id = ?", arguments: [membership.gymID.key])
            }
            try db.execute(sql: "DELETE FROM gyms WHERE id = ?", arguments: [membership.gymID.key])
            return GymGone(gym: gym.name, members: gym.members)
        }
    }
}
