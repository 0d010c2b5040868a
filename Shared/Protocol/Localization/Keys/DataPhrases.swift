/// Exports and imports.
package enum DataPhrases: String, Phrases {
    // MARK: gorilla export
    /// The first line of the summary; the files follow, one a line.
    case exportedTo
    /// How many items each file of the export holds (`n` is the count).
    case fileAccounts
    case fileMachines
    case fileExercises
    case fileTrainings
    case fileClients
    case fileEvents
    case fileSessions
    case fileMeasurements
    case fileMessages
    case fileSets
    case fileRows
    // MARK: The progress line (standard error, on a terminal)
    /// Changes arriving from the server, of how many.
    case progressPulling
    /// Changes arriving from a server that does not say how many remain.
    case progressPullingUncounted
    /// Queued changes sent to the server, of how many.
    case progressPushing
    /// Rows an export has written, of how many.
    case progressExporting
    /// Sessions an import has read into the queue, of how many.
    case progressImporting
    /// The estimate of the time left (`time` is e.g. `3 s` or `2 min`).
    case progressLeft
    case outIsAFile
    case folderNotEmpty
    case cannotWrite
    case cannotCreate

    // MARK: gorilla import
    /// The file read and the app that wrote it.
    case importSource
    case dryRunSummary
    case dryRunAlreadyImported
    case importedSummary
    case importedAlreadySkipped
    case nothingNewOne
    case nothingNewMany
    case tableHeaderWhen
    case tableHeaderWorkout
    case tableHeaderExercises
    case tableHeaderSets
    case tableHeaderStatus
    case tableHeaderID
    case statusNew
    case statusImported
    case statusAlreadyImported
    case statusRefused
    case matchedList
    /// One name of the file matched to a catalogue exercise of another name.
    case matchedAs
    case unknownStops
    case unknownWouldBeAdded
    case unknownWouldBeKept
    case unknownAdded
    case unknownKept
    case noteSkippedRows
    case refusedByServer
    case createOrAllowNewNotBoth
    case onlyCoachesCreateExercises
    case unitIsKgOrLb
    case fileHoldsNoSets
    case unknownExercisesOne
    case unknownExercisesMany
    case cannotRead

    // MARK: Reading a Strong or Hevy file
    case onLine
    case quotedFieldNeverClosed
    case notCSV
    case fileIsEmpty
    case headerIsNeitherStrongNorHevy
    /// A column the row leaves empty.
    case missingColumn
    case timeDoesNotRead
    case noExerciseName
    case exerciseNameTooLong
    case tooManySets
    case tooManyExercises
    case notANumber
    case outsideRange
    case setOrderUnknown
    case distanceTooLong

    // MARK: Help
    case helpExport
    case helpExportDiscussion
    case helpExportOut
    case helpExportForce
    case helpImport
    case helpImportDiscussion
    case helpImportFile
    case helpImportClient
    case helpImportCreateExercises
    case helpImportAllowNew
    case helpImportDryRun
    case helpImportUnit
    case helpImportMap
    case helpImportMapFile
    /// A `--map` entry (or a line of `--map-file`) that is not `FROM=TO`.
    case mapEntryInvalid
    /// The names of the file that `--map` sent to another exercise: `'{name}' → {exercise}`.
    case mappedList
}
