/// The gyms' tables, the same on both engines (SQLite's `v12-gyms`, PostgreSQL's `v5-gyms`): gyms, their members
/// (an account is in at most one gym, with one role) and their single-use invitations, stored hashed as registration
/// codes are (``ServerStore/createGym``).
enum GymTables {
    static let schema = """
        CREATE TABLE gyms (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            created_at TEXT NOT NULL,
            created_by TEXT NOT NULL
        );
        CREATE TABLE gym_members (
            account_id TEXT PRIMARY KEY REFERENCES users(id),
            gym_id TEXT NOT NULL REFERENCES gyms(id),
            role TEXT NOT NULL,
            joined_at TEXT NOT NULL
        );
        CREATE INDEX gym_members_gym ON gym_members(gym_id);
        CREATE TABLE gym_invites (
            hash TEXT PRIMARY KEY,
            gym_id TEXT NOT NULL REFERENCES gyms(id),
            role TEXT NOT NULL,
            created_by TEXT NOT NULL,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            used_at TEXT,
            used_by TEXT
        );
        CREATE INDEX gym_invites_gym ON gym_invites(gym_id);
        """
}

extension GymTables {
    /// SQLite's `entities` made again without the reference from `coach_id` to `users` (a gym's library rows have the
    /// gym as their tenant), with its rows and indexes as they were after `v12-gyms`.
    static let entitiesWithoutAccountReference = """
        CREATE TABLE entities_new (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            coach_id TEXT NOT NULL,
            client_id TEXT,
            name_key TEXT,
            data TEXT NOT NULL,
            field_versions TEXT NOT NULL,
            version INTEGER NOT NULL,
            deleted INTEGER NOT NULL DEFAULT 0,
            created_by TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        INSERT INTO entities_new (id, kind, coach_id, client_id, name_key, data, field_versions, version, deleted,
                                  created_by, created_at, updated_at)
            SELECT id, kind, coach_id, client_id, name_key, data, field_versions, version, deleted, created_by,
                   created_at, updated_at FROM entities;
        DROP TABLE entities;
        ALTER TABLE entities_new RENAME TO entities;
        CREATE INDEX entities_coach_version ON entities(coach_id, version);
        CREATE INDEX entities_client_version ON entities(client_id, version);
        CREATE UNIQUE INDEX entities_unique_name ON entities(coach_id, kind, name_key)
            WHERE deleted = 0 AND name_key IS NOT NULL;
        CREATE INDEX entities_catalogue_version ON entities(coach_id, version)
            WHERE kind IN ('exercise', 'machine', 'training');
        CREATE INDEX entities_live_version ON entities(version) WHERE kind IN ('event', 'message');
        """
}
