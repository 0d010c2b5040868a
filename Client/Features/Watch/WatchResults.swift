import Foundation
import GorillaClientCore
import GorillaShared

/// One thing `gorilla watch` tells (worded by its presenter, `Client/Render/WatchText.swift`).
package enum WatchNews: Sendable, Equatable {
    /// The first line: who watches, the next appointment, what waits.
    case watching(WatchSummary)
    /// Connected (again) and up to date.
    case connected
    /// The server cannot be reached; the next attempt is in `retry` seconds.
    case offline(retry: Int)
    /// A new message to the account.
    case message(WatchMessage)
    /// More messages arrived at once than are told one by one.
    case moreMessages(Int)
    /// A client confirmed or declined an appointment, an occurrence or a series (told to the coach).
    case answered(WatchAppointment)
    /// A client asks for an appointment (told to the coach).
    case requested(WatchAppointment)
    /// The coach accepted or declined the client's request (told to the client).
    case requestAnswered(WatchAppointment, accepted: Bool)
    /// The coach scheduled an appointment or a series (told to the client).
    case scheduled(WatchAppointment)
    /// The coach moved an appointment from `from` (told to the client).
    case moved(WatchAppointment, from: Date)
    /// The coach cancelled or removed an appointment (told to the client).
    case cancelled(WatchAppointment)
    /// An appointment starts in `minutes`.
    case reminder(WatchAppointment, minutes: Int)
    /// A workout a program plans at a time (`programs assign --at`) starts in `minutes` (`namesClient` for a coach).
    case plannedReminder(PlannedWorkout, minutes: Int, namesClient: Bool)
    /// A client logged a session or a measurement came (told to the coach).
    case recorded(WatchRecord)

    /// The `type` of the news in `--json`: `message`, `answer`, `request`, `reminder`, `event`, `record` or `status`.
    package var type: String {
        switch self {
        case .watching, .connected, .offline, .moreMessages: "status"
        case .message: "message"
        case .answered, .requestAnswered: "answer"
        case .requested: "request"
        case .scheduled, .moved, .cancelled: "event"
        case .reminder, .plannedReminder: "reminder"
        case .recorded: "record"
        }
    }
}

/// What the first line of `gorilla watch` says.
package struct WatchSummary: Sendable, Equatable {
    package var username: String
    package var role: Role
    /// The next appointment that takes place.
    package var next: WatchAppointment?
    /// For a coach, the requests to answer; for a client, their requests the coach has not answered yet.
    package var requests: Int
    /// For a client, the appointments they have not answered.
    package var unanswered: Int
    /// Messages to the account not read yet.
    package var unread: Int
    /// Minutes before an appointment that its reminder comes.
    package var lead: Int
    /// The workouts programs plan today and not booked (a booked one is an appointment), by time and client.
    package var planned: [PlannedWorkout]

    package init(
        username: String, role: Role, next: WatchAppointment?, requests: Int, unanswered: Int, unread: Int, lead: Int,
        planned: [PlannedWorkout] = []
    ) {
        self.planned = planned
        self.username = username
        self.role = role
        self.next = next
        self.requests = requests
        self.unanswered = unanswered
        self.unread = unread
        self.lead = lead
    }
}

/// One line of `gorilla watch`: what happened and when it was noticed.
package struct WatchNotice {
    /// When the watch noticed it.
    package let at: Date
    package let news: WatchNews

    package init(at: Date, _ news: WatchNews) {
        self.at = at
        self.news = news
    }
}

/// `gorilla watch` has stopped (Ctrl-C or SIGTERM).
package struct WatchEnded {
    package init() {}

    package var jsonForm: some Encodable { WatchStoppedRecord(time: Date()) }
}
