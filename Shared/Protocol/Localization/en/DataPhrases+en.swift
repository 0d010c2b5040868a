extension DataPhrases {
    package var en: String {
        switch self {
        // gorilla export
        case .exportedTo: "Exported everything {account} can see to {directory}:"
        case .fileAccounts: "{n|account|accounts}"
        case .fileMachines: "{n|machine|machines}"
        case .fileExercises: "{n|exercise|exercises}"
        case .fileTrainings: "{n|training|trainings}"
        case .fileClients: "{n|client|clients}"
        case .fileEvents: "{n|event|events}"
        case .fileSessions: "{n|session|sessions}"
        case .fileMeasurements: "{n|measurement|measurements}"
        case .fileMessages: "{n|message|messages}"
        case .fileSets: "{n|set|sets}"
        case .fileRows: "{n|row|rows}"
        case .exporting: "exporting {file} ({step}/{steps})…"
        case .outIsAFile: "{path} is a file; --out names a folder to write the export into"
        case .folderNotEmpty:
            "{path} is not empty ({count|entry|entries}); export into a new or empty folder, or give --force to write "
                + "the export's files there (replacing earlier ones)"
        case .cannotWrite: "cannot write {path}: {error}"
        case .cannotCreate: "cannot create {path}: {error}"
        // gorilla import
        case .importSource: "{file} ({format} export)"
        case .dryRunSummary:
            "Dry run, nothing saved: {source} holds {sessions|session|sessions} for {client}; "
                + "{fresh} would be imported ({sets|set|sets})"
        case .dryRunAlreadyImported: "{count} already imported"
        case .importedSummary: "Imported {sessions|session|sessions} of {client} from {source}: {sets|set|sets}"
        case .importedAlreadySkipped: "{count} already imported, skipped"
        case .nothingNewOne: "Nothing new in {source}: its 1 session of {client} was imported before."
        case .nothingNewMany: "Nothing new in {source}: its {count} sessions of {client} were imported before."
        case .tableHeaderWhen: "WHEN"
        case .tableHeaderWorkout: "WORKOUT"
        case .tableHeaderExercises: "EXERCISES"
        case .tableHeaderSets: "SETS"
        case .tableHeaderStatus: "STATUS"
        case .tableHeaderID: "ID"
        case .statusNew: "new"
        case .statusImported: "imported"
        case .statusAlreadyImported: "already imported"
        case .statusRefused: "refused"
        case .matchedList: "Matched: {list}."
        case .matchedAs: "'{name}' as {exercise}"
        case .unknownStops:
            "Not in the catalogue: {names}. The import stops on them: add them with --create-exercises, or keep them "
                + "by name only with --allow-new."
        case .unknownWouldBeAdded: "Would be added to the catalogue: {names}."
        case .unknownWouldBeKept: "Would be kept by name only (not in the catalogue): {names}."
        case .unknownAdded: "Added to the catalogue: {names}."
        case .unknownKept: "Kept by name only (not in the catalogue): {names}."
        case .noteSkippedRows: "note: {count|row|rows} without a set (rest timers, empty sets) left out"
        case .refusedByServer: "refused by the server: {count|session|sessions} (see the lines above)"
        case .createOrAllowNewNotBoth: "give --create-exercises or --allow-new, not both"
        case .onlyCoachesCreateExercises:
            "only coaches add exercises to the catalogue; keep new names by name only with --allow-new"
        case .unitIsKgOrLb: "--unit is kg or lb"
        case .fileHoldsNoSets: "{file} holds no sets (a {format} export with only empty rows)"
        case .unknownExercisesOne:
            "1 exercise name in {file} is not in the catalogue; nothing was imported:\n{list}\nAdd it with "
                + "--create-exercises (or gorilla exercises add NAME), or keep it by name only with --allow-new; "
                + "--dry-run shows what would be imported."
        case .unknownExercisesMany:
            "{count} exercise names in {file} are not in the catalogue; nothing was imported:\n{list}\nAdd them with "
                + "--create-exercises (or gorilla exercises add NAME), or keep them by name only with --allow-new; "
                + "--dry-run shows what would be imported."
        case .cannotRead: "cannot read {path}"
        // Reading a Strong or Hevy file
        case .onLine: "line {line}: {problem}"
        case .quotedFieldNeverClosed: "a quoted field is never closed"
        case .notCSV: "not CSV: {problem}"
        case .fileIsEmpty: "the file is empty"
        case .headerIsNeitherStrongNorHevy:
            "the header is neither Strong's nor Hevy's: {header} (Strong: {strong}; Hevy: {hevy})"
        case .missingColumn: "no {column}"
        case .timeDoesNotRead: "the time '{time}' does not read ({example})"
        case .noExerciseName: "no exercise name"
        case .exerciseNameTooLong: "the exercise name '{name}' is too long"
        case .tooManySets: "{name} has more than {count} sets in one workout"
        case .tooManyExercises: "more than {count} exercises in one workout"
        case .notANumber: "{column} '{value}' is not a number"
        case .outsideRange: "{column} {value} is outside {low}–{high}"
        case .setOrderUnknown: "Set Order '{order}' is unknown"
        case .distanceTooLong: "a distance of {distance} m is more than one set holds"
        // Help
        case .helpExport: "Write everything this account can see into a folder, as JSON and CSV."
        case .helpExportDiscussion:
            "One JSON file per section (account, machines, exercises, trainings, clients, events, sessions with their "
                + "sets, measurements, messages), and CSV: sets.csv (every set of every session) and measurements.csv. "
                + "A coach's export holds their catalogue and all their clients' data; a client's, their own data and "
                + "their coach's catalogue. The folder must be new or empty unless --force is given."
        case .helpExportOut: "The folder to write into (created if missing)."
        case .helpExportForce: "Write into a folder that already holds files (the export's own files are replaced)."
        case .helpImport: "Bring a client's history over from a Strong or Hevy CSV export of sets."
        case .helpImportDiscussion:
            "The format is told by the file's header. Rows become sessions, one per workout (its name and start); "
                + "exercise names are matched against the catalogue as in sessions log (case, accents and small typos "
                + "forgiven; \"Bench Press (Barbell)\" also tries \"Bench Press\"). Names the catalogue does not have "
                + "stop the import before anything is saved, unless --create-exercises adds them to the catalogue or "
                + "--allow-new keeps them by name only. Importing the same file again adds nothing: each session's id "
                + "comes from the client and the workout's start. A client imports their own history without --client."
        case .helpImportFile: "The CSV file."
        case .helpImportClient: "The client whose history receives the sessions."
        case .helpImportCreateExercises: "Add exercise names your catalogue does not have to it (coaches)."
        case .helpImportAllowNew: "Keep exercise names your catalogue does not have by name only."
        case .helpImportDryRun: "Show what would be imported; save nothing."
        case .helpImportUnit:
            "The unit of a Strong file's weights when it has no Weight Unit column: kg (default) or lb."
        case .helpImportMap:
            "Use the catalogue's exercise TO for the file's name FROM: --map \"Bench Press (Barbell)=Bench press\" (repeatable)."
        case .helpImportMapFile:
            "A file of FROM=TO lines, one name each (blank lines and lines starting with # are left out)."
        case .mapEntryInvalid:
            "{source}: '{entry}' is not FROM=TO (the file's exercise name, then the catalogue's)"
        case .mappedList:
            "Mapped: {list}."
        }
    }
}
