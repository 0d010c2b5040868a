import GRDB

/// The server database's schema, one frozen migration per step (never edit a shipped one).
///
/// The SQL is kept portable (plain types, no SQLite-only syntax beyond what PostgreSQL also takes)
/// so that a PostgreSQL backend can run the same statements.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts") { db in
            try db.execute(
                sql: """
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
                        disabled INTEGER NOT NULL DEFAULT 0,
                        created_at TEXT NOT NULL
                    );
                    CREATE INDEX users_coach ON users(coach_id);
                    CREATE TABLE tokens (
                        hash TEXT PRIMARY KEY,
                        user_id TEXT NOT NULL REFERENCES users(id),
                        created_at TEXT NOT NULL,
                        expires_at TEXT NOT NULL,
                        revoked INTEGER NOT NULL DEFAULT 0
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
                        size INTEGER NOT NULL,
                        bytes BLOB NOT NULL,
                        created_at TEXT NOT NULL,
                        PRIMARY KEY (sha256, owner_id)
                    );
                    """)
        }
        migrator.registerMigration("v2-sync") { db in
            try db.execute(
                sql: """
                    CREATE TABLE counters (
                        name TEXT PRIMARY KEY,
                        value INTEGER NOT NULL
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
                        version INTEGER NOT NULL,
                        deleted INTEGER NOT NULL DEFAULT 0,
                        created_by TEXT NOT NULL,
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL
                    );
                    CREATE INDEX entities_coach_version ON entities(coach_id, version);
                    CREATE INDEX entities_client_version ON entities(client_id, version);
                    CREATE UNIQUE INDEX entities_unique_name ON entities(coach_id, kind, name_key)
                        WHERE deleted = 0 AND name_key IS NOT NULL;
                    CREATE TABLE applied_mutations (
                        id TEXT PRIMARY KEY,
                        user_id TEXT NOT NULL,
                        result TEXT NOT NULL,
                        applied_at TEXT NOT NULL
                    );
                    CREATE TABLE change_log (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        entity_id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        mutation_id TEXT NOT NULL,
                        user_id TEXT NOT NULL,
                        field TEXT NOT NULL,
                        old_value TEXT,
                        new_value TEXT,
                        old_version INTEGER NOT NULL,
                        new_version INTEGER NOT NULL,
                        at TEXT NOT NULL
                    );
                    CREATE INDEX change_log_entity ON change_log(entity_id);
                    """)
        }
        migrator.registerMigration("v3-clients") { db in
            try db.execute(
                sql: """
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
                    """)
        }
        migrator.registerMigration("v4-news") { db in
            try db.execute(
                sql: """
                    CREATE TABLE news (
                        id TEXT PRIMARY KEY,
                        text TEXT NOT NULL,
                        audience TEXT NOT NULL,
                        published TEXT NOT NULL,
                        version INTEGER NOT NULL,
                        deleted INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX news_version ON news(version);
                    """)
        }
        migrator.registerMigration("v5-catalogue-index") { db in
            // A client's pull reads the tenant's catalogue in version order without walking every row of the tenant
            // (see ``ServerStore/visibleRows(_:columns:since:now:dialect:narrowedBy:)``). Its condition must stay word for word
            // ``ServerStore/catalogueCondition``, or SQLite cannot use it (a new catalogue kind needs a new index):
            // `PullVisibilityTests` checks both.
            try db.execute(
                sql: """
                    CREATE INDEX entities_catalogue_version ON entities(coach_id, version)
                        WHERE kind IN ('exercise', 'machine', 'training');
                    """)
        }
        migrator.registerMigration("v6-change-log-device") { db in
            // The device that pushed each logged change (`{id, name}`), so that a conflict names the device whose value
            // was overwritten (``ServerStore/recordConflict``).
            try db.execute(sql: "ALTER TABLE change_log ADD COLUMN device TEXT")
        }
        migrator.registerMigration("v7-reminder") { db in
            // Minutes before an appointment that the account's reminders come (`Profile.reminder`); NULL: the default.
            try db.execute(sql: "ALTER TABLE users ADD COLUMN reminder INTEGER")
        }
        migrator.registerMigration("v8-live-index") { db in
            // The live feed reads messages and appointments by version across tenants (``LiveFeed``); its condition
            // must stay word for word ``ServerStore/liveCondition``.
            try db.execute(
                sql: "CREATE INDEX entities_live_version ON entities(version) WHERE kind IN ('event', 'message')")
        }
        migrator.registerMigration("v9-change-log-deltas") { db in
            // A session's corrections keep only the way back, as a delta where that is shorter (``RevisionDelta``,
            // ``ServerStore/logChange``); the full copies logged before are rewritten so.
            try db.execute(sql: "ALTER TABLE change_log ADD COLUMN old_delta INTEGER NOT NULL DEFAULT 0")
            try RevisionDelta.convertFullCopies(SQLiteTransaction(db))
        }
        migrator.registerMigration("v10-lower-case-ids") { db in
            // Ids have one form, lower case: those a coach's push stored as sent are rewritten (``StoredIDs``).
            try StoredIDs.lowerCase(SQLiteTransaction(db))
        }
        migrator.registerMigration("v11-folded-name-keys") { db in
            // A name's key folds accents as well as case, as lookup does (``NameKeys``).
            try NameKeys.refold(SQLiteTransaction(db))
        }
        migrator.registerMigration("v12-gyms") { db in
            try db.execute(sql: GymTables.schema)
        }
        migrator.registerMigration("v13-gym-library") { db in
            // A row's tenant may be a gym (its library) as well as a coach: `entities.coach_id` no longer references
            // `users`. SQLite changes a column's constraint only by making the table again (its twelve steps).
            try db.execute(sql: GymTables.entitiesWithoutAccountReference)
        }
        migrator.registerMigration("v14-program-catalogue-index") { db in
            // Programs joined the catalogue a client reads (``ServerStore/catalogueCondition``): the index follows.
            try db.execute(sql: ProgramTables.catalogueIndex)
        }
        migrator.registerMigration("v15-client-shares") { db in
            // A coach shares a client with a colleague of the gym (``ShareTables``).
            try db.execute(sql: ShareTables.schema)
        }
        migrator.registerMigration("v16-client-departures") { db in
            // A transfer tells the giving coach's devices that the client left (``DepartureTables``).
            try db.execute(sql: DepartureTables.schema)
        }
        migrator.registerMigration("v17-web-sessions") { db in
            // The web door's sign-ins (``WebSessionTables``).
            try db.execute(sql: WebSessionTables.schema)
        }
        migrator.registerMigration("v18-calendar-feeds") { db in
            // The calendar feeds' epochs and key (``FeedTables``).
            try db.execute(sql: FeedTables.schema)
        }
        migrator.registerMigration("v19-starts-at") { db in
            // Dated rows' starts beside their documents, read by time (``StartColumn``).
            try db.execute(sql: StartColumn.migration(.sqlite))
        }
        return migrator
    }
}
