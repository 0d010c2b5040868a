import Foundation
import GorillaShared

/// An event document whose members may each be absent: how an exception of a series stores only what it changes
/// (``GorillaShared/Event``'s members, under the same names), and how the calendar reads every event row once before
/// it knows which of the three (single, series, exception) the row is.
public struct EventPatch: EntityDocument {
    public static let kind = EntityKind.event
    public static let forms = Event.forms
    public typealias CodingKeys = Event.CodingKeys

    public var client: UUID?
    public var start: Date?
    public var zone: String?
    public var duration: Int?
    public var gym: String?
    public var note: String?
    public var status: EventStatus?
    public var recurrence: Recurrence?
    public var series: UUID?
    public var occurrence: CalendarDate?
    public var answer: EventAnswer?
    public var answerNote: String?
    public var training: UUID?

    /// An exception of `series` for its occurrence of `occurrence`, about `client`, changing nothing yet.
    public init(series: UUID? = nil, occurrence: CalendarDate? = nil, client: UUID? = nil) {
        self.series = series
        self.occurrence = occurrence
        self.client = client
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client = try container.decodeIfPresent(UUID.self, forKey: .client)
        start = try container.decodeIfPresent(Date.self, forKey: .start)
        zone = try container.decodeIfPresent(String.self, forKey: .zone)
        duration = try container.decodeIfPresent(Int.self, forKey: .duration)
        gym = try container.decodeIfPresent(String.self, forKey: .gym)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        status = try container.decodeIfPresent(EventStatus.self, forKey: .status)
        recurrence = try container.decodeIfPresent(Recurrence.self, forKey: .recurrence)
        series = try container.decodeIfPresent(UUID.self, forKey: .series)
        occurrence = try container.decodeIfPresent(CalendarDate.self, forKey: .occurrence)
        answer = try container.decodeIfPresent(EventAnswer.self, forKey: .answer)
        answerNote = try container.decodeIfPresent(String.self, forKey: .answerNote)
        training = try container.decodeIfPresent(UUID.self, forKey: .training)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeID(client, forKey: .client)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(zone, forKey: .zone)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(gym, forKey: .gym)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(recurrence, forKey: .recurrence)
        try container.encodeID(series, forKey: .series)
        try container.encodeIfPresent(occurrence, forKey: .occurrence)
        try container.encodeIfPresent(answer, forKey: .answer)
        try container.encodeIfPresent(answerNote, forKey: .answerNote)
        try container.encodeID(training, forKey: .training)
    }

    /// The series and original day this row is an exception of; nil for a single appointment or a series.
    public var exceptionOf: (series: UUID, day: CalendarDate)? {
        guard let series, let occurrence else { return nil }
        return (series, occurrence)
    }
}

extension Event {
    /// The appointment `patch` holds whole (a single one or a series), with the defaults of what it leaves out; nil
    /// when it names no client or no start.
    public init?(_ patch: EventPatch) {
        guard let client = patch.client, let start = patch.start else { return nil }
        self.init(client: client, start: start)
        apply(patch)
        recurrence = patch.recurrence
        series = patch.series
        occurrence = patch.occurrence
    }

    /// Takes every member `patch` holds (an exception's changes over its series); its `recurrence`, `series` and
    /// `occurrence` are not an occurrence's to change, and are left.
    public mutating func apply(_ patch: EventPatch) {
        if let client = patch.client { self.client = client }
        if let start = patch.start { self.start = start }
        if let zone = patch.zone { self.zone = zone }
        if let duration = patch.duration { self.duration = duration }
        if let gym = patch.gym { self.gym = gym }
        if let note = patch.note { self.note = note }
        if let status = patch.status { self.status = status }
        if let answer = patch.answer { self.answer = answer }
        if let answerNote = patch.answerNote { self.answerNote = answerNote }
        if let training = patch.training { self.training = training }
    }
}

/// The members of a session the calendar reads: when it started (the day is marked trained) and the appointment it
/// fulfils. Read instead of the whole ``GorillaShared/TrainingSession`` because every view of the calendar reads
/// every session, and their exercises are most of each row.
struct SessionMark: EntityDocument {
    static let kind = EntityKind.session
    static let forms = DocumentForms([CodingKeys.event: .id])

    var start: Date?
    var event: UUID?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case start, event
    }

    /// A start that is no time marks no day (the session still fulfils its appointment).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try? container.decodeIfPresent(Date.self, forKey: .start)
        event = try container.decodeIfPresent(UUID.self, forKey: .event)
    }
}
