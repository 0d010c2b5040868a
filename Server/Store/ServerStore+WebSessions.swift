import Foundation
import GorillaShared

/// The web door's sign-ins (``WebSessionTables``): stored hashed with an expiry, looked up like a device's token.
extension ServerStore {
    /// Stores a web sign-in of `userID` under the hash of its cookie, valid until `expires`.
    package func insertWebSession(hash: String, userID: UUID, expires: Date, now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO web_sessions (hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [hash, userID.key, ISOTime.format(now), ISOTime.format(expires)])
        }
    }

    /// The account of a live web sign-in (not revoked, not expired, the account not disabled); nil otherwise.
    package func webSession(hash: String, now: Date) async throws -> UserRecord? {
        try await read { db in
            guard
                let row = try db.fetchOne(
                    sql: """
                        SELECT users.*, web_sessions.expires_at AS session_expires FROM web_sessions
                        JOIN users ON users.id = web_sessions.user_id
                        WHERE web_sessions.hash = ? AND web_sessions.revoked = 0 AND users.disabled = 0
                        """, arguments: [hash]),
                let expires = ISOTime.parse(row["session_expires"]), expires > now
            else { return nil }
            return UserRecord(row: row)
        }
    }

    /// Ends one web sign-in (sign out).
    package func revokeWebSession(hash: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE web_sessions SET revoked = 1 WHERE hash = ?", arguments: [hash])
        }
    }

    /// Ends every web sign-in of `userID` (called by ``revokeTokens(_:userID:keeping:)``).
    static func revokeWebSessions(_ db: any SQLTransaction, userID: UUID) throws {
        try db.execute(sql: "UPDATE web_sessions SET revoked = 1 WHERE user_id = ?", arguments: [userID.key])
    }
}
