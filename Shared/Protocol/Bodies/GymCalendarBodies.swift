import Foundation

/// `gym.calendar`: the appointments at the gym that start in [`from`, `to`).
package struct GymCalendarBody: Codable, Sendable {
    /// The longest range one request may ask for, in days (a month and a bit: a view is a day or a week).
    package static let maximumDays = 62

    package var from: Date
    package var to: Date

    package init(from: Date, to: Date) {
        self.from = from
        self.to = to
    }

    /// What is wrong with the range, as a field's problem; nil when it is one the server answers.
    package var problem: String? {
        guard to > from else { return "to (after from)" }
        guard to.timeIntervalSince(from) <= Double(Self.maximumDays) * 86_400 else {
            return "to (at most \(Self.maximumDays) days after from)"
        }
        return nil
    }
}

/// A coach of the gym as the gym's calendar and overview name them.
package struct GymCoach: Codable, Sendable, Equatable {
    package var username: String
    package var name: String
    package var surname: String

    package init(username: String, name: String, surname: String) {
        self.username = username
        self.name = name
        self.surname = surname
    }
}

/// One appointment at the gym (an occurrence of a series is one too): its time and coach, and whose it is.
///
/// The client is named only to those who may read the client (their coach); to every other coach of the gym the
/// hour is `booked`, and the server sends them neither the client's name nor any id.
package struct GymAppointment: Codable, Sendable, Equatable {
    package var start: Date
    /// Minutes.
    package var duration: Int
    package var status: EventStatus
    package var coach: GymCoach
    /// The client's full name; nil when the asker is not the client's coach.
    package var client: String?
    /// Whether the hour is shown only as taken (the asker is not the client's coach).
    package var booked: Bool

    package init(start: Date, duration: Int, status: EventStatus, coach: GymCoach, client: String?) {
        self.start = start
        self.duration = duration
        self.status = status
        self.coach = coach
        self.client = client
        booked = client == nil
    }
}

/// `gym.calendar` reply: the gym, the range asked, and its appointments by start.
package struct GymCalendarReply: Codable, Sendable {
    package var gym: String
    package var from: Date
    package var to: Date
    package var appointments: [GymAppointment]

    package init(gym: String, from: Date, to: Date, appointments: [GymAppointment]) {
        self.gym = gym
        self.from = from
        self.to = to
        self.appointments = appointments
    }
}
