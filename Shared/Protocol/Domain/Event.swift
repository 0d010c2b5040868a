import Foundation

/// Where an appointment stands: the coach's side of it.
///
/// A client asks for an appointment (`requested`); the coach accepts it (`scheduled`) or declines it (`declined`).
public enum EventStatus: String, Codable, Sendable, CaseIterable {
    case scheduled, cancelled, done, requested, declined

    /// Whether the appointment still takes place (it holds the hour on the calendar).
    public var isLive: Bool { self == .scheduled || self == .done }
}

/// The client's answer to an appointment. It is the client's own field: the coach's status wins over it (a cancelled
/// appointment stays cancelled whatever the client answered).
public enum EventAnswer: String, Codable, Sendable, CaseIterable {
    case confirmed, declined
}

/// A training appointment between a coach and one client; with `recurrence`, a series of them.
///
/// A series is one row. One occurrence moved, cancelled or answered is an *exception*: a row of its own naming the
/// series (`series`) and the occurrence's original day (`occurrence`), holding only the fields it changes, with an id
/// every device derives alike (``exceptionID(series:occurrence:)``), so that two devices editing one occurrence
/// write one row.
public struct Event: EntityDocument {
    public static let kind = EntityKind.event
    /// Minutes an appointment may last.
    public static let durationRange: ClosedRange<Double> = 1...1440
    /// Minutes of an appointment that does not say.
    public static let defaultDuration = 60
    /// Longest gym name.
    public static let maxGymLength = 100
    /// Longest reason given with an answer.
    public static let maxAnswerNoteLength = 500
    /// The fields a client writes: their answer and its reason (on their own appointments and occurrences).
    public static let clientAnswerFields: Set<String> = [CodingKeys.answer.rawValue, CodingKeys.answerNote.rawValue]
    /// The fields that place an exception: they never change.
    public static let exceptionFields: Set<String> = [CodingKeys.series.rawValue, CodingKeys.occurrence.rawValue]

    @WireID public var client: UUID
    public var start: Date
    /// The time zone the start was given in (its wall-clock time is kept).
    public var zone: String
    /// Minutes.
    public var duration: Int
    public var gym: String?
    public var note: String?
    public var status: EventStatus
    /// How the appointment repeats; nil for a single one.
    public var recurrence: Recurrence?
    /// The series this row is an exception of.
    @WireID public var series: UUID?
    /// The original day of the occurrence this exception changes (in the series' zone).
    public var occurrence: CalendarDate?
    /// The client's answer.
    public var answer: EventAnswer?
    /// The reason the client gave with the answer.
    public var answerNote: String?
    /// The training (routine) the appointment is for: one of the coach's own; `train` follows it.
    @WireID public var training: UUID?

    public init(
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

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case client, start, zone, duration, gym, note, status, recurrence, series, occurrence, answer, answerNote
        case training
    }

    /// Its ids and counts (``DocumentForms``): an appointment's minutes are a whole number.
    public static let forms = DocumentForms([
        CodingKeys.client: .id, .series: .id, .training: .id, .duration: .count, .recurrence: .object(Recurrence.forms),
    ])

    /// Reads the members as an ``Exception`` does (each optional), then requires the client and the start and
    /// gives the rest their defaults.
    public init(from decoder: any Decoder) throws {
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
    }

    /// When the appointment ends.
    public var end: Date { start.addingTimeInterval(Double(duration) * 60) }

    /// The id of the exception of `series` for the occurrence of `occurrence`: the same on every device. It is the
    /// series' id with the day (days since 1970) mixed into its last six bytes, marked RFC 9562 version 8 (custom),
    /// so it is never another row's id: those are version 7.
    public static func exceptionID(series: UUID, occurrence: CalendarDate) -> UUID {
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
    public mutating func encodeID(_ id: UUID?, forKey key: Key) throws {
        try encodeIfPresent(id?.key, forKey: key)
    }
}
