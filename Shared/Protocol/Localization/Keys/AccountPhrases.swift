/// Accounts, login and registration, the profile, the overview, connecting, syncing and the errors every command may give.
package enum AccountPhrases: String, Phrases {
    // MARK: The root command (`gorilla`) and passwords

    case helpRoot
    case helpRootDiscussion
    case passwordPrompt
    case currentPasswordPrompt
    case noPasswordOnStandardInput
    case noTerminalForPassword

    // MARK: connect

    case helpConnect
    case helpConnectDiscussion
    case helpConnectAddress
    case helpConnectFingerprint
    case helpConnectTrust
    case fingerprintOrTrust
    /// Said on standard error before ``trustQuestion``.
    case certificatePresented
    case trustQuestion
    case connectedTo
    /// The pinned server moved from `address` to a new address.
    case sameServerMoved
    case notHostPort
    case fingerprintFormat
    case fingerprintMismatch
    case noCertificate
    case certificateNotTrusted
    case certificateChanged
    case noServerConfigured

    // MARK: register, login, logout, whoami

    case helpUsername
    case helpEmail
    case helpFirstName
    case helpSurname
    case helpNIF
    case helpPasswordStdin
    case helpRegister
    case helpRegisterCoach
    case coachNeedsName
    case helpRegisterClient
    case helpRegistrationCode
    case registrationCodeFormat
    case coachDidNotEnterName
    case registeredAs
    case helpLogin
    case helpLoginAccount
    case helpUserOrEmail
    case loginNeedsUser
    case loginUserTwice
    case loggedInAs
    case otherAccountQueued
    case helpLogout
    case loggedOut
    case helpLogoutAll
    case loggedOutEverywhere
    case helpFeed
    case helpFeedDiscussion
    case helpFeedReset
    case feedHint
    case feedReset
    case logoutServerRefused
    case logoutOffline
    case logoutQueuedStay
    case helpWhoami
    case whoamiServer
    /// No server pinned, in `whoami`.
    case serverNone
    case whoamiServerRefused
    case whoamiOffline
    case roleCoach
    case roleClient
    case notLoggedIn
    case sessionExpired

    // MARK: profile

    case helpProfile
    case helpProfileShow
    case helpProfileEdit
    case helpProfileEditDiscussion
    case helpProfileNIF
    case helpProfilePhoto
    case helpProfileNoPhoto
    case helpProfileReminder
    case nothingToChangeInProfile
    /// The labels of `profile show`, before their values.
    case profileUsername
    case profileRole
    case profileName
    case profileEmail
    case profileLanguage
    case profileReminder
    case profilePhoto
    case profileSince
    /// After a reminder time the account did not choose.
    case reminderDefault
    case profileUpdated
    case imageTooLargeOrWrongType
    case cannotReadFile

    // MARK: password

    case helpPassword
    case helpPasswordChange
    case helpPasswordChangeDiscussion
    case helpPasswordChangeStdin
    case helpPasswordReset
    case helpResetToken
    case helpNewPasswordStdin
    case passwordChanged
    case passwordReset
    case newPasswordTooShort
    case newPasswordPrompt
    case passwordLengthRange
    case passwordTooShort
    case passwordTooLong
    case tryAgain
    case typePasswordAgain
    case passwordsDiffer
    case typeNewPasswordTwice
    case noNewPassword
    case noPasswordTyped

    // MARK: The overview (`gorilla` alone)

    case overviewWelcome
    case overviewNotLoggedIn
    /// A client's next appointment, by what it is.
    case overviewTraining
    case overviewTrainingWith
    case overviewNext
    case overviewNextEvents
    case overviewNoEventsHint
    /// No next events, for a client.
    case overviewNoEvents
    case overviewNoUnread
    case overviewUnread
    case overviewSynced
    case overviewQueued
    case overviewNews
    /// The home screen's "since you last looked" heading, and its counts (`count`).
    case overviewSinceLooked
    case overviewSinceRequests
    case overviewSinceAnswers
    case overviewSinceMessages
    case overviewStartTraining
    case overviewRequestsForYou
    case overviewDeclinedByClients
    case overviewNotAnswered
    case overviewYourRequests
    case overviewRequestsDeclined
    case overviewNote
    case overviewMore

    // MARK: sync

    case helpSync
    case helpSyncDiscussion
    case helpSyncStatus
    case helpSyncConflicts
    case helpSyncRestore
    case syncOptionsOneAtATime
    case syncPushedPulled
    case syncRefused
    case syncConflict
    case noConflicts
    /// Before the value that stands, in a conflict between two other devices.
    case conflictNow
    case tableHeaderID
    case tableHeaderWhen
    case tableHeaderWhat
    case tableHeaderYours
    case tableHeaderTheirs
    case restoreHint
    /// A field of a row: `the name of training 'Cames A'`; `ofRow` is the row after "of".
    case fieldOfRow
    case restored
    case nothingToRestore
    case restoreRefused
    case conflictUnreadable
    case rowDeletedCannotRestore
    /// The field of a conflict that names none.
    case theValue
    /// The labels of `sync --status`, before their values.
    case statusQueued
    case statusLastSync
    case statusCursor
    case statusNever
    /// A queued change in `sync --status`: `update machine 'Rack' (1a2b3c4d)`.
    case statusMutation
    case statusMore
    /// A queued change's action.
    case actionCreate
    case actionUpdate
    case actionDelete

    // MARK: Notes of the syncs every command runs

    case notSynced
    case refusedByServer
    case conflictNote
    case changesQueued
    case showingLocalCopy
    /// The pinned server presented another certificate; `state` is ``changesQueued`` or ``showingLocalCopy``.
    case serverRefusedNothingSent
    /// The server could not be reached; `state` is ``changesQueued`` or ``showingLocalCopy``.
    case offlineNote
    case refusedNothingChanged
    case copyMayBeOld
    case serverNotReached
    case onlyCoachesCan
    /// What only coaches can do, by default (``onlyCoachesCan``).
    case changeTheCatalogue
    case registrationCodeReport
    /// A refused change; `ofRow` is the row after "of".
    case createRefused
    case updateRefused
    case deleteRefused
    /// The reason of a refusal the server gave none for.
    case refusedWithoutReason
    case tooLargeToSync
    /// Followed by ``lostCacheJournalMissing``, ``lostCacheRecovered`` or ``lostCacheNothingQueued``.
    case lostCacheWarning
    case lostCacheJournalMissing
    case lostCacheRecovered
    case lostCacheNothingQueued
    case cannotOpenCache
    case cannotTakeBackCache

    // MARK: Conflicts

    /// A conflict: `loser` after "from" (``conflictFromDevice``…), `winner` after "replaced by" (``conflictByDevice``…), `loserShort` before the value (``conflictOfDevice``…), `noun` the field named again.
    case conflictReport
    /// ``conflictReport`` for a field English names in the plural (`muscles`).
    case conflictReportPlural
    case conflictOnDayAt
    case conflictAt
    case conflictFromThisDevice
    case conflictByThisDevice
    case conflictOfThisDevice
    case conflictFromDevice
    case conflictByDevice
    case conflictOfDevice
    case conflictFromAnotherAccount
    case conflictByAnotherAccount
    case conflictOfAnotherAccount
    case conflictFromAnotherDevice
    case conflictByAnotherDevice
    case conflictOfAnotherDevice
    case anotherAccount
    case anotherDevice
    /// A training's `exercises` field.
    case exerciseList
    /// ``exerciseList`` named again.
    case exerciseListAgain

    // MARK: Values in conflicts and refusals

    case valueNothing
    case valueNoExercises
    case valueYes
    case valueNo
    /// An empty list.
    case valueNone
    case valueUnknownItem

    // MARK: Kinds of rows, and finding one by its name

    /// The name of a kind of row.
    case kindMachine
    case kindExercise
    case kindTraining
    case kindClient
    case kindEvent
    case kindMessage
    case kindMeasurement
    case kindSession
    case kindDraft
    case kindConflict
    /// A kind of row after "of", with its article in Catalan and Spanish.
    case ofMachine
    case ofExercise
    case ofTraining
    case ofClient
    case ofEvent
    case ofMessage
    case ofMeasurement
    case ofSession
    case ofDraft
    case ofConflict
    /// What is not a kind of row, after "of".
    case ofLabel
    /// A row named by its date, after its kind: `session of 2026-03-02 18:02 (1a2b3c4d)`.
    case ofDate
    /// None of a kind, before ``noneNamed``.
    case noMachine
    case noExercise
    case noTraining
    case noClient
    case noEvent
    case noMessage
    case noMeasurement
    case noSession
    case noDraft
    case noConflict
    /// Several of a kind, in ``matchesSeveral``.
    case severalMachines
    case severalExercises
    case severalTrainings
    case severalClients
    case severalEvents
    case severalMessages
    case severalMeasurements
    case severalSessions
    case severalDrafts
    case severalConflicts
    /// Several of what is not a kind of row.
    case severalOf
    /// Nothing found by a name; `none` is ``noMachine``…, `known` ``didYouMean``, ``knownNames`` or ``noneYet``.
    case noneNamed
    /// ``noneNamed`` for what is not a kind of row.
    case nothingNamed
    case matchesSeveral
    case didYouMean
    case noneYet
    case knownNames

    // MARK: Connection errors

    case cannotReachServer
    case handshakeNotCompleted
    case serverDidNotAnswer
    case serverStoppedAnswering
    /// What ``serverStoppedAnswering`` waited for, when no request is named.
    case aReply
    case unexpectedReply
    case connectionLost
    case connectionLostBecause
    case connectionClosed
    case requestLost
    /// A server error without a message.
    case serverErrorNumber
    case overLongLine
    case serverClosedConnection
    case noAddressToConnectTo
    case timedOut
    case networkError
    case tlsHandshakeFailed
    case tlsFailed
    case connectionRefused
    case noRouteToServer
    case addressNotAvailable
    case uploadStalled
    case badImageChunk
    case pushAnsweredPartly
    case pullUnreadable
    case pullWithoutCursor
    case pullChangeIncomplete

    // MARK: Local errors and the terminal

    case configUnreadable
    case configIsFolder
    case configIsEmpty
    case configIsInvalid
    case needsTerminal
    case nothingDeleted
    case noTerminalToConfirm
    case thisCommand
    /// The answers of a yes/no question, no by default (`s` for "sí" in Catalan and Spanish; `y` is read too).
    case yesNo
    case interruptedBySignal

    // MARK: Field names in conflicts and refusals (`field` + the field's name)

    /// The `name` field, in words (the key is `field` and the field's name).
    case fieldName
    case fieldSurname
    case fieldNif
    case fieldNotes
    case fieldStatus
    case fieldUsername
    case fieldEmail
    case fieldJoined
    case fieldCodeExpires
    case fieldCoachName
    case fieldGoalWeight
    case fieldPerWeek
    case fieldClient
    case fieldStart
    case fieldZone
    case fieldDuration
    case fieldGym
    case fieldNote
    case fieldRecurrence
    case fieldSeries
    case fieldOccurrence
    case fieldAnswer
    case fieldAnswerNote
    case fieldDescription
    case fieldMachine
    case fieldMuscles
    case fieldCount
    case fieldImage
    case fieldDate
    case fieldWeight
    case fieldHeight
    case fieldBodyFat
    case fieldNeck
    case fieldShoulders
    case fieldChest
    case fieldArm
    case fieldForearm
    case fieldWaist
    case fieldHips
    case fieldThigh
    case fieldCalf
    case fieldFrom
    case fieldTo
    case fieldText
    case fieldSent
    case fieldRead
    case fieldSession
    case fieldFrequency
    case fieldInterval
    case fieldDays
    case fieldUntil
    case fieldExercises
    case fieldExercise
    case fieldSets
    case fieldReps
    case fieldUnit
    case fieldRest
    case fieldDistance
    case fieldGroup
    case fieldEvent
    case fieldTraining
    case fieldMode
    case fieldEnd
    case fieldPaused
    case fieldRecordedBy
    case fieldRevision
    case fieldPosition
    case fieldType
    case fieldRepTimes
    case fieldState
    case fieldDevice
    case fieldUpdated
}

extension AccountPhrases {
    /// The limits these texts name (see ``Phrases/limits(in:)``).
    package static func limits(in language: Language) -> [String: any Sendable] {
        [
            "usernameShortest": Validation.usernameLength.lowerBound,
            "usernameLongest": Validation.usernameLength.upperBound,
            "imageMiB": MediaLimits.maxBytes / (1024 * 1024),
        ]
    }
}
