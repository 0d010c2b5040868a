/// Appointments, series, booking, the calendar, the agenda and the watch.
package enum CalendarPhrases: String, Phrases {
    // MARK: events (help)

    case helpEvents
    case helpEventsDiscussion
    case helpEventAt
    case helpEventDuration
    case helpEventGym
    case helpEventNote
    case helpEventClient
    /// The title of the options that make a series, in `--help`.
    case helpSeriesTitle
    /// The title of `--occurrence` and `--from-occurrence`, in `--help`.
    case helpOccurrencesTitle
    case helpRepeatEvery
    case helpRepeatDays
    case helpRepeatUntil
    case helpRepeatCount
    /// `--occurrence` of `edit`, `cancel`, `confirm` and `decline`.
    case helpOnlyOccurrence
    /// `events show --occurrence`.
    case helpTheOccurrence
    case helpFromOccurrence
    case helpEventsAdd
    /// A command line of `events add --help`, with the values (`--every`, `--days`) in the language.
    case helpEventsAddExample
    /// Said after the example command line of `events add --help`.
    case helpEventsAddDiscussion
    case helpEventsList
    case helpEventsListDiscussion
    case helpEventsListClient
    case helpEventsShow
    case helpEventsShowID
    case helpEventsEdit
    case helpEventsEditDiscussion
    case helpEventsCancel
    case helpEventsRemove
    case helpYesDelete
    case helpEventsConfirm
    case helpEventsDecline
    case helpDeclineReason
    case helpEventsRequest
    case helpRequestNote
    case helpEventsAccept
    case helpEventsExport
    case helpExportICS

    // MARK: calendar, agenda, watch (help)

    case helpCalendar
    case helpCalendarDiscussion
    case helpCalendarWeek
    case helpCalendarDate
    case helpAgenda
    case helpAgendaDays
    case daysRange
    case helpWatch
    case helpWatchDiscussion
    case helpWatchBefore
    case helpWatchNoNotify

    // MARK: events (errors)

    /// What only coaches can do: "only coaches can …".
    case coachesSchedule
    /// What only coaches can do: "only coaches can …".
    case coachesMove
    /// What only coaches can do: "only coaches can …".
    case coachesCancel
    /// What only coaches can do: "only coaches can …".
    case coachesChangeStatus
    /// What only coaches can do: "only coaches can …".
    case coachesDelete
    /// What only coaches can do: "only coaches can …".
    case coachesAccept
    case atRequired
    case atInvalid
    case durationRange
    case fromInvalid
    case toInvalid
    /// A series asked to start on a day that is none of its weekdays starts on the first that is.
    case seriesFirstDayMoved
    /// `problem` is one of the `problem…` texts.
    case seriesProblem
    /// `problem` is one of the `problem…` texts.
    case followingProblem
    case singleHasNoRepeat
    case singleHasNoOccurrences
    case singleNotSeries
    case notASeries
    case nothingToChange
    case occurrenceDoesNotRepeat
    case occurrenceNotDeleted
    case deleteSeriesQuestion
    case deleteEventQuestion
    case fromOccurrenceIsForEdit
    case occurrenceOrFrom
    case alreadyNamesOccurrence
    /// An occurrence is named `ID@YYYY-MM-DD` or with `--occurrence YYYY-MM-DD`.
    case occurrenceDayInvalid
    case noOccurrenceOn
    /// `next`: the next days the series has occurrences on.
    case noOccurrenceOnNext
    case severalEventsMatch

    // MARK: series (--every, --days, --until, --count)

    case everyStartsSeries
    case everyInvalid
    case daysNeedWeekly
    case daysInvalid
    case daysEmpty
    case untilInvalid
    case countRange
    case untilOrCount
    case problemInterval
    case problemCount
    case problemUntilAndCount
    case problemUntilBeforeFirst
    case problemDaysNotWeekly
    /// `weekday`: the weekday's code in English ("th"), its name in the other languages.
    case problemFirstDayNotInDays

    // MARK: requests and answers (errors)

    case coachesDoNotRequest
    case requestIsOne
    case requestInThePast
    case clientsConfirm
    case clientsDecline
    case answerOneOrSeries
    case answerOwnRequest
    case answerCancelled
    case answerDone
    case answerOver
    case notARequest

    // MARK: events export

    case cannotWrite
    /// An exported appointment's title for a coach (SUMMARY, and the alarm's text).
    case icsTraining
    /// The client's name when unknown, in `icsTraining`.
    case icsClient
    /// An exported appointment's title for a client.
    case icsTrainingWith
    case icsTrainingWithYourCoach

    // MARK: dates and times typed

    /// `problem` is `dateYearRange`, `dateMonthRange` or `dateMonthDays`.
    case notADate
    case dateYearRange
    case dateMonthRange
    /// `month`: "February 2026".
    case dateMonthDays
    /// A local time skipped when clocks go forward, and the two nearest that exist.
    case timeDoesNotExist
    /// A local time repeated when clocks go back; `first` and `second` are it with each offset.
    case timeHappensTwice

    // MARK: states and repeats

    /// Where an appointment stands, as lists and views show it (`--json` keeps the machine values).
    case stateScheduled
    case stateConfirmed
    case stateDeclinedByClient
    case stateCancelled
    case stateDone
    case stateRequested
    case stateRequestDeclined
    /// An appointment that ended without being done.
    case stateMissed
    /// `events add|edit --training`.
    case helpEventTraining
    /// `events confirm|decline --all`.
    case helpAnswerAll
    /// `events confirm|decline SERIES` without `--occurrence` or `--all`; `command` is confirm or decline.
    case seriesNeedsChoice
    case allOrOccurrence
    case allIsForSeries
    /// `events confirm SERIES --all`: how many occurrences to come now carry the answer.
    case youConfirmedSeries
    case youDeclinedSeries
    /// Added to `youConfirmedSeries`/`youDeclinedSeries` for a series that does not end.
    case andEveryLater
    /// The `.ics` DESCRIPTION's line naming the appointment's training.
    case icsTrainingPlanned
    /// `train --next`: the next appointment is not today.
    case nextNotToday
    /// `train --next`: several appointments start together.
    case nextTogether
    /// `train --next` without a terminal: what to pass.
    case nextPassEvent
    /// `train --next` on a terminal: the question.
    case nextChoosePrompt
    /// `train --next`: none was chosen.
    case nextNoneChosen
    /// The train view's header: the appointment the session is for.
    case trainHeaderAppointment
    case tableHeaderTraining
    case labelTraining
    case everyDay
    /// `interval` is 2 or more.
    case everyDays
    case everyWeek
    case everyWeeks
    case everyMonth
    case everyMonths
    /// Follows `every…`: the weekdays of a weekly series.
    case onDays
    /// Follows `every…`: the series' last day.
    case untilDay
    /// Follows `every…`: how many occurrences the series has.
    case countTimes

    // MARK: events (results)

    /// `repeats`: `every…` and what follows it.
    case scheduledSeries
    case scheduledOnce
    case updatedEvent
    /// `status`: a `state…` text.
    case eventIsNow
    case deletedEvent
    case seriesEnded
    case seriesSplit
    case youConfirmed
    case youDeclined
    case requestSent
    case requestAccepted
    case requestDeclined
    /// `appointment` in `youConfirmed`, `youDeclined` and `requestAccepted`.
    case theAppointmentOn
    case warningInThePast
    case warningOverlaps
    case noEventsInRange
    case noEventsYetCoach
    case noEventsYetClient
    case tableHeaderWhen
    case tableHeaderLength
    case tableHeaderClient
    case tableHeaderGym
    case tableHeaderStatus
    case tableHeaderID
    case eventTitle
    case labelClient
    case labelWhen
    case labelLength
    case labelRepeats
    case labelSeries
    case labelGym
    case labelStatus
    case labelReason
    case labelNote
    /// After the time in `events show`: the zone it is shown in and the zone it was entered in.
    case whenZone
    /// After the series' reference in `events show` of an occurrence.
    case theOccurrenceOf
    case exportWrote
    case exportWroteSeries
    /// `changes`: `occurrencesChanged`, `occurrencesCancelled` and `andCancelled` joined.
    case exportWroteSeriesChanges
    case occurrencesChanged
    case occurrencesCancelled
    /// Cancelled occurrences after `occurrencesChanged`.
    case andCancelled

    // MARK: calendar

    case monthInvalid
    /// A day given where a month is expected.
    case monthInvalidDay
    case dayInvalid
    case monthLegend
    case weekLegend
    /// Added to a legend where today cannot be shown in reverse video.
    case legendToday
    case noEventsThisMonth
    case noEventsThisWeek
    /// A client's appointment in a cell of their week grid.
    case cellTraining
    /// `2026-W49  Mon 30 Nov – Sun 6 Dec 2026`.
    case weekTitle

    // MARK: agenda

    case agendaToday
    case agendaDays
    /// After a day's name in a several-day agenda.
    case dayIsToday
    case nothingToday
    case nothingInDays
    /// `with` is the client's name after a comma, or `nextWithCoach`; `countdown`: `inSpan`, `startingNow`, `startedAgo`.
    case nextAppointment
    /// A client's agenda: who the next appointment is with.
    case nextWithCoach
    case noneAheadCoach
    case noneAheadClient
    case withName
    case withYourCoach
    case aTraining
    case exercisesCount
    case lastSession
    case noSessionsYet
    case unreadMessages
    case unreadMessagesFromCoach
    /// `time`: HH:MM.
    case todayAt
    case tomorrowAt
    case yesterdayAt
    case startedAgo
    case startingNow
    /// `span`: "2 h 15 min", "3 days 4 h".
    case inSpan
    /// Part of a span: "3 days 4 h".
    case spanDays

    // MARK: watch

    /// `option`: `--before` or `--reminder`.
    case reminderRange
    case reminderAtStart
    /// `length`: "30 min", "1 h 30 min".
    case reminderBefore
    /// Who a client's appointment or message is with when the coach's name is unknown.
    case yourCoach
    /// Who a coach's appointment or message is with when the client is unknown.
    case aClient
    /// Lines of `gorilla watch`.
    case watchConnected
    case watchOffline
    case watchMessage
    case watchMoreMessages
    /// `client`, `what` ("2026-12-03 18:00 · Legs, 1 h"): a session a client logged themselves.
    case watchSelfLogged
    /// `client`, `day`, `figures` ("weight 71 kg, waist 80 cm"): a measurement that came.
    case watchMeasured
    case watchConfirmed
    case watchDeclined
    case watchAsksFor
    case watchRequestDeclined
    case watchRequestAccepted
    case watchNewAppointment
    case watchNewSeries
    case watchMoved
    case watchCancelled
    case watchNow
    /// `lead`: `watchNow` or `inSpan`.
    case watchReminder
    case watchingAs
    case watchNext
    case watchNothingScheduled
    case watchRequestsWaiting
    case watchToAnswer
    case watchRequestsPending
    case watchUnread
    /// `workouts`: today's planned workouts of programs, each as `plannedLine` without its day.
    case watchPlannedToday
    /// `lead` (`watchNow` or `inSpan`), `workout`: a planned workout about to start.
    case watchPlannedReminder
    /// `when`: `reminderAtStart` or `reminderBefore`.
    case watchReminders
    case watchTrainingWith
    /// What a client's answer is about: a single appointment.
    case watchTraining
    /// What a client's answer is about: a whole series.
    case watchTheSeries
}

extension CalendarPhrases {
    /// The limits these texts name (see ``Phrases/limits(in:)``).
    package static func limits(in language: Language) -> [String: any Sendable] {
        [
            "durationShortest": Event.durationRange.lowerBound, "durationLongest": Event.durationRange.upperBound,
            "defaultDuration": Event.defaultDuration,
        ]
    }
}
