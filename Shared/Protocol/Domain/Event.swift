import Foundation

/// Where an appointment stands: the coach's side of it.
///
/// A client asks for an appointment (`requested`); the coach accepts it (`scheduled`) or declines it (`declined`).
package enum EventStatus: String, Codable, Sendable, CaseIterable {
    case scheduled, cancelled, done, requested, declined

    /// Whether the appointment still takes place (it holds the hour on the calendar).
    package var isLive: Bool { self == .scheduled || self == .done }
}

/// The client's answer to an appointment. It is the client's own field: the coach's status wins over it (a cancelled
/// appointment stays cancelled whatever the client answered).
package enum EventAnswer: String, Codable, Sendable, CaseIterable {
    case confirmed, declined
}

/// A training appointment between a coach and one client; with `recurrence`, a series of them.
///
/// A series is one row. One occurrence moved, cancelled or answered is an *exception*: a row of its own naming the
/// series (`series`) and the occurrence's original day (`occurrence`), holding only the fields it changes, with an id
/// every device derives alike (``exceptionID(series:occurrence:)``), so that two devices editing one occurrence
/// write one row.
package struct Event: EntityDocument {
    package static let kind = EntityKind.event
    /// Minutes an appointment may last.
    package static let durationRange: ClosedRange<Double> = 1...1440
    /// Minutes of an appointment that does not say.
    package static let defaultDuration = 60
    /// Longest gym name.
    package static let maxGymLength = 100
    /// Longest reason given with an answer.
    package static let maxAnswerNoteLength = 500
    /// The fields a client writes: their answer and its reason (on their own appointments and occurrences).
    package static let clientAnswerFields: Set<String> = [CodingKeys.answer.rawValue, CodingKeys.answerNote.rawValue]
    /// The fields that place an exception: they never change.
    package static let exceptionFields: Set<String> = [CodingKeys.series.rawValue, CodingKeys.occurrence.rawValue]

    @WireID package var client: UUID
    package var start: Date
    /// The time zone the start was given in (its wall-clock time is kept).
    package var zone: String
    /// Minutes.
    package var duration: Int
    /// Where it takes place: free text, or the name of the coach's gym when ``gymID`` names it.
    package var gym: String?
    /// The coach's gym when the appointment is the gym's (`events add --gym NAME` by a coach of a gym); the server
    /// accepts only the coach's own gym.
    @WireID package var gymID: UUID?
    package var note: String?
    package var status: EventStatus
    /// How the appointment repeats; nil for a single one.
    package var recurrence: Recurrence?
    /// The series this row is an exception of.
    @WireID package var series: UUID?
    /// The original day of the occurrence this exception changes (in the series' zone).
    package var occurrence: CalendarDate?
    /// The client's answer.
    package var answer: EventAnswer?
    /// The reason the client gave with the answer.
    package var answerNote: String?
    /// The training (routine) the appointment is for: one of the coach's own; `train` follows it.
    @WireID package var training: UUID?
    /// The username of the coach who scheduled it when she is not the client's own coach (a colleague the client is
    /// shared with, set by the server); nil otherwise.
    package var recorder: String?

    package init(
        client: UUID, start: Date, zone: String = "UTC", duration: Int = Event.defaultDuration,
        gym: String? = nil, note: String? = nil, status: EventStatus = .scheduled, recurrence: Recurrence? = nil
    ) {
        self.client = client
        self.start = start
        self.zone = zone
        self.duration = duration
        self.gym = gym
        self.note = note
        self.status = status
        self.recurrence = recurrence
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case client, start, zone, duration, gym, note, status, recurrence, series, occurrence, answer, answerNote
        case training, gymID, recorder
    }

    /// Fields only the server writes: a mutation that sets one is refused.
    package static let serverManagedFields: Set<String> = [CodingKeys.recorder.rawValue]

    /// Its ids and counts (``DocumentForms``): an appointment's minutes are a whole number.
    package static let forms = DocumentForms([
        CodingKeys.client: .id, .series: .id, .training: .id, .gymID: .id, .duration: .count,
        .recurrence: .object(Recurrence.forms),
    ])

    /// Reads the members as an ``Exception`` does (each optional), then requires the client and the start and
    /// gives the rest their defaults.
    package init(from decoder: any Decoder) throws {
        let members = try Exception(from: decoder)
        func missing(_ key: CodingKeys) -> DecodingError {
            .keyNotFound(key, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "required"))
        }
        guard let client = members.client else { throw missing(.client) }
        guard let start = members.start else { throw missing(.start) }
        self.init(
            client: client, start: start, zone: members.zone ?? "UTC",
            duration: members.duration ?? Self.defaultDuration, gym: members.gym, note: members.note,
            status: members.status ?? .scheduled, recurrence: members.recurrence)
        series = members.series
        occurrence = members.occurrence
        answer = members.answer
        answerNote = members.answerNote
        training = members.training
        gymID = members.gymID
        recorder = members.recorder
    }

    /// When the appointment ends.
    package var end: Date { start.addingTimeInterval(Double(duration) * 60) }

    /// The id of the exception of `series` for the occurrence of `occurrence`: the same on every device. It is the
    /// series' id with the day (days since 1970) mixed into its last six bytes, marked RFC 9562 version 8 (custom),
    /// so it is never another row's id: those are version 7.
    package static func exceptionID(series: UUID, occurrence: CalendarDate) -> UUID {
        var bytes = series.uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            var day = UInt64(bitPattern: Int64(occurrence.daysSinceEpoch) + 1)
            for index in stride(from: 15, through: 10, by: -1) {
                raw[index] ^= UInt8(truncatingIfNeeded: day)
                day >>= 8
            }
            raw[6] = (raw[6] & 0x0F) | 0x80
            raw[8] = (raw[8] & 0x3F) | 0x80
        }
        return UUID(uuid: bytes)
    }
}

extension KeyedEncodingContainer {
    /// Writes an id as stored documents hold it: lower case (``Foundation/UUID/key``).
    package mutating func encodeID(_ id: UUID?, forKey key: Key) throws {
        try encodeIfPresent(id?.key, forKey: key)
    }
}
