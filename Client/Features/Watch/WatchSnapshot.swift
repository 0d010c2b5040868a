import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// An appointment as `gorilla watch` follows it: where it stands, and who it is with.
package struct WatchAppointment: Sendable, Equatable {
    package var id: UUID
    /// How lists name it: the short id, `series@YYYY-MM-DD` for an occurrence.
    package var reference: String
    package var start: Date
    /// Minutes.
    package var duration: Int
    package var status: EventStatus
    package var answer: EventAnswer?
    package var answerNote: String?
    package var gym: String?
    package var note: String?
    /// The other person: the client for a coach, the coach for a client.
    package var with: String
    /// The series this is an occurrence of.
    package var series: UUID?
    /// How a whole series repeats (nil for a single appointment or an occurrence).
    package var recurrence: Recurrence?
    /// The name of the training the appointment is for.
    package var training: String?

    package init(
        id: UUID, reference: String? = nil, start: Date, duration: Int = Event.defaultDuration,
        status: EventStatus = .scheduled, answer: EventAnswer? = nil, answerNote: String? = nil, gym: String? = nil,
        note: String? = nil, with: String, series: UUID? = nil, recurrence: Recurrence? = nil, training: String? = nil
    ) {
        self.id = id
        self.reference = reference ?? id.short
        self.start = start
        self.duration = duration
        self.status = status
        self.answer = answer
        self.answerNote = answerNote
        self.gym = gym
        self.note = note
        self.with = with
        self.series = series
        self.recurrence = recurrence
        self.training = training
    }

    /// Where it stands at `now` (``GorillaShared/AppointmentState``; the watch does not read sessions).
    package func state(at now: Date) -> AppointmentState {
        AppointmentState(
            status: status, answer: answer, end: start.addingTimeInterval(Double(duration) * 60), fulfilled: false,
            now: now)
    }

    /// Whether a reminder is due for it: it takes place and the client has not said no (its state before it starts).
    package var isRemindable: Bool { state(at: start).isAhead }

    /// The appointment `event` (a single one, a series or an occurrence, named in lists by `reference`).
    init(id: UUID, reference: String, event: Event, with: String, training: String? = nil) {
        self.init(
            id: id, reference: reference, start: event.start, duration: event.duration, status: event.status,
            answer: event.answer, answerNote: event.answerNote, gym: event.gym, note: event.note, with: with,
            series: event.occurrence == nil ? nil : event.series, recurrence: event.recurrence, training: training)
    }
}

/// A message to the account, as `gorilla watch` shows it.
package struct WatchMessage: Sendable, Equatable {
    package var id: UUID
    /// The sender's name.
    package var from: String
    package var text: String
    /// When the server received it (nil for one only this device has).
    package var sent: Date?
    /// Whether the account has not read it yet.
    package var unread: Bool

    package init(id: UUID, from: String, text: String, sent: Date?, unread: Bool = true) {
        self.id = id
        self.from = from
        self.text = text
        self.sent = sent
        self.unread = unread
    }
}

/// What `gorilla watch` compares from one look at the local copy to the next: the calendar's rows, the occurrences of
/// its series in a window around now, and the messages to the account. A pure value, so that the changes between
/// two of them can be tested without a device (``WatchTracker``).
package struct WatchSnapshot: Sendable, Equatable {
    /// Single appointments and requests, and series (as their first occurrence, with their recurrence), by id.
    package var rows: [UUID: WatchAppointment]
    /// The occurrences of series starting in the window read, by id (an occurrence's id is its exception's).
    package var occurrences: [UUID: WatchAppointment]
    /// Messages to the account, by id.
    package var messages: [UUID: WatchMessage]
    /// For a coach, the clients' own work (sessions they logged, measurements), by id.
    package var records: [UUID: WatchRecord]
    /// The workouts programs plan from today to the end of the window that are not booked as appointments
    /// (``PlannedWorkout``): for a coach each client's, for a client their own.
    package var planned: [PlannedWorkout]

    package init(
        rows: [UUID: WatchAppointment] = [:], occurrences: [UUID: WatchAppointment] = [:],
        messages: [UUID: WatchMessage] = [:], records: [UUID: WatchRecord] = [:], planned: [PlannedWorkout] = []
    ) {
        self.rows = rows
        self.occurrences = occurrences
        self.messages = messages
        self.records = records
        self.planned = planned
    }

    /// Every appointment that may be reminded of: single ones and occurrences (never a series as a whole).
    package var appointments: [WatchAppointment] {
        rows.values.filter { $0.recurrence == nil } + occurrences.values
    }

    /// How many days before and after now occurrences of series are read.
    static let window = (before: 1.0, after: 62.0)

    /// The snapshot of `cache` for `account` at `now`.
    static func read(_ cache: LocalCache, account: Profile, now: Date) throws -> WatchSnapshot {
        let coachName: String
        var clientNames: [UUID: String] = [:]
        if account.role.keepsClients {
            coachName = ""
            clientNames = try ClientDirectory(cache: cache).names()
        } else {
            coachName =
                try cache.one(Client.self, account.id)?.coachName.flatMap { $0.isEmpty ? nil : $0 }
                ?? CalendarPhrases.yourCoach.t()
        }
        func other(_ id: UUID) -> String {
            account.role.keepsClients ? clientNames[id] ?? CalendarPhrases.aClient.t() : coachName
        }
        let calendar = try EventCalendar(cache: cache)
        // The training each appointment is for, by name (the watch reads no sessions: it looks often).
        let trainings = try AppointmentFacts.trainings(in: cache)
        func appointment(_ event: Stored<Event>) -> WatchAppointment {
            WatchAppointment(
                id: event.id, reference: event.appointmentReference, event: event.value, with: other(event.client),
                training: event.training.flatMap { trainings[$0] })
        }
        var snapshot = WatchSnapshot()
        for row in calendar.singleRows + calendar.seriesRows.values {
            snapshot.rows[row.id] = appointment(row)
        }
        let from = now.addingTimeInterval(-window.before * 86_400)
        let to = now.addingTimeInterval(window.after * 86_400)
        for occurrence in calendar.events(from: from, to: to, horizon: to)
        where occurrence.seriesOccurrence != nil {
            snapshot.occurrences[occurrence.id] = appointment(occurrence)
        }
        for message in try cache.all(Message.self) where message.to == account.id {
            snapshot.messages[message.id] = WatchMessage(
                id: message.id, from: other(message.from), text: message.text, sent: message.sent,
                unread: message.read == nil)
        }
        let today = CalendarDate(now, in: .current)
        let own = account.role.keepsClients ? nil : account.id
        snapshot.planned = try PlannedWorkout.between(
            today, today.adding(days: Int(window.after)), in: cache, client: own,
            clientNames: account.role.keepsClients ? clientNames : nil)
        if account.role.keepsClients {
            snapshot.records = try WatchRecord.read(
                cache, client: { $0.flatMap { clientNames[$0] } ?? CalendarPhrases.aClient.t() }, trainings: trainings)
        }
        return snapshot
    }
}
