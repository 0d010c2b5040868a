import Foundation
import GorillaShared

/// Shared clients (`gym.share`, `gym.unshare`): a coach lets a colleague of the gym read one of their clients
/// (``GorillaShared/Access/Relation/sharedClient``).
///
/// A share lives in `client_shares` and counts only before its end and while both coaches are members of one gym,
/// which the statements that read it check themselves (``liveSharesCondition``): a coach who leaves, or is removed,
/// loses the client at their next request on every instance.
extension ServerStore {
    /// The `client_shares` rows (aliased `s`) live for the colleague given as the first argument at the instant given
    /// as the second: before their end, with both coaches in one gym.
    static let liveSharesCondition = """
        s.shared_with = ? AND (s.until_at IS NULL OR s.until_at > ?)
        AND EXISTS (SELECT 1 FROM gym_members a JOIN gym_members b ON b.gym_id = a.gym_id
                    WHERE a.account_id = s.shared_with AND b.account_id = s.coach_id)
        """

    /// The condition (and arguments) that picks the rows above `since` about the clients shared with `principal` at
    /// `now`, of the kinds the access table lets a colleague read (read by `entities_client_version`); rows only their
    /// recorder reads (a draft) only when the colleague recorded them.
    static func sharedClientsRun(
        _ principal: UserRecord, since: Int64, now: Date, dialect: SQLDialect
    ) -> (String, SQLArguments) {
        let kinds = EntityKind.allCases.filter { Access.may(.read, $0, as: principal.role, relation: .sharedClient) }
        let party = partyCondition(principal, dialect)
        return (
            """
            client_id IN (SELECT s.client_id FROM client_shares s WHERE \(liveSharesCondition))
            AND coach_id IN (SELECT s.coach_id FROM client_shares s WHERE \(liveSharesCondition))
            AND version > ? AND kind IN (\(kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
            AND \(recorderCondition) AND \(party.0)
            """,
            [principal.id.key, ISOTime.format(now), principal.id.key, ISOTime.format(now), since, principal.id.key]
                + party.1
        )
    }

    /// The names of the kinds whose rows are about a client, as the rows spell them: a row of another tenant of one of
    /// these reaches a coach only as a shared client's (``sharedClientsRun(_:since:now:dialect:)``).
    static let sharedKindNames = EntityKind.allCases.filter { $0.scope == .client }.map { Array($0.rawValue.utf8) }

    /// The clients shared with `account` at `now`, and the coaches who share them, as `db` sees them.
    static func sharedClients(
        _ db: any SQLTransaction, with account: UUID, now: Date
    ) throws -> (clients: Set<UUID>, coaches: Set<UUID>) {
        let rows = try db.fetchAll(
            sql: "SELECT s.client_id, s.coach_id FROM client_shares s WHERE \(liveSharesCondition)",
            arguments: [account.key, ISOTime.format(now)])
        return (
            Set(rows.compactMap { UUID(uuidString: $0["client_id"]) }),
            Set(rows.compactMap { UUID(uuidString: $0["coach_id"]) })
        )
    }

    /// The condition (and arguments) that picks the catalogue rows above `since` of the coaches who share a client with
    /// `principal` at `now` (``GorillaShared/Access/Relation/sharingCoach``), or of the coach of `client` alone when
    /// given; read by `entities_catalogue_version`.
    static func sharingCatalogueRun(
        _ principal: UserRecord, since: Int64, now: Date, of client: UUID? = nil
    ) -> (String, SQLArguments) {
        var arguments: SQLArguments = [principal.id.key, ISOTime.format(now)]
        if let client { arguments = arguments + [client.key] }
        return (
            "coach_id IN (SELECT s.coach_id FROM client_shares s WHERE \(liveSharesCondition)"
                + (client == nil ? "" : " AND s.client_id = ?") + ") AND version > ? AND \(catalogueCondition)",
            arguments + [since]
        )
    }

    /// Whether the client `client` of the coach `coach` is shared with `colleague` at `now`, as `db` sees it.
    static func isShared(
        _ db: any SQLTransaction, client: UUID, of coach: UUID, with colleague: UUID, now: Date
    ) throws -> Bool {
        try db.fetchOne(
            sql: """
                SELECT 1 AS one FROM client_shares s
                WHERE \(liveSharesCondition) AND s.client_id = ? AND s.coach_id = ?
                """,
            arguments: [colleague.key, ISOTime.format(now), client.key, coach.key]) != nil
    }

