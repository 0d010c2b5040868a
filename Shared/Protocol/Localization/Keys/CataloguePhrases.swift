/// Machines, exercises, trainings (plans) and clients.
package enum CataloguePhrases: String, Phrases {
    // MARK: Words shared by the catalogue's texts

    /// An empty list or a missing value (an exercise's machine, a machine's exercises).
    case noItems
    /// An empty list of appointments or sessions (feminine in Spanish).
    case noItemsFeminine
    /// A date a training or a client has not been used or trained at yet.
    case never
    /// The title of the options every command takes, in `--help`.
    /// The help of an argument that names a row of the catalogue.
    case helpNameOrID
    case helpYesDelete

    // MARK: Names (add, rename, rm)

    case nameInvalid
    case machineNameTaken
    case exerciseNameTaken
    case trainingNameTaken
    case machineAdded
    case exerciseAdded
    case trainingAdded
    case machineRenamed
    case exerciseRenamed
    case trainingRenamed
    case machineUpdated
    case exerciseUpdated
    case trainingUpdated
    case machineDeleted
    case exerciseDeleted
    case trainingDeleted
    case deleteMachineQuestion
    case deleteExerciseQuestion
    case deleteTrainingQuestion
    /// A machine that exercises use cannot be deleted; `users` are their names.
    case machineInUse

    // MARK: machines

    case helpMachines
    case helpMachinesAdd
    case helpMachinesAddImage
    case helpMachinesList
    case helpMachinesShow
    case helpMachinesShowSaveImage
    case helpMachinesRename
    case helpMachinesRemove
    case noMachinesForClient
    case noMachinesForCoach
    case tableHeaderMachine
    case tableHeaderUsedBy
    /// The column of `machines list` that says whether a machine has a picture.
    case tableHeaderImage
    case usedByExercises
    /// The cell of a machine that has an image.
    case hasImage
    case labelExercises
    case labelImage
    case imageSaved
    case cannotWriteFile
    case machineHasNoImage

    // MARK: exercises

    case helpExercises
    case helpExercisesAdd
    case helpExercisesList
    case helpExercisesListSearch
    case helpExercisesShow
    case helpExercisesEdit
    case helpExercisesEditNoMachine
    case helpExercisesRename
    case helpExercisesRemove
    case helpExerciseMachine
    case helpExerciseDescription
    case helpExerciseMuscle
    case helpExerciseCount
    case nothingToChangeInExercise
    case countInvalid
    case noExercisesForClient
    case noExercisesForCoach
    case noExerciseMatches
    case tableHeaderExercise
    case tableHeaderMuscles
    case tableHeaderCount
    /// How an exercise is counted, as lists show it (`reps`, `time`, `distance`).
    case countReps
    case countTime
    case countDistance
    case labelMachine
    case labelMuscles
    case labelCount
    case labelDescription
    case labelTrainings
    /// After the name of an exercise's machine that was deleted.
    case machineDeletedMark
    /// An exercise's machine that this device does not see: one of a gym's library (the coach's gym, to her client).
    case machineUnseen

    // MARK: trainings

    case helpTrainings
    case helpTrainingsAdd
    case helpTrainingsAddExercise
    case helpTrainingsAddPlan
    case helpTrainingsAddPlanExamples
    case helpTrainingsList
    case helpTrainingsShow
    case helpTrainingsEdit
    case helpTrainingsEditAdd
    case helpTrainingsEditRemove
    case helpTrainingsEditMove
    case helpTrainingsEditTo
    case helpTrainingsEditPlan
    case helpTrainingsDuplicate
    case helpTrainingsRename
    case helpTrainingsRemove
    case trainingNeedsAnExercise
    case exerciseNotInTraining
    case moveNeedsTo
    case nothingToChangeInTraining
    case trainingCannotBeEmpty
    case trainingAddedWithExercises
    case trainingDuplicated
    case noTrainingsForClient
    case noTrainingsForCoach
    case tableHeaderTraining
    case tableHeaderExercises
    case tableHeaderLastUsed
    case trainingHasNoExercisesHint
    case trainingHasNoExercises

    // MARK: clients

    case helpClients
    case helpClientsAdd
    case helpClientsAddName
    case helpClientsAddSurname
    case helpClientsList
    case helpClientsListAll
    case helpClientsShow
    case helpClientsShowClient
    case helpClientsShowCode
    case helpClientsShowCodeDiscussion
    case helpClientsEdit
    case helpClientsEditDiscussion
    case helpClientsEditClient
    case helpClientsEditGoalWeight
    case helpClientsEditPerWeek
    case helpClientsEditForce
    case helpClientsCode
    case helpClientsCodeLink
    case registrationLink
    case helpClientsResetPassword
    case helpClientsRemove
    case helpClientsRemoveYes
    case helpRangeFrom
    case helpRangeTo
    /// What only a coach may do, ending "only coaches can …".
    case coachesInviteClients
    case coachesSeeCodes
    case coachesIssueCodes
    case coachesResetPasswords
    case coachesRemoveClients
    case coachesSetGoalWeight
    /// What cannot be done for a removed client (`action` is one of the `removedClient…` texts or a caller's own).
    case removedClientRefused
    case removedClientLogSessions
    case removedClientTrain
    case removedClientScheduleEvents
    case removedClientSendMessages
    case removedClientSetGoal
    case removedClientIssueCode
    case removedClientResetPassword
    case removedClientRemove
    case removedClientTransfer
    /// The display name of a client invited without a name.
    case invitedClientName
    case clientsAmbiguous
    case ambiguousRemovedClient
    case clientNameInvalid
    case clientAlreadyRegistered
    case clientNotRegisteredYet
    case removeClientQuestion
    /// Who `clients add` added when no name was given.
    case aNewClient
    case clientAddedOffline
    case clientAdded
    case passOnRegistration
    case noClientsForClient
    case noClientsForCoach
    case tableHeaderClient
    case tableHeaderUsername
    case tableHeaderStatus
    case tableHeaderLastTrained
    case tableHeaderCode
    case statusInvited
    case statusActive
    case statusRemoved
    case statusRemovedLong
    case codeOnOtherDevice
    case codeExpired
    case codeOnOtherDeviceLegend
    case codeExpiredLegend
    case labelStatus
    case labelUsername
    case labelEmail
    case labelJoined
    case labelCode
    case goalWeightLine
    case codeWithExpiry
    case codeIssuedElsewhere
    case codeExpiredHint
    case unreadMessages
    case nextEvents
    case nextEventsNoneHint
    case recentSessions
    case sessionModeRealtime
    case sessionModeHandsfree
    case newRegistrationCode
    case resetToken
    case resetTokenTheyRun
    case codeReplacedNote
    case clientRemoved
    case clientRemovedWithAppointments
    case appointmentsCancelled
    case appointmentsToCancel

    // MARK: clients edit (goal weight, sessions a week)

    case nothingToChangeInGoal
    case perWeekInvalid
    case goalWeightInvalid
    case goalWeightImplausible
    case goalWeightImpossible
}

extension CataloguePhrases {
    /// The limits these texts name (see ``Phrases/limits(in:)``).
    package static func limits(in language: Language) -> [String: any Sendable] {
        [
            "nameLength": Validation.maximumNameLength,
            "goalLowest": Measurement.Measure.weight.plausible.lowerBound,
            "goalHighest": Measurement.Measure.weight.plausible.upperBound,
            "perWeekLowest": Client.perWeekRange.lowerBound, "perWeekHighest": Client.perWeekRange.upperBound,
            "imageMiB": MediaLimits.maxBytes / (1024 * 1024), "codeDays": RegistrationCode.defaultLifetimeDays,
        ]
    }
}
