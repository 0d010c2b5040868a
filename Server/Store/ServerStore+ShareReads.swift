import Foundation
import GorillaShared

/// What the shares and transfers tell devices and clients: the clients shared with a coach (``UpdatedReply/shared``),
/// the clients a coach handed over (``PullReply/gone``), and a client's coaches (``Profile/coaches``).
extension ServerStore {
    /// The clients shared with `account` at `now`, with the sharing coaches' usernames, by client id; nil when none.
    static func sharedClientEntries(
        _ db: any SQLTransaction, with account: UUID, now: Date
    ) throws -> [SharedClientEntry]? {
        try liveShares(db, with: account, now: now).entries
    }

    /// ``sharedClientEntries(_:with:now:)``, and the usernames of the coaches who share them by their tenant's id as
    /// the rows spell it (a pull marks their catalogue's rows with it), read in one statement.
    static func liveShares(
        _ db: any SQLTransaction, with account: UUID, now: Date
    ) throws -> (entries: [SharedClientEntry]?, coaches: [[UInt8]: String]) {
        var coaches: [[UInt8]: String] = [:]
        let entries = try db.fetchAll(
            sql: """
                SELECT s.client_id, s.coach_id, u.username FROM client_shares s JOIN users u ON u.id = s.coach_id
                WHERE \(liveSharesCondition) ORDER BY s.client_id
                """, arguments: [account.key, ISOTime.format(now)]
        ).compactMap { row -> SharedClientEntry? in
            coaches[Array((row["coach_id"] as String).utf8)] = row["username"]
            return UUID(uuidString: row["client_id"]).map { SharedClientEntry(client: $0, by: row["username"]) }
        }
        return (entries.isEmpty ? nil : entries, coaches)
    }

    /// The clients `coach` shares with colleagues at `now`, each with the colleagues' usernames; nil when none.
    static func givenShares(_ db: any SQLTransaction, by coach: UUID, now: Date) throws -> [GivenShare]? {
        var shares: [UUID: [String]] = [:]
        for row in try db.fetchAll(
            sql: """
                SELECT s.client_id, u.username FROM client_shares s JOIN users u ON u.id = s.shared_with
                WHERE s.coach_id = ? AND (s.until_at IS NULL OR s.until_at > ?)
                AND EXISTS (SELECT 1 FROM gym_members a JOIN gym_members b ON b.gym_id = a.gym_id
                            WHERE a.account_id = s.shared_with AND b.account_id = s.coach_id)
                ORDER BY s.client_id, u.username
                """, arguments: [coach.key, ISOTime.format(now)])
        {
            guard let client = UUID(uuidString: row["client_id"]) else { continue }
            shares[client, default: []].append(row["username"])
        }
        let given = shares.map { GivenShare(client: $0.key, with: $0.value) }.sorted { $0.client.key < $1.client.key }
        return given.isEmpty ? nil : given
    }

    /// Records that the coach `giver` handed the client `clientID` over, with a new version of the shared sequence.
    static func recordDeparture(_ db: any SQLTransaction, of clientID: UUID, from giver: UUID) throws {
        try db.execute(
            sql: "INSERT INTO client_departures (coach_id, client_id, version) VALUES (?, ?, ?)",
            arguments: [giver.key, clientID.key, try nextVersion(db)])
    }

    /// The clients the coach `tenant` handed over after version `since`, and the newest such version (nil: none).
    static func departures(
        _ db: any SQLTransaction, of tenant: UUID, after since: Int64
    ) throws -> (clients: [UUID], newest: Int64?) {
        let rows = try db.fetchAll(
            sql: "SELECT client_id, version FROM client_departures WHERE coach_id = ? AND version > ? ORDER BY version",
            arguments: [tenant.key, since])
        return (rows.compactMap { UUID(uuidString: $0["client_id"]) }, rows.last.map { $0["version"] as Int64 })
    }

    /// The coaches of the client account `principal`: their own coach, then the colleagues their data is shared with
    /// at `now`, by username; nil for a coach.
    func coaches(of principal: UserRecord, now: Date) async throws -> [ProfileCoach]? {
        guard principal.role == .client, let coachID = principal.coachID else { return nil }
        return try await read { db in
            let own = try db.fetchAll(
                sql: "SELECT id, username, name, surname FROM users WHERE id = ?", arguments: [coachID.key])
            let colleagues = try db.fetchAll(
                sql: """
                    SELECT u.id, u.username, u.name, u.surname FROM client_shares s JOIN users u ON u.id = s.shared_with
                    WHERE s.client_id = ? AND s.coach_id = ? AND (s.until_at IS NULL OR s.until_at > ?)
                    AND EXISTS (SELECT 1 FROM gym_members a JOIN gym_members b ON b.gym_id = a.gym_id
                                WHERE a.account_id = s.shared_with AND b.account_id = s.coach_id)
                    ORDER BY u.username
                    """, arguments: [principal.id.key, coachID.key, ISOTime.format(now)])
            func coach(_ row: SQLRow, shared: Bool) -> ProfileCoach? {
                UUID(uuidString: row["id"]).map { id in
                    ProfileCoach(
                        id: id, username: row["username"],
                        name: "\(row["name"] as String) \(row["surname"] as String)", shared: shared ? true : nil)
                }
            }
            return own.compactMap { coach($0, shared: false) } + colleagues.compactMap { coach($0, shared: true) }
        }
    }
}
