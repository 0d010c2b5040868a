/// Gyms: making one, inviting and joining, members and roles, leaving and dissolving (`gorilla gym`).
package enum GymPhrases: String, Phrases {
    case helpGym
    case helpGymCreate
    case helpGymName
    case helpGymInvite
    case helpGymInviteRole
    case helpGymJoin
    case helpGymCode
    case helpGymMembers
    case helpGymRole
    case helpGymUser
    case helpGymRoleRole
    case helpGymLeave
    case helpGymRemove
    case helpGymShow
    case helpGymRename
    case helpGymDissolve
    case helpGymYes
    case helpRegisterGymCode
    case roleOwner
    case roleAdmin
    case roleCoach
    case roleInvalid
    /// `gym invite --role` naming a role no invitation gives (owner).
    case inviteRoleInvalid
    case codeFormat
    case created
    case invitation
    case invitationJoin
    case joined
    case show
    case membersTitle
    case columnUsername
    case columnName
    case columnRole
    case columnJoined
    case roleChanged
    case yourRoleNow
    case left
    case removed
    case renamed
    case dissolveQuestion
    case dissolved
    case leaveQuestion
    case removeQuestion
    case coachesOnly
    /// `gorilla gym calendar`.
    case helpGymCalendar
    case helpGymCalendarWeek
    case helpGymCalendarDay
    case calendarTitle
    case calendarEmpty
    case columnTime
    case columnCoach
    case columnClient
    /// An appointment of a colleague's client: the hour is taken.
    case booked
    /// `events add|edit --gym TEXT` by a coach of a gym, naming another.
    case gymNotYours
    case dayInvalid
    /// `gorilla gym overview`.
    case helpGymOverview
    case helpGymOverviewFrom
    case helpGymOverviewTo
    case overviewTitle
    case columnClients
    case columnSessions
    case columnKept
    case columnMissed
    case columnAttendance
    case columnPlan
    case columnLastActivity
    case overviewTotal
    case busiestHours
    case busiestHour
    case busiestHoursNone
    /// The message the client receives from their new coach after a transfer.
    case transferMessage
    /// `gorilla clients transfer`.
    case helpClientsTransfer
    case helpTransferClient
    case helpTransferTo
    case transferred
    case libraryLost
    case libraryMark
    case libraryMachineAdded
    case libraryPublished
    case libraryCopied
    case libraryWith
    case libraryMatched
    case helpMachinesGym
    case helpPublish
    case helpCopy
    case helpLibraryName
    case libraryNoImage
}
