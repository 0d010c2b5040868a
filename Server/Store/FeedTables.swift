/// The calendar feeds, the same on both engines (SQLite's `v18-calendar-feeds`, PostgreSQL's `v11-calendar-feeds`): no
/// feed address is stored. An address is the account's id and an HMAC of it with the account's feed epoch, under a key
/// of the store's (`server_keys`, made once, shared by every instance on the database); `gorilla feed --reset`, a
/// password change or reset and `gorilla logout --all` move the epoch, and every address made before stops answering.
enum FeedTables {
    static let schema = """
        CREATE TABLE server_keys (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE feed_epochs (
            user_id TEXT PRIMARY KEY REFERENCES users(id),
            epoch BIGINT NOT NULL
        );
        """
}
