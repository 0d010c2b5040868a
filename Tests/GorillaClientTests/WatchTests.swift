import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// `gorilla watch`'s decisions, fed hand-made snapshots and a hand-moved clock: what each role is told, the first
/// sync told quietly, reminders once each, and how lines read.
@Suite struct WatchTests {
    static let started = Date(timeIntervalSince1970: 1_800_000_000)
    static let utc = TimeZone(identifier: "UTC")!

    static func at(_ minutes: Double) -> Date { started.addingTimeInterval(minutes * 60) }

    static func appointment(
        _ id: UUID = UUID(), startsIn minutes: Double, status: EventStatus = .scheduled, answer: EventAnswer? = nil,
        note: String? = nil, series: UUID? = nil, recurrence: Recurrence? = nil
    ) -> WatchAppointment {
        WatchAppointment(
            id: id, start: at(minutes), status: status, answer: answer, gym: "Gym Nord", note: note, with: "Anna",
            series: series, recurrence: recurrence)
    }

    static func snapshot(
        _ rows: [WatchAppointment] = [], occurrences: [WatchAppointment] = [], messages: [WatchMessage] = []
    )
        -> WatchSnapshot
    {
        WatchSnapshot(
            rows: Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) }),
            occurrences: Dictionary(uniqueKeysWithValues: occurrences.map { ($0.id, $0) }),
            messages: Dictionary(uniqueKeysWithValues: messages.map { ($0.id, $0) }))
    }

    static func message(_ text: String, sentAt minutes: Double) -> WatchMessage {
        WatchMessage(id: UUID(), from: "Anna", text: text, sent: at(minutes))
    }

    // MARK: Changes

    @Test func theFirstSyncTellsOnlyMessagesSentSinceTheWatchStarted() {
        var tracker = WatchTracker(role: .coach, lead: 30, started: Self.started, snapshot: Self.snapshot())
        let old = Self.message("from last week", sentAt: -10_000)
        let new = Self.message("just now", sentAt: 0.5)
        let request = Self.appointment(startsIn: 600, status: .requested)
        let caughtUp = tracker.update(
            to: Self.snapshot([request], messages: [old, new]), now: Self.at(1), catchingUp: true)
        #expect(caughtUp == [.message(new)])
        // After it, a request is news.
        let another = Self.appointment(startsIn: 900, status: .requested)
        let later = tracker.update(
            to: Self.snapshot([request, another], messages: [old, new]), now: Self.at(2))
        #expect(later == [.requested(another)])
    }

    @Test func aCoachHearsTheSessionAClientLoggedAndTheirMeasurementButNotWhatThisDeviceRecorded() {
        var tracker = WatchTracker(role: .coach, lead: 30, started: Self.started, snapshot: Self.snapshot())
        // Recorded on this device first (not yet on the server), then synced: never news.
        var own = WatchRecord(
            id: UUID(), kind: .measurement, client: "Anna", day: "2027-01-15", figures: [.weight: 80],
            fromServer: false)
        #expect(tracker.update(to: WatchSnapshot(records: [own.id: own]), now: Self.at(1)).isEmpty)
        own.fromServer = true
        #expect(tracker.update(to: WatchSnapshot(records: [own.id: own]), now: Self.at(2)).isEmpty)
        let session = WatchRecord(
            id: UUID(), kind: .session, client: "Anna", start: Self.at(-60), minutes: 45, training: "Legs")
        let measurement = WatchRecord(
            id: UUID(), kind: .measurement, client: "Anna", day: "2027-01-15", figures: [.weight: 71.5, .waist: 80])
        let records = [own.id: own, session.id: session, measurement.id: measurement]
        let news = tracker.update(to: WatchSnapshot(records: records), now: Self.at(3))
        #expect(Set(news.map(\.type)) == ["record"] && news.count == 2, "\(news)")
        let lines = Set(news.map { WatchNotice(at: Self.at(3), $0).line(zone: Self.utc) })
        #expect(
            lines == [
                "Anna logged a session: \(EventFormatting.local(Self.at(-60), zone: Self.utc)) · Legs, 45 min",
                "new measurement of Anna (2027-01-15): weight 71.5 kg, waist 80 cm",
            ], "\(lines)")
        // Told once; a client is not told their own work.
        #expect(tracker.update(to: WatchSnapshot(records: records), now: Self.at(4)).isEmpty)
        var client = WatchTracker(role: .client, lead: 30, started: Self.started, snapshot: Self.snapshot())
        #expect(client.update(to: WatchSnapshot(records: records), now: Self.at(1)).isEmpty)
    }

    @Test func aCoachHearsAnswersAndRequestsButNotTheirOwnScheduling() {
        let id = UUID()
        let scheduled = Self.appointment(id, startsIn: 120)
        var tracker = WatchTracker(role: .coach, lead: 30, started: Self.started, snapshot: Self.snapshot([scheduled]))
        var moved = scheduled
        moved.start = Self.at(180)
        let added = Self.appointment(startsIn: 300)
        #expect(tracker.update(to: Self.snapshot([moved, added]), now: Self.at(1)).isEmpty)

        var declined = moved
        declined.answer = .declined
        declined.answerNote = "sick"
        let request = Self.appointment(startsIn: 2000, status: .requested, note: "after work?")
        #expect(
            tracker.update(to: Self.snapshot([declined, added, request]), now: Self.at(2)) == [
                .answered(declined), .requested(request),
            ])
        // The same answer again with another reason is no news; a past appointment's change neither.
        var reworded = declined
        reworded.answerNote = "still sick"
        #expect(tracker.update(to: Self.snapshot([reworded, added, request]), now: Self.at(3)).isEmpty)
    }

    @Test func aClientHearsScheduledMovedCancelledAndTheirRequestAnswered() {
        let kept = Self.appointment(startsIn: 120)
        let removed = Self.appointment(startsIn: 240)
        let past = Self.appointment(startsIn: -600)
        let asked = Self.appointment(startsIn: 1440, status: .requested)
        var tracker = WatchTracker(
            role: .client, lead: 30, started: Self.started, snapshot: Self.snapshot([kept, removed, past, asked]))
        var moved = kept
        moved.start = Self.at(150)
        var accepted = asked
        accepted.status = .scheduled
        let added = Self.appointment(startsIn: 3000)
        let news = tracker.update(to: Self.snapshot([moved, accepted, added]), now: Self.at(1))
        #expect(
            news == [
                .moved(moved, from: Self.at(120)), .cancelled(removed), .requestAnswered(accepted, accepted: true),
                .scheduled(added),
            ])
        var cancelled = added
        cancelled.status = .cancelled
        var answered = moved
        answered.answer = .confirmed
        // Their own answer is no news to them.
        #expect(
            tracker.update(to: Self.snapshot([answered, accepted, cancelled]), now: Self.at(2)) == [
                .cancelled(cancelled)
            ])
        let ownRequest = Self.appointment(startsIn: 5000, status: .requested)
        #expect(
            tracker.update(to: Self.snapshot([answered, accepted, cancelled, ownRequest]), now: Self.at(3)).isEmpty)
        var refused = ownRequest
        refused.status = .declined
        refused.note = "I am away"
        #expect(
            tracker.update(to: Self.snapshot([answered, accepted, cancelled, refused]), now: Self.at(4)) == [
                .requestAnswered(refused, accepted: false)
            ])
    }

    @Test func anAnsweredOccurrenceIsToldAndAWholeSeriesAnswerOnce() throws {
        let series = UUID()
        let rule = try #require(try? JSONValue.object(["frequency": "weekly"]).decode(Recurrence.self))
        let row = Self.appointment(series, startsIn: 60, recurrence: rule)
        let first = Self.appointment(startsIn: 60, series: series)
        let second = Self.appointment(startsIn: 60 + 7 * 1440, series: series)
        var tracker = WatchTracker(
            role: .coach, lead: 30, started: Self.started, snapshot: Self.snapshot([row], occurrences: [first, second]))
        var confirmed = second
        confirmed.answer = .confirmed
        #expect(
            tracker.update(to: Self.snapshot([row], occurrences: [first, confirmed]), now: Self.at(1)) == [
                .answered(confirmed)
            ])
        var wholeSeries = row
        wholeSeries.answer = .declined
        var firstDeclined = first
        firstDeclined.answer = .declined
        #expect(
            tracker.update(to: Self.snapshot([wholeSeries], occurrences: [firstDeclined, confirmed]), now: Self.at(2))
                == [.answered(wholeSeries)])
    }

    @Test func manyMessagesAtOnceAreToldUpToTenThenCounted() {
        var tracker = WatchTracker(role: .client, lead: 30, started: Self.started, snapshot: Self.snapshot())
        let messages = (1...13).map { Self.message("number \($0)", sentAt: Double($0) / 10) }
        let news = tracker.update(to: Self.snapshot(messages: messages), now: Self.at(2))
        #expect(news.count == 11)
        #expect(news.first == .message(messages[0]))
        #expect(news[9] == .message(messages[9]))
        #expect(news.last == .moreMessages(3))
        #expect(tracker.update(to: Self.snapshot(messages: messages), now: Self.at(3)).isEmpty)
    }

    // MARK: Reminders

    @Test func aReminderComesOnceBeforeTheStartAndNotForWhatDoesNotTakePlace() {
        let training = Self.appointment(startsIn: 40)
        let cancelled = Self.appointment(startsIn: 40, status: .cancelled)
        let requested = Self.appointment(startsIn: 40, status: .requested)
        let declined = Self.appointment(startsIn: 40, answer: .declined)
        let confirmed = Self.appointment(startsIn: 45, answer: .confirmed)
        var tracker = WatchTracker(
            role: .coach, lead: 30, started: Self.started,
            snapshot: Self.snapshot([training, cancelled, requested, declined, confirmed]))
        #expect(tracker.reminders(at: Self.at(9)).isEmpty)
        #expect(tracker.reminders(at: Self.at(10)) == [.reminder(training, minutes: 30)])
        #expect(tracker.reminders(at: Self.at(10.5)).isEmpty, "once")
        #expect(tracker.reminders(at: Self.at(15.2)) == [.reminder(confirmed, minutes: 30)])
        #expect(tracker.reminders(at: Self.at(39)).isEmpty)
        // Started after the lead began: reminded at once, with the minutes left.
        let soon = Self.appointment(startsIn: 50)
        var late = WatchTracker(role: .client, lead: 30, started: Self.at(38), snapshot: Self.snapshot([soon]))
        #expect(late.reminders(at: Self.at(38)) == [.reminder(soon, minutes: 12)])
        #expect(late.reminders(at: Self.at(51)).isEmpty)
    }

    @Test func aPlannedWorkoutAtATimeIsRemindedOnceAndTheSummaryListsOnlyTodaysWorkouts() throws {
        let day = CalendarDate(Self.started, in: .current)
        func workout(at time: String?, on date: CalendarDate = day) -> PlannedWorkout {
            PlannedWorkout(
                assignment: UUID(), date: date, at: time, client: UUID(), clientName: "Anna Serra", program: "Strength",
                training: "Legs", trainingID: UUID(), week: 2)
        }
        let timed = workout(at: "18:00")
        let untimed = workout(at: nil)
        let tomorrow = workout(at: "07:00", on: day.adding(days: 1))
        let start = timed.start(in: .current)
        var tracker = WatchTracker(
            role: .coach, lead: 30, started: start.addingTimeInterval(-3_600),
            snapshot: WatchSnapshot(planned: [timed, untimed, tomorrow]))
        #expect(tracker.reminders(at: start.addingTimeInterval(-31 * 60)).isEmpty)
        let due = tracker.reminders(at: start.addingTimeInterval(-30 * 60))
        #expect(due == [.plannedReminder(timed, minutes: 30, namesClient: true)])
        #expect(tracker.reminders(at: start.addingTimeInterval(-29 * 60)).isEmpty, "once")
        let line = WatchNotice(at: start.addingTimeInterval(-30 * 60), try #require(due.first)).line(zone: .current)
        #expect(line == "in 30 min: planned 18:00 Anna Serra · Legs (Strength, week 2)")
        let summary = tracker.summary(username: "ada", now: start.addingTimeInterval(-30 * 60))
        #expect(Set(summary.planned.map(\.assignment)) == [timed.assignment, untimed.assignment])
        // A client's own reminder does not name them.
        var own = WatchTracker(
            role: .client, lead: 0, started: start.addingTimeInterval(-60), snapshot: WatchSnapshot(planned: [timed]))
        let now = try #require(own.reminders(at: start).first)
        #expect(WatchNotice(at: start, now).line(zone: .current) == "now: planned 18:00 Legs (Strength, week 2)")
    }

    @Test func aMovedAppointmentIsRemindedAgainAndAtTheStartWithinItsFirstMinute() {
        let id = UUID()
        let training = Self.appointment(id, startsIn: 5)
        var tracker = WatchTracker(role: .coach, lead: 1, started: Self.started, snapshot: Self.snapshot([training]))
        #expect(tracker.reminders(at: Self.at(4)) == [.reminder(training, minutes: 1)])
        var moved = training
        moved.start = Self.at(10)
        _ = tracker.update(to: Self.snapshot([moved]), now: Self.at(4.5))
        #expect(tracker.reminders(at: Self.at(9.1)) == [.reminder(moved, minutes: 1)])
        // Scheduled while watching, a minute ahead: reminded at once.
        let added = Self.appointment(startsIn: 11)
        _ = tracker.update(to: Self.snapshot([moved, added]), now: Self.at(9.9))
        #expect(tracker.reminders(at: Self.at(10)) == [.reminder(added, minutes: 1)])

        var atStart = WatchTracker(role: .coach, lead: 0, started: Self.started, snapshot: Self.snapshot([training]))
        #expect(atStart.reminders(at: Self.at(4.99)).isEmpty)
        #expect(atStart.reminders(at: Self.at(5.5)) == [.reminder(training, minutes: 0)])
        var tooLate = WatchTracker(role: .coach, lead: 0, started: Self.started, snapshot: Self.snapshot([training]))
        #expect(tooLate.reminders(at: Self.at(6.1)).isEmpty)
    }

    // MARK: Summary and lines

    @Test func theSummaryCountsWhatWaitsAndNamesTheNextAppointment() {
        let request = Self.appointment(startsIn: 600, status: .requested)
        let next = Self.appointment(startsIn: 90)
        let cancelled = Self.appointment(startsIn: 30, status: .cancelled)
        var read = Self.message("read", sentAt: -5)
        read.unread = false
        let tracker = WatchTracker(
            role: .coach, lead: 30, started: Self.started,
            snapshot: Self.snapshot([request, next, cancelled], messages: [read, Self.message("new", sentAt: -1)]))
        let summary = tracker.summary(username: "ada", now: Self.started)
        #expect(summary.next == next)
        #expect(summary.requests == 1)
        #expect(summary.unread == 1)
        let line = WatchNotice(at: Self.started, .watching(summary)).line(zone: Self.utc)
        #expect(
            line
                == "watching as ada — next: 2027-01-15 09:30 training with Anna (Gym Nord) — 1 request waiting — "
                + "1 message unread — reminders 30 min before")
    }

    @Test func linesSayWhatHappenedAndJSONCarriesTheType() throws {
        var training = Self.appointment(startsIn: 30)
        training.answer = .declined
        training.answerNote = "sick"
        func line(_ news: WatchNews) -> String { WatchNotice(at: Self.started, news).line(zone: Self.utc) }
        #expect(line(.reminder(training, minutes: 30)) == "in 30 min: 08:30 training with Anna (Gym Nord)")
        #expect(line(.answered(training)) == "Anna declined 2027-01-15 08:30 training: sick")
        #expect(
            line(.requested(Self.appointment(startsIn: 60, status: .requested)))
                == "Anna asks for 2027-01-15 09:00 (1 h)")
        #expect(
            line(.moved(training, from: Self.at(0)))
                == "moved: 2027-01-15 08:00 → 2027-01-15 08:30 training with Anna (Gym Nord)")
        #expect(line(.offline(retry: 4)) == "offline — retrying in 4 s")
        let long = String(repeating: "word ", count: 60)
        let shown = line(.message(WatchMessage(id: UUID(), from: "Anna", text: "first\n" + long, sent: nil)))
        #expect(shown.hasPrefix("message from Anna: first word") && shown.hasSuffix("…") && shown.count < 130)

        func json(_ news: WatchNews) throws -> [String: JSONValue] {
            try #require(try WatchNotice(at: Self.started, news).json.objectValue)
        }
        let reminder = try json(.reminder(training, minutes: 30))
        #expect(reminder["type"] == "reminder")
        #expect(reminder["minutes"] == 30)
        #expect(reminder["line"] == "in 30 min: 08:30 training with Anna (Gym Nord)" || TimeZone.current != Self.utc)
        #expect(reminder["event"]?.objectValue?["with"] == "Anna")
        #expect(try json(.answered(training))["answer"] == "declined")
        #expect(try json(.answered(training))["type"] == "answer")
        #expect(try json(.connected)["type"] == "status")
    }

    @Test func anAppointmentsTrainingIsNamedInItsLinesAndItsStateDecidesWhatWaitsForAnAnswer() throws {
        var legs = Self.appointment(startsIn: 30)
        legs.training = "Legs"
        func line(_ news: WatchNews) -> String { WatchNotice(at: Self.started, news).line(zone: Self.utc) }
        #expect(line(.reminder(legs, minutes: 30)) == "in 30 min: 08:30 training with Anna · Legs (Gym Nord)")
        #expect(
            line(.moved(legs, from: Self.at(0)))
                == "moved: 2027-01-15 08:00 → 2027-01-15 08:30 training with Anna · Legs (Gym Nord)")
        let json = try #require(try WatchNotice(at: Self.started, .reminder(legs, minutes: 30)).json.objectValue)
        #expect(json["event"]?.objectValue?["trainingName"] == "Legs")
        // A confirmed one waits for nothing; one over is missed, not waiting either.
        var confirmed = Self.appointment(startsIn: 40, answer: .confirmed)
        confirmed.training = nil
        #expect(legs.state(at: Self.started) == .scheduled && confirmed.state(at: Self.started) == .confirmed)
        #expect(legs.state(at: Self.at(120)) == .missed)
    }

    @Test func reminderTimesAreReadAsPeopleTypeThem() {
        #expect(ReminderTime.minutes("30m") == 30)
        #expect(ReminderTime.minutes("1h") == 60)
        #expect(ReminderTime.minutes("1h30m") == 90)
        #expect(ReminderTime.minutes("1h30") == 90)
        #expect(ReminderTime.minutes("90") == 90)
        #expect(ReminderTime.minutes("0") == 0)
        #expect(ReminderTime.minutes("2d") == 2880)
        #expect(ReminderTime.minutes(" 45 M ") == 45)
        for wrong in ["", "soon", "-5", "m", "1x", "h1"] { #expect(ReminderTime.minutes(wrong) == nil, "\(wrong)") }
        #expect(ReminderTime.describe(0) == "at the start")
        #expect(ReminderTime.describe(90) == "1 h 30 min before")
    }
}
