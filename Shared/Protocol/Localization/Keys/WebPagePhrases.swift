/// What the web door's pages beyond sign-in say: the navigation, a client's sessions, statistics, measurements
/// and profile, a coach's calendar, clients and registration links, a gym owner's overview.
package enum WebPagePhrases: String, Phrases {
    /// The navigation: home.
    case navHome
    /// The navigation: sessions.
    case navSessions
    /// The navigation: statistics.
    case navStatistics
    /// The navigation: measurements.
    case navMeasurements
    /// The navigation: profile.
    case navProfile
    /// The navigation: the week's calendar.
    case navCalendar
    /// The navigation: clients.
    case navClients
    /// The navigation: registration links.
    case navCodes
    /// The navigation: the gym's overview.
    case navGym
    /// The sessions page's title.
    case sessionsTitle
    /// Said when there is no session yet.
    case noSessions
    /// A session's page title: `{date}`.
    case sessionTitle
    /// The sets table: the set's number.
    case setColumn
    /// The sets table: repetitions.
    case repsColumn
    /// The sets table: weight.
    case weightColumn
    /// The sets table: the set's kind.
    case typeColumn
    /// A warm-up set.
    case warmup
    /// A working set.
    case working
    /// The comments on a session.
    case commentsHeading
    /// Said when a session has no comment.
    case noComments
    /// A session's notes: `{notes}`.
    case sessionNotes
    /// The statistics page's title.
    case statisticsTitle
    /// The chart of sessions per week.
    case sessionsPerWeek
    /// The unit of that chart.
    case sessionsUnit
    /// The chart of an exercise's estimated maximum: `{exercise}`.
    case e1rmChart
    /// Said when there is nothing to chart.
    case noStatistics
    /// Compliance: `{kept}` of `{appointments}` appointments kept, `{sessions}` sessions in 12 weeks.
    case complianceLine
    /// The measurements page's title.
    case measurementsTitle
    /// Said when there is no measurement yet.
    case noMeasurements
    /// The heading of the form that adds one.
    case addMeasurement
    /// A date field.
    case dateLabel
    /// A date that is not one.
    case dateInvalid
    /// A note field.
    case noteLabel
    /// A form's save button.
    case save
    /// Weight, kg.
    case measureWeight
    /// Body fat, %.
    case measureBodyFat
    /// Waist, cm.
    case measureWaist
    /// Hips, cm.
    case measureHips
    /// Chest, cm.
    case measureChest
    /// Arm, cm.
    case measureArm
    /// Thigh, cm.
    case measureThigh
    /// A measurement without any figure.
    case measureNeeded
    /// A figure that is not a number or is out of range: `{field}`.
    case measureInvalid
    /// The weight chart.
    case weightChart
    /// The profile page's title.
    case profileTitle
    /// The language field.
    case languageLabel
    /// Said after the profile was saved.
    case profileSaved
    /// The calendar feed on the profile page.
    case feedHeading
    /// What the feed is.
    case feedExplain
    /// The form that asks for a time.
    case requestHeading
    /// Its day and time field, in `{zone}`.
    case requestStart
    /// Its length field.
    case requestMinutes
    /// Its button.
    case requestButton
    /// A start that cannot be read or is past.
    case requestInvalid
    /// An appointment asked for, awaiting the coach.
    case requested
    /// Today's workout.
    case todayHeading
    /// No training planned today: `{program}`.
    case todayRest
    /// The day's training: `{training}`, `{program}`, `{week}`.
    case todayTraining
    /// The week's calendar: `{date}`, its Monday.
    case calendarTitle
    /// A link to the week before.
    case previousWeek
    /// A link to the week after.
    case nextWeek
    /// A day without appointments.
    case noAppointmentsDay
    /// The clients page's title.
    case clientsTitle
    /// Said when the coach has no client.
    case noClients
    /// Before a link to the registration links: `{count}` clients added who have not registered.
    case invitedWaiting
    /// The clients table: the client.
    case clientColumn
    /// The clients table: the last session.
    case lastSessionColumn
    /// The clients table: compliance.
    case complianceColumn
    /// The clients table: unread messages.
    case unreadColumn
    /// No date yet.
    case never
    /// A client's sessions on their page.
    case historyHeading
    /// A link to the conversation with `{name}`.
    case writeTo
    /// The registration links page.
    case codesTitle
    /// What the page does.
    case codesIntro
    /// No client waiting to register.
    case noInvited
    /// The button that issues a link.
    case newLink
    /// A link issued for `{name}`, valid until `{expires}`.
    case linkIssued
    /// The gym overview's title: `{gym}`.
    case gymTitle
    /// The overview's table: the coach.
    case gymCoachColumn
    /// The overview's table: active clients.
    case gymClientsColumn
    /// The overview's table: sessions.
    case gymSessionsColumn
    /// The overview's table: appointments kept.
    case gymAppointmentsColumn
    /// The overview's total row.
    case gymTotal
    /// An owner without a gym.
    case gymNone
    /// Above a long conversation: only the latest `{count}` are shown.
    case latestMessages
    /// A rate: `{value}` percent.
    case percent
}
