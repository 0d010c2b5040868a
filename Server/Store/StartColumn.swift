import GorillaShared

/// The start of a dated row (a session's, an appointment's), kept beside its document in `entities.starts_at` as the
/// same text the document holds, so that reads by time go by the index `entities_coach_kind_start` instead of reading
/// every document of a kind: the web door's clients page reads a coach's sessions of twelve weeks, not of every year.
/// Reads of one kind without a time go by `entities_coach_kind_version`, made by the same migration.
///
/// Written with the row (``EntityRow/write``), filled for the rows stored before it by the migration
/// (`v19-starts-at` on SQLite, `v12-starts-at` on PostgreSQL).
enum StartColumn {
    /// The kinds whose documents have a start, and the member it is.
    static let members: [EntityKind: String] = [
        .session: TrainingSession.CodingKeys.start.rawValue,
        .event: Event.CodingKeys.start.rawValue,
    ]

    /// The column's value for a document of `kind` with the top-level members `document`.
    static func value(kind: EntityKind, document: [String: JSONValue]) -> String? {
        members[kind].flatMap { document[$0]?.stringValue }
    }

    /// The migration: the column, its value for every row already stored, and the indexes.
    static func migration(_ dialect: SQLDialect) -> String {
        let fills = members.sorted { $0.key.rawValue < $1.key.rawValue }.map { kind, member in
            "UPDATE entities SET starts_at = CAST(\(dialect.jsonText("data", member)) AS TEXT) "
                + "WHERE kind = '\(kind.rawValue)';"
        }
        return
            (["ALTER TABLE entities ADD COLUMN starts_at TEXT;"] + fills + [
                "CREATE INDEX entities_coach_kind_start ON entities(coach_id, kind, starts_at);",
                "CREATE INDEX entities_coach_kind_version ON entities(coach_id, kind, version);",
            ]).joined(separator: "\n")
    }
}
