import Foundation
import GorillaShared

extension ServerStore {
    /// Which of the session tokens `hashes` are still live (not revoked, account not disabled), each with its expiry:
    /// one indexed query for many tokens, for the live registry's re-check of its subscribers
    /// (``LiveRegistry/sweep()``).
    func liveTokens(among hashes: some Collection<String>) async throws -> [String: Date] {
        guard !hashes.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: hashes.count).joined(separator: ", ")
        let arguments = SQLArguments(hashes.map { SQLValue.text($0) })
        return try await read { db in
            var live: [String: Date] = [:]
            for row in try db.fetchAll(
                sql: """
                    SELECT tokens.hash, tokens.expires_at FROM tokens JOIN users ON users.id = tokens.user_id
                    WHERE tokens.hash IN (\(placeholders)) AND tokens.revoked = 0 AND users.disabled = 0
                    """, arguments: arguments)
            {
                let hash: String = row["hash"]
                let expires: String = row["expires_at"]
                if let date = ISOTime.parse(expires) { live[hash] = date }
            }
            return live
        }
    }
}
