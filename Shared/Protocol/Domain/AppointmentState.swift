import Foundation

/// Where one appointment (a single one, or one occurrence of a series) stands: the one rule every view of the
/// calendar reads (lists, the month and the week, the home screen, the agenda, the watch, the `.ics` export).
///
/// The coach's status comes first (a request, cancelled, done); a session that names the appointment fulfils it;
/// then the client's answer (declined, confirmed); an appointment neither done nor declined is missed once it has
/// ended, and scheduled until then.
package enum AppointmentState: String, Codable, Sendable, CaseIterable {
    /// A client's request waiting for the coach.
    case requested
    /// A client's request the coach declined.
    case requestDeclined
    /// Cancelled by the coach.
    case cancelled
    /// Marked done, or fulfilled by a session.
    case done
    /// Ended without being done.
    case missed
    /// The client said they will not come.
    case declinedByClient
    /// The client said they will come; still to come.
    case confirmed
    /// Still to come, not answered.
    case scheduled

    /// The state of an appointment with the coach's `status` and the client's `answer`, ending at `end`, at `now`;
    /// `fulfilled` when a session names it.
    package init(status: EventStatus, answer: EventAnswer?, end: Date, fulfilled: Bool, now: Date) {
        switch status {
        case .requested: self = .requested
        case .declined: self = .requestDeclined
        case .cancelled: self = .cancelled
        case .done: self = .done
        case .scheduled:
            if fulfilled {
                self = .done
            } else if answer == .declined {
                self = .declinedByClient
            } else if end <= now {
                self = .missed
            } else {
                self = answer == .confirmed ? .confirmed : .scheduled
            }
        }
    }

    /// Whether the appointment still takes place, or took place: it holds the hour (scheduled, confirmed, done, missed).
    package var takesPlace: Bool {
        switch self {
        case .scheduled, .confirmed, .done, .missed: true
        case .requested, .requestDeclined, .cancelled, .declinedByClient: false
        }
    }

    /// Whether it waits for the client's answer.
    package var awaitsAnswer: Bool { self == .scheduled }

    /// Whether it is still to come and takes place (what `train --next`, the next appointment and reminders look at).
    package var isAhead: Bool { self == .scheduled || self == .confirmed }
}

extension Event {
    /// This appointment's state at `now` (``AppointmentState``); `fulfilled` when a session names it.
    package func state(fulfilled: Bool, now: Date) -> AppointmentState {
        AppointmentState(status: status, answer: answer, end: end, fulfilled: fulfilled, now: now)
    }
}
