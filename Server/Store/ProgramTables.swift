/// What programs change in the schema, the same on both engines (SQLite's `v14-program-catalogue-index`,
/// PostgreSQL's `v7-program-catalogue-index`).
enum ProgramTables {
    /// The partial index of the catalogue a client pulls, remade with programs in it: its condition must stay word for
    /// word ``ServerStore/catalogueCondition`` (`PullVisibilityTests` checks it).
    static let catalogueIndex = """
        DROP INDEX entities_catalogue_version;
        CREATE INDEX entities_catalogue_version ON entities(coach_id, version)
            WHERE kind IN ('exercise', 'machine', 'program', 'training');
        """
}
