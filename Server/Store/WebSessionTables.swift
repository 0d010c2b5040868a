/// The web door's sign-ins, the same on both engines (SQLite's `v17-web-sessions`, PostgreSQL's `v10-web-sessions`):
/// the SHA-256 of each session cookie (never the cookie), its account and expiry, and whether it was revoked (sign
/// out, a password change or reset, the account's removal). Stored like the protocol's `tokens`, apart from them so
/// that a device's token and a browser's cookie never stand for each other.
enum WebSessionTables {
    static let schema = """
        CREATE TABLE web_sessions (
            hash TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id),
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            revoked BIGINT NOT NULL DEFAULT 0
        );
        CREATE INDEX web_sessions_user ON web_sessions(user_id);
        """
}
