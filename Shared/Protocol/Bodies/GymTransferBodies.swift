import Foundation

/// `gym.transfer`: hand the client `client` over, with their history, to `to`, a coach of the same gym.
package struct GymTransferBody: Codable, Sendable {
    @WireID package var client: UUID
    /// The receiving coach's username.
    package var to: String

    package init(client: UUID, to: String) {
        self.client = client
        self.to = to
    }
}

/// `gym.transfer` reply: who went to whom, and what moved with them.
package struct GymTransfer: Codable, Sendable, Equatable {
    /// The client's full name.
    package var client: String
    /// The receiving coach's username and full name.
    package var to: String
    package var toName: String
    /// Sessions, measurements and appointments that moved.
    package var sessions: Int
    package var measurements: Int
    package var appointments: Int
    /// Exercises and trainings copied into the receiving coach's catalogue (one they already had by name is used).
    package var exercisesCopied: Int
    package var trainingsCopied: Int

    package init(
        client: String, to: String, toName: String, sessions: Int, measurements: Int, appointments: Int,
        exercisesCopied: Int, trainingsCopied: Int
    ) {
        self.client = client
        self.to = to
        self.toName = toName
        self.sessions = sessions
        self.measurements = measurements
        self.appointments = appointments
        self.exercisesCopied = exercisesCopied
        self.trainingsCopied = trainingsCopied
    }
}
