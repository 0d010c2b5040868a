/// The shared clients' table, the same on both engines (SQLite's `v15-client-shares`, PostgreSQL's `v8-client-shares`):
/// one row per client and colleague, with the client's coach and the share's end (nil: until ended). A share counts
/// only while both coaches are members of one gym (``ServerStore/sharedClients``).
enum ShareTables {
    static let schema = """
        CREATE TABLE client_shares (
            client_id TEXT NOT NULL,
            coach_id TEXT NOT NULL REFERENCES users(id),
            shared_with TEXT NOT NULL REFERENCES users(id),
            until_at TEXT,
            created_at TEXT NOT NULL,
            PRIMARY KEY (client_id, shared_with)
        );
        CREATE INDEX client_shares_with ON client_shares(shared_with);
        CREATE INDEX client_shares_coach ON client_shares(coach_id);
        """
}

/// The departures' table, the same on both engines (SQLite's `v16-client-departures`, PostgreSQL's
/// `v9-client-departures`): one row per client a coach handed over (`gym.transfer`), with a version of the shared
/// sequence, so that the giving coach's devices learn at their next pull that the client's rows are no longer theirs
/// (``ServerStore/departures(_:of:after:)``).
enum DepartureTables {
    static let schema = """
        CREATE TABLE client_departures (
            coach_id TEXT NOT NULL REFERENCES users(id),
            client_id TEXT NOT NULL,
            version BIGINT NOT NULL,
            PRIMARY KEY (coach_id, version)
        );
        """
}
