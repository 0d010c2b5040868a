import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension WatchNotice {
    /// One JSON object: `type`, `time`, `line` (the text without the time), and the news' own members.
    package var jsonForm: some Encodable { WatchNoticeRecord(self) }
}

/// A notice as `gorilla watch --json` prints it: `type`, `time` and `line`, then the members of its news (those it
/// does not have are left out).
struct WatchNoticeRecord: Encodable {
    var type: String
    var time: Date
    package var line: String
    package var status: String?
    var username: String?
    var next: WatchAppointmentRecord?
    var requests: Int?
    var unanswered: Int?
    var unread: Int?
    /// The first line's workouts planned today (as the agenda's `planned`).
    var planned: [PlannedWorkout.JSONForm]?
    var reminder: Int?
    /// The planned workout a reminder is about (as the agenda's `planned`).
    var workout: PlannedWorkout.JSONForm?
    var retry: Int?
    /// A message's or a record's id.
    var id: String?
    /// A message's sender, or where a moved appointment was (ISO-8601).
    var from: String?
    var text: String?
    var sent: Date?
    var count: Int?
    /// Who answered: `client` or `coach`.
    var by: String?
    var answer: String?
    var note: String?
    var event: WatchAppointmentRecord?
    /// `scheduled`, `moved` or `cancelled`.
    var change: String?
    var minutes: Int?
    /// What a client recorded: `session` or `measurement`.
    var record: String?
    var client: String?
    package var start: Date?
    var date: String?
    var duration: Int?
    var trainingName: String?

    init(_ notice: WatchNotice) {
        type = notice.news.type
        time = notice.at
        line = notice.line()
        switch notice.news {
        case .watching(let summary):
            status = "watching"
            username = summary.username
            next = summary.next.map(WatchAppointmentRecord.init)
            requests = summary.requests
            unanswered = summary.unanswered
            unread = summary.unread
            planned = summary.planned.map(\.jsonForm)
            reminder = summary.lead
        case .connected:
            status = "connected"
        case .offline(let retry):
            status = "offline"
            self.retry = retry
        case .message(let message):
            id = message.id.key
            from = message.from
            text = message.text
            sent = message.sent
        case .moreMessages(let count):
            status = "moreMessages"
            self.count = count
        case .answered(let appointment):
            by = "client"
            answer = appointment.answer?.rawValue
            note = appointment.answerNote
            event = WatchAppointmentRecord(appointment)
        case .requested(let appointment):
            event = WatchAppointmentRecord(appointment)
        case .requestAnswered(let appointment, let accepted):
            by = "coach"
            answer = accepted ? "accepted" : "declined"
            event = WatchAppointmentRecord(appointment)
        case .scheduled(let appointment):
            change = "scheduled"
            event = WatchAppointmentRecord(appointment)
        case .moved(let appointment, let from):
            change = "moved"
            self.from = ISOTime.format(from)
            event = WatchAppointmentRecord(appointment)
        case .cancelled(let appointment):
            change = "cancelled"
            event = WatchAppointmentRecord(appointment)
        case .reminder(let appointment, let minutes):
            self.minutes = minutes
            event = WatchAppointmentRecord(appointment)
        case .plannedReminder(let planned, let minutes, _):
            self.minutes = minutes
            workout = planned.jsonForm
        case .recorded(let recorded):
            record = recorded.kind.rawValue
            id = recorded.id.key
            client = recorded.client
            start = recorded.start
            date = recorded.day
            duration = recorded.minutes
            trainingName = recorded.training
        }
    }
}

/// An appointment's members in `gorilla watch --json`.
struct WatchAppointmentRecord: Encodable {
    var id: String
    var reference: String
    package var start: Date
    /// Minutes.
    var duration: Int
    package var status: EventStatus
    var with: String
    var answer: EventAnswer?
    var answerNote: String?
    var gym: String?
    var note: String?
    var trainingName: String?
    var series: String?
    var recurrence: Recurrence?

    init(_ appointment: WatchAppointment) {
        id = appointment.id.key
        reference = appointment.reference
        start = appointment.start
        duration = appointment.duration
        status = appointment.status
        with = appointment.with
        answer = appointment.answer
        answerNote = appointment.answerNote
        gym = appointment.gym
        note = appointment.note
        trainingName = appointment.training
        series = appointment.series?.key
        recurrence = appointment.recurrence
    }
}

/// The last line of `gorilla watch --json`: it has stopped.
struct WatchStoppedRecord: Encodable {
    var type = "status"
    package var status = "stopped"
    var time: Date
}
