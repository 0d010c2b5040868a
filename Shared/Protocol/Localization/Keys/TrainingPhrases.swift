/// The train view, recording, sessions and their corrections.
package enum TrainingPhrases: String, Phrases {
    // MARK: gorilla sessions: help
    case helpSessions, helpLog
    /// `sessions log --help`; `example` is the JSON of `--from-file`.
    case helpLogDiscussion
    case helpLogClient, helpLogTraining, helpLogEvent, helpLogDate, helpLogMode, helpSet, helpLogFile, helpLogNotes,
        helpAllowNew, helpList, helpListClient, helpShow, helpShowDiscussion, helpSessionID, helpShowHistory,
        helpEdit, helpEditDiscussion, helpEditRemoveExercise, helpEditNotes, helpEditDate, helpComment,
        helpCommentText, helpRemove, helpRemoveYes, helpExport, helpExportFormat

    // MARK: gorilla train: help
    case helpTrain, helpTrainDiscussion, helpTrainClient, helpTrainTraining, helpTrainFree, helpTrainEvent,
        helpTrainNext, helpTrainRepeat, helpTrainHandsFree, helpTrainStart, helpTrainEnd, helpTrainResume,
        helpTrainEdit, trainEditAlone, trainResumeAlone

    // MARK: gorilla train: starting, resuming and drafts
    case nextAlone, startEndNeedHandsFree, trainingOrFree, repeatInvalid, repeatAlone, noUnfinishedSessionHere,
        noUnfinishedSessionAnywhere, sessionContinuesElsewhere
    /// The name of a device that holds a draft without naming itself.
    case anotherDevice
    /// The name of this device when it has none (`id`: the beginning of its id).
    case deviceNamed
    case draftKeptHereOnly, offlineQueued, eventWithAnotherClient, eventClientNotHere, whoTrains
    case localTimeFormat, endAfterStart, sessionStillUnfinished, noEventToStart, noSessionToRepeat
    /// Why `gorilla train` cannot run: "gorilla train needs a terminal (…)".
    case trainNeedsTerminalHint

    // MARK: gorilla sessions: errors and questions
    case unknownExerciseHint, sessionClientNotHere, commentNeedsRegisteredClient, yourCoach
    /// Who wrote a comment when it was the logged-in account.
    case you
    case sayWhatToCorrect, historyOnServer, historyNotYet, coachRecordedIt, keepsOneSetToDelete, sessionTooLarge,
        exerciseAmbiguous, exerciseNotInSession, noneOfThem, logNeedsASet, logNothingRecorded, modeValues,
        eventHasASession, eventAlreadyDone
    /// What only coaches can do: "only coaches can …".
    case actionDeleteSessions
    case confirmDeleteSession
    case nameTheClient, clientOwnSessionsOnly, noProfileYet, dayFormat, exportFormats, fileUnreadable, fileNotJSON,
        fileMissingKey, fileWrongValue

    // MARK: gorilla train: the view
    case screenModeCorrecting, screenModeRealTime, screenModeHandsFree, screenPaused
    /// The training time so far (real time).
    case screenSessionTime
    /// A hands-free session's start, without an end.
    case screenFrom
    case screenExercises, screenNoExercises, screenHeaderExercise, screenHeaderDone, screenHeaderPlan,
        screenHeaderLastTime, screenSetOf, screenSet, screenTarget
    /// The running set: its reps so far and its stopwatch.
    case screenSetRunning
    case screenRestLeft, screenRestOver, screenSpaceStartsNextSet, screenResting, screenReady, screenFormKeys,
        screenTypeTheSet, screenToday, editingKeys, countReps, countTime, countDistance, screenCreateExercise,
        screenCatalogueEmpty, screenNote, screenKeysEditing, screenKeysCommon, screenKeysRealTime, screenKeysForm,
        setTypeNormal, setTypeWarmup, setTypeDrop, setTypeFailure

    // MARK: gorilla train: questions
    case promptWeight, promptReps, promptAddExercise, promptNote, promptEditSet, promptDiscard
    /// English keeps the plural for one too (`{sets|sets|sets}`), as it always wrote it.
    case promptRemove
    case promptEverySetDeleted, promptNothingRecorded
    /// English keeps the plural for one too (`{sets|sets|sets}`), as it always wrote it.
    case promptSummary
    case promptSaveCorrection, promptSaveSession

    // MARK: gorilla train: what a key did
    case noticePaused, noticeAddExerciseFirst, noticeNoSetRunning, noticeTypeTheSet, noticeBadTypedSet
    /// Added to ``noticeBadTypedSet`` for an exercise counted by time.
    case noticeOrATime
    case noticeNothingToPassOver, noticePassedOver, noticeTooManySets, noticeNext, noticePlanDone, noticeEndSetFirst,
        noticeRemoved, noticeTooManyExercises, noticeAdded, noticeAddedNew, noticeNoSetToEdit, noticeDeletedSet,
        noticeToDoAgain, noticeUndone, noticeNothingToUndo, noticeKeepsOneSet, noticeBadWeight, noticeNoteRemoved,
        noticeNoteKept, noticeBadEditedSet, noticeChanged, noticeTypeAName, noticeNoExerciseChosen

    // MARK: Sets (--set, the view) and plans (--plan): syntax errors
    case setsNoColon, exerciseNameMissing, noSetsAfterName, emptySet, setOfExercise
    /// Added to the reason a set with a decimal comma does not read (`15,12,10` is one number).
    case decimalCommaHint
    case setWithoutSpaces, setWrittenAsPlan, setReps, setWeight, setDistance, unknownSetType, setDuration,
        planNoColon, noPlanAfterName, planOfExercise, planForm, planGroup, planTooManySets, planWrittenAsSet,
        planDistance, planLoad, planWholeSets, planWholeReps, planWholeEachSetReps, planRestForm, planSetTimeForm,
        planRestRange, planSetTimeRange, planEffort, setEffort

    // MARK: gorilla sessions and train: results
    case savedLogged
    /// English keeps the plural for one too (`{sets|sets|sets}`), as it always wrote it.
    case savedTrained
    case savedUnchanged
    /// `when`: ``savedOnDay`` or nothing; `revision`: ``savedNowRevision`` or nothing.
    case savedCorrected
    case savedOnDay, savedNowRevision, noteWarning, noteUnknownExercise, listEmptyRange, listEmptyCoach,
        listEmptyClient
    /// A session recorded with the stopwatch.
    case modeRealTime
    /// A session filled in afterwards.
    case modeHandsFree
    /// The way of a session the client logged themselves.
    case listSelfLogged
    /// The way of a session a colleague the client is shared with recorded (`recorder`).
    case listRecordedBy
    /// Who recorded a session, when a colleague the client is shared with did (`recorder`).
    case detailRecordedBy
    case headerWhen, headerClient, headerMode, headerTraining, headerExercises, headerSets, headerVolume, headerID,
        detailSession, labelClient, labelWhen, labelRecorded, labelRevision, labelTraining, labelEvent, labelNotes,
        labelTotals, labelComments, detailPaused, detailSelfLogged, detailRevision, detailRest
    /// When each rep of a set was marked, in seconds from its start.
    case detailRepsAt
    /// English keeps the plural for one too (`{sets|sets|sets}`), as it always wrote it.
    case detailTotals
    case commentQueued, sessionDeleted
    /// The title of an exported session without a training.
    case exportTitle
    case exportNotes, endUnfinished, endDiscarded, endEmpty, endSince
    /// `since`: ``endSince`` or nothing.
    case endFinishedElsewhere
    /// `since`: ``endSince`` or nothing.
    case endContinuesElsewhere

    // MARK: gorilla sessions show --history and comment
    case historyTitle, historyRecordedBy, historyCorrectedBy
    /// Who made a revision when it was the logged-in account ("corrected by you").
    case historyByYou
    case roleCoach, roleClient, historyNotes, historyNoSets, historyNotesRemoved, historyStart, historyEnd,
        historyPaused, historyNoChange, commentDay
    /// `day`: ``commentDay`` or nothing.
    case commentSent
    /// `day`: ``commentDay`` or nothing.
    case commentQueuedFor

    // MARK: Sets, lengths and times as a person reads them
    /// A set of an exercise counted by reps, without a load: "20 reps".
    case setRepsOnly
    /// A distance set with its time: "2,000 m in 6:10".
    case setDistanceIn
    /// A length under a minute, in minutes, in hours, in hours and minutes: "40 s", "45 min", "1 h", "1 h 15 min".
    case lengthSeconds, lengthMinutes, lengthHours, lengthHoursMinutes
    /// The end of a recording whose draft another device discarded (nothing was saved there).
    case endDiscardedElsewhere
    /// `sessions log`/`edit`: an exercise name typed that the catalogue matched to another name.
    case logMatched
    /// `sessions log --duration`, `sessions edit --duration`, and a length out of range.
    case helpLogDuration, helpEditDuration, durationRange
}

extension TrainingPhrases {
    /// The limits these texts name (see ``Phrases/limits(in:)``).
    package static func limits(in language: Language) -> [String: any Sendable] {
        [
            "longestKm": language.grouped(Int(PlannedExercise.distanceRange.upperBound / 1000)),
        ]
    }
}