    /// Ends every share `account` gives or receives (the coach left the gym or was removed from it).
    static func endShares(_ db: any SQLTransaction, of account: UUID) throws {
        try db.execute(
            sql: "DELETE FROM client_shares WHERE coach_id = ? OR shared_with = ?",
            arguments: [account.key, account.key])
    }

    /// `gym.share`: `principal` shares their client `clientID` with `username`, a coach of the same gym, until
    /// `until` (nil: until ended); sharing again changes the end.
    /// - Throws: ``ServerError`` `notAGymMember` for a username outside the gym, `invalidField` for oneself or an end
    ///   already past, `invalidReference` for a client that is not the asking coach's.
    package func shareClient(
        _ principal: UserRecord, client clientID: UUID, with username: String, until: Date?, now: Date
    ) async throws -> GymShares {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymShare)
            let colleague = try Self.gymMember(db, gymID: membership.gymID, username: username).account
            guard colleague.id != principal.id else { throw ServerError.invalid("with (another coach of the gym)") }
            if let until, until <= now { throw ServerError.invalid("until (a day to come)") }
            let name = try Self.ownClientName(db, principal, clientID)
            try db.execute(
                sql: "DELETE FROM client_shares WHERE client_id = ? AND shared_with = ?",
                arguments: [clientID.key, colleague.id.key])
            try db.execute(
                sql: """
                    INSERT INTO client_shares (client_id, coach_id, shared_with, until_at, created_at)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    clientID.key, principal.id.key, colleague.id.key, until.map(ISOTime.format), ISOTime.format(now),
                ])
            return GymShares(client: name, with: try Self.sharedWith(db, clientID))
        }
    }

    /// `gym.unshare`: `principal` ends the shares of their client `clientID` with `username`, or with everyone.
    /// - Throws: ``ServerError`` `notAGymMember` for a username outside the gym, `invalidReference` for a client
    ///   that is not the asking coach's.
    package func unshareClient(
        _ principal: UserRecord, client clientID: UUID, with username: String?
    ) async throws -> GymShares {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymUnshare)
            let colleague = try username.map { try Self.gymMember(db, gymID: membership.gymID, username: $0).account }
            let name = try Self.ownClientName(db, principal, clientID)
            let before = try Self.sharedWith(db, clientID)
            if let colleague {
                try db.execute(
                    sql: "DELETE FROM client_shares WHERE client_id = ? AND coach_id = ? AND shared_with = ?",
                    arguments: [clientID.key, principal.id.key, colleague.id.key])
            } else {
                try db.execute(
                    sql: "DELETE FROM client_shares WHERE client_id = ? AND coach_id = ?",
                    arguments: [clientID.key, principal.id.key])
            }
            let after = try Self.sharedWith(db, clientID)
            return GymShares(client: name, with: after, ended: before.count - after.count)
        }
    }

    /// The full name of `principal`'s live client `clientID`.
    /// - Throws: ``ServerError`` `invalidReference` when it is not one.
    private static func ownClientName(
        _ db: any SQLTransaction, _ principal: UserRecord, _ clientID: UUID
    ) throws
        -> String
    {
        guard let row = try EntityRow.fetch(db, id: clientID), row.kind == EntityKind.client.rawValue,
            row.coachID == principal.tenantID, !row.deleted
        else { throw ServerError(.invalidReference, "client (no such client)") }
        let client = try? Client(document: row.data)
        return [client?.name, client?.surname].compactMap { $0 }.joined(separator: " ")
    }

    /// The usernames the client `clientID` is shared with, sorted.
    private static func sharedWith(_ db: any SQLTransaction, _ clientID: UUID) throws -> [String] {
        try db.fetchAll(
            sql: """
                SELECT u.username FROM client_shares s JOIN users u ON u.id = s.shared_with
                WHERE s.client_id = ? ORDER BY u.username
                """, arguments: [clientID.key]
        ).map { $0["username"] }
    }
}
