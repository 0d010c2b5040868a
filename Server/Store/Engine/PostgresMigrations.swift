/// The PostgreSQL store's schema, one frozen migration per step (never edit a shipped one), applied by
/// ``PostgresEngine/migrate()``.
///
/// The tables and columns are SQLite's (``Migrations``) as they stand after its last step, so that the store's
/// statements run unchanged on both engines: texts stay `TEXT` (ids, times as ISO 8601 texts, JSON documents),
/// integers are `BIGINT`, flags are integers 0 and 1, bytes are `BYTEA`.
enum PostgresMigrations {
    static let all: [(name: String, sql: String)] = [
        (
            "v1-schema",
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY,
                role TEXT NOT NULL,
                username TEXT NOT NULL,
                username_key TEXT NOT NULL UNIQUE,
                email TEXT NOT NULL,
                email_key TEXT NOT NULL UNIQUE,
                password_hash TEXT NOT NULL,
                name TEXT NOT NULL,
                surname TEXT NOT NULL,
                nif TEXT,
                language TEXT NOT NULL,
                photo TEXT,
                coach_id TEXT REFERENCES users(id),
                disabled BIGINT NOT NULL DEFAULT 0,
                created_at TEXT NOT NULL,
                reminder BIGINT
            );
            CREATE INDEX users_coach ON users(coach_id);
            CREATE TABLE tokens (
                hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id),
                created_at TEXT NOT NULL,
                expires_at TEXT NOT NULL,
                revoked BIGINT NOT NULL DEFAULT 0
            );
            CREATE INDEX tokens_user ON tokens(user_id);
            CREATE TABLE reset_tokens (
                hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id),
                created_at TEXT NOT NULL,
                expires_at TEXT NOT NULL,
                used_at TEXT
            );
            CREATE TABLE media (
                sha256 TEXT NOT NULL,
                owner_id TEXT NOT NULL REFERENCES users(id),
                type TEXT NOT NULL,
                size BIGINT NOT NULL,
                bytes BYTEA NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (sha256, owner_id)
            );
            CREATE TABLE counters (
                name TEXT PRIMARY KEY,
                value BIGINT NOT NULL
            );
            INSERT INTO counters (name, value) VALUES ('version', 0);
            CREATE TABLE entities (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                coach_id TEXT NOT NULL REFERENCES users(id),
                client_id TEXT,
                name_key TEXT,
                data TEXT NOT NULL,
                field_versions TEXT NOT NULL,
                version BIGINT NOT NULL,
                deleted BIGINT NOT NULL DEFAULT 0,
                created_by TEXT NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            );
            CREATE INDEX entities_coach_version ON entities(coach_id, version);
            CREATE INDEX entities_client_version ON entities(client_id, version);
            CREATE UNIQUE INDEX entities_unique_name ON entities(coach_id, kind, name_key)
                WHERE deleted = 0 AND name_key IS NOT NULL;
            CREATE INDEX entities_catalogue_version ON entities(coach_id, version)
                WHERE kind IN ('exercise', 'machine', 'training');
            CREATE INDEX entities_live_version ON entities(version) WHERE kind IN ('event', 'message');
            CREATE TABLE applied_mutations (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL,
                result TEXT NOT NULL,
                applied_at TEXT NOT NULL
            );
            CREATE TABLE change_log (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                entity_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                mutation_id TEXT NOT NULL,
                user_id TEXT NOT NULL,
                field TEXT NOT NULL,
                old_value TEXT,
                new_value TEXT,
                old_version BIGINT NOT NULL,
                new_version BIGINT NOT NULL,
                at TEXT NOT NULL,
                device TEXT
            );
            CREATE INDEX change_log_entity ON change_log(entity_id);
            CREATE TABLE registration_codes (
                hash TEXT PRIMARY KEY,
                coach_id TEXT NOT NULL REFERENCES users(id),
                client_id TEXT NOT NULL,
                created_at TEXT NOT NULL,
                expires_at TEXT NOT NULL,
                used_at TEXT,
                used_by TEXT
            );
            CREATE INDEX registration_codes_client ON registration_codes(client_id);
            CREATE TABLE news (
                id TEXT PRIMARY KEY,
                text TEXT NOT NULL,
                audience TEXT NOT NULL,
                published TEXT NOT NULL,
                version BIGINT NOT NULL,
                deleted BIGINT NOT NULL DEFAULT 0
            );
            CREATE INDEX news_version ON news(version);
            CREATE TABLE rate_events (
                limiter TEXT NOT NULL,
                key TEXT NOT NULL,
                at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX rate_events_key ON rate_events(limiter, key, at);
            """
        ),
        (
            // A session's corrections keep only the way back, as a delta where that is shorter (``RevisionDelta``);
            // the full copies logged before are rewritten so (``conversions``).
            "v2-change-log-deltas",
            "ALTER TABLE change_log ADD COLUMN old_delta BIGINT NOT NULL DEFAULT 0"
        ),
        (
            // Ids have one form, lower case: those a coach's push stored as sent are rewritten (``conversions``); the
            // schema does not change.
            "v3-lower-case-ids",
            "SELECT 1"
        ),
        (
            // A name's key folds accents as well as case, as lookup does (``conversions``); the schema does not change.
            "v4-folded-name-keys",
            "SELECT 1"
        ),
        (
            // Gyms, their members and their invitations (SQLite's `v12-gyms`).
            "v5-gyms",
            GymTables.schema
        ),
        (
            // A row's tenant may be a gym (its library) as well as a coach (SQLite's `v13-gym-library`).
            "v6-gym-library",
            "ALTER TABLE entities DROP CONSTRAINT IF EXISTS entities_coach_id_fkey"
        ),
        (
            // Programs join the catalogue a client pulls (SQLite's `v14-program-catalogue-index`).
            "v7-program-catalogue-index",
            ProgramTables.catalogueIndex
        ),
        (
            // A coach shares a client with a colleague of the gym (SQLite's `v15-client-shares`).
            "v8-client-shares",
            ShareTables.schema
        ),
        (
            // A transfer tells the giving coach's devices that the client left (SQLite's `v16-client-departures`).
            "v9-client-departures",
            DepartureTables.schema
        ),
        (
            // The web door's sign-ins (SQLite's `v17-web-sessions`).
            "v10-web-sessions",
            WebSessionTables.schema
        ),
        (
            // The calendar feeds' epochs and key (SQLite's `v18-calendar-feeds`).
            "v11-calendar-feeds",
            FeedTables.schema
        ),
        (
            // Dated rows' starts beside their documents, read by time (SQLite's `v19-starts-at`).
            "v12-starts-at",
            StartColumn.migration(.postgres)
        ),
    ]

    /// The steps that rewrite data after their migration's statements, in the same transaction, by migration name.
    static let conversions: [String: @Sendable (any SQLTransaction) throws -> Void] = [
        "v2-change-log-deltas": RevisionDelta.convertFullCopies,
        "v3-lower-case-ids": StoredIDs.lowerCase,
        "v4-folded-name-keys": NameKeys.refold,
    ]
}
