import Foundation
import GorillaShared

/// What a valid gym invitation is for: the gym and the role it gives.
struct GymGrant: Sendable {
    let gymID: UUID
    let role: GymRole
    /// The code's stored hash, to spend it.
    let hash: String
}

/// A gym's invitations: single-use codes of the registration codes' form (``GorillaShared/RegistrationCode``), stored
/// hashed, that expire; a coach redeems one with `gym.join`, or when signing up (`auth.signup` with `gymCode`).
extension ServerStore {
    /// `gym.invite`: a new code with which one coach joins the gym of `principal` as `role`, valid `lifetime` from
    /// `now`.
    /// - Throws: ``ServerError`` `forbidden` when `principal`'s role may not invite into `role`.
    package func issueGymInvite(
        _ principal: UserRecord, role: GymRole, lifetime: TimeInterval, now: Date
    ) async throws -> GymInvitation {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymInvite)
            guard Access.mayInvite(membership.role, as: role) else { throw ServerError.forbidden }
            // Expired invitations go; live unused ones are bounded, so that a gym's table never grows without end.
            try db.execute(
                sql: "DELETE FROM gym_invites WHERE gym_id = ? AND used_at IS NULL AND expires_at <= ?",
                arguments: [membership.gymID.key, ISOTime.format(now)])
            let live =
                try db.value(
                    Int.self, sql: "SELECT COUNT(*) FROM gym_invites WHERE gym_id = ? AND used_at IS NULL",
                    arguments: [membership.gymID.key]) ?? 0
            guard live < Self.liveGymInvitesLimit else {
                throw ServerError(.tooLarge, "at most \(Self.liveGymInvitesLimit) unused invitations")
            }
            let code = RegistrationCode.random()
            let expires = now.addingTimeInterval(lifetime)
            try db.execute(
                sql: """
                    INSERT INTO gym_invites (hash, gym_id, role, created_by, created_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    RegistrationCodes.hash(code)!, membership.gymID.key, role.rawValue, principal.id.key,
                    ISOTime.format(now), ISOTime.format(expires),
                ])
            return GymInvitation(gym: membership.gymName, code: code, role: role, expires: expires)
        }
    }

    /// The most unused, unexpired invitations a gym holds at once.
    package static let liveGymInvitesLimit = 100

    /// Checks an invitation's code: unknown (or of a dissolved gym), used and expired codes are the registration
    /// codes' distinct errors, which the code-guess limit counts. An invitation holds only while whoever made it is
    /// still a member of its gym whose role may invite into its role (``GorillaShared/Access/mayInvite(_:as:)``): a
    /// member who left, was removed or stepped down cannot bring anyone in, themselves included, with codes made before.
    static func gymGrant(_ db: any SQLTransaction, code: String, now: Date) throws -> GymGrant {
        guard let hash = RegistrationCodes.hash(code),
            let row = try db.fetchOne(sql: "SELECT * FROM gym_invites WHERE hash = ?", arguments: [hash]),
            let gymID = UUID(uuidString: row["gym_id"]), let role = GymRole(rawValue: row["role"])
        else { throw ServerError(.invalidCode) }
        let issuer = try db.fetchOne(
            sql: "SELECT role FROM gym_members WHERE account_id = ? AND gym_id = ?",
            arguments: [row["created_by"] as String, gymID.key])
        guard let issuerRole = issuer.flatMap({ GymRole(rawValue: $0["role"]) }), Access.mayInvite(issuerRole, as: role)
        else { throw ServerError(.invalidCode) }
        if (row["used_at"] as String?) != nil { throw ServerError(.codeUsed) }
        guard let expires = ISOTime.parse(row["expires_at"]), expires > now else { throw ServerError(.codeExpired) }
        return GymGrant(gymID: gymID, role: role, hash: hash)
    }

    /// Drops the unused invitations `account` made: it left or was removed from its gym, or its role changed.
    static func dropInvitations(_ db: any SQLTransaction, madeBy account: UUID) throws {
        try db.execute(
            sql: "DELETE FROM gym_invites WHERE created_by = ? AND used_at IS NULL", arguments: [account.key])
    }

    /// Spends the invitation `grant` on `account`, who joins its gym in its role; returns the gym as they see it.
    static func redeem(_ db: any SQLTransaction, _ grant: GymGrant, account: UUID, now: Date) throws -> Gym {
        try addMember(db, account: account, gymID: grant.gymID, role: grant.role, now: now)
        try db.execute(
            sql: "UPDATE gym_invites SET used_at = ?, used_by = ? WHERE hash = ?",
            arguments: [ISOTime.format(now), account.key, grant.hash])
        guard let membership = try membership(db, of: account) else { throw ServerError(.invalidCode) }
        return try gym(db, membership)
    }

    /// `gym.join`: `principal`, an independent coach, joins the gym of the invitation `code`.
    package func joinGym(_ principal: UserRecord, code: String, now: Date) async throws -> Gym {
        try await write { db in
            _ = try Self.standing(db, principal, for: .gymJoin)
            return try Self.redeem(db, try Self.gymGrant(db, code: code, now: now), account: principal.id, now: now)
        }
    }

    /// A coach's sign-up with a gym's invitation, in one transaction: the code is checked first (a wrong one creates
    /// no account), then the account is stored and joins the gym.
    package func registerCoach(_ user: UserRecord, gymCode: String, now: Date) async throws -> Gym {
        try await write { db in
            let grant = try Self.gymGrant(db, code: gymCode, now: now)
            try Self.insertUser(db, user)
            return try Self.redeem(db, grant, account: user.id, now: now)
        }
    }
}

/// A gym and its members, as the operator lists them (`gorilla-server gyms list`).
package struct GymListing: Sendable, Codable {
    package struct Member: Sendable, Codable {
        package var username: String
        package var name: String
        package var role: GymRole
    }
    @WireID package var id: UUID
    package var name: String
    package var created: Date
    package var members: [Member]
}

extension ServerStore {
    /// Every gym, oldest first, with its members, owners first (for the operator).
    package func allGyms() async throws -> [GymListing] {
        try await read { db in
            var gyms: [GymListing] = try db.fetchAll(sql: "SELECT * FROM gyms ORDER BY created_at, id").compactMap {
                row in
                guard let id = UUID(uuidString: row["id"]) else { return nil }
                return GymListing(
                    id: id, name: row["name"],
                    created: ISOTime.parse(row["created_at"]) ?? Date(timeIntervalSince1970: 0),
                    members: [])
            }
            for index in gyms.indices {
                gyms[index].members = try db.fetchAll(
                    sql: """
                        SELECT u.username, u.username_key, u.name, u.surname, m.role FROM gym_members m
                        JOIN users u ON u.id = m.account_id WHERE m.gym_id = ?
                        """, arguments: [gyms[index].id.key]
                ).compactMap { row -> (GymListing.Member, String)? in
                    guard let role = GymRole(rawValue: row["role"]) else { return nil }
                    let name = "\(row["name"] as String) \(row["surname"] as String)"
                    return (GymListing.Member(username: row["username"], name: name, role: role), row["username_key"])
                }.sorted { ($0.0.role, $0.1) < ($1.0.role, $1.1) }.map(\.0)
            }
            return gyms
        }
    }
}
