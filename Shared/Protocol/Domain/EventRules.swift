import Foundation

// An appointment's own rules: what a single appointment, a series and an exception of a series must hold.

extension Event {
    /// The appointment as stored: its texts trimmed, its length within ``durationRange``, its zone a known one, its
    /// rule (if it repeats) one that gives occurrences from its first day on. It is no exception (``Exception``).
    package func normalised() throws(DocumentProblem) -> Event {
        var event = self
        event.answerNote = try MemberRules.text(answerNote, "answerNote", max: Self.maxAnswerNoteLength)
        event.gym = try MemberRules.text(gym, "gym", max: Self.maxGymLength, multiline: false)
        event.note = try MemberRules.text(note, "note")
        guard let zone = TimeZone(identifier: zone) else { throw .invalid("zone (a time zone name)") }
        try MemberRules.number(duration, "duration", in: Self.durationRange)
        if let recurrence, let problem = recurrence.problem(startingOn: CalendarDate(start, in: zone)) {
            throw .invalid("recurrence: \(problem)")
        }
        event.occurrence = nil
        return event
    }

    /// An appointment as pushed or stored when it may be an exception of a series: every member optional, holding
    /// only what it sets. With a ``series`` it is an exception (one occurrence moved, cancelled or answered);
    /// without, it reads as an ``Event``.
    package struct Exception: EntityDocument {
        package typealias CodingKeys = Event.CodingKeys
        package static var kind: EntityKind { .event }
        package static var forms: DocumentForms { Event.forms }

        @WireID package var client: UUID?
        package var start: Date?
        package var zone: String?
        package var duration: Int?
        package var gym: String?
        @WireID package var gymID: UUID?
        package var note: String?
        package var status: EventStatus?
        package var recurrence: Recurrence?
        @WireID package var series: UUID?
        package var occurrence: CalendarDate?
        package var answer: EventAnswer?
        package var answerNote: String?
        @WireID package var training: UUID?
        package var recorder: String?

        /// An exception of `series` for its occurrence of `occurrence`, about `client`, changing nothing yet.
        package init(series: UUID? = nil, occurrence: CalendarDate? = nil, client: UUID? = nil) {
            self.series = series
            self.occurrence = occurrence
            self.client = client
        }

        /// The members it sets, in the order of their names.
        package var members: [CodingKeys] {
            let set: [(CodingKeys, Bool)] = [
                (.client, client != nil), (.start, start != nil), (.zone, zone != nil), (.duration, duration != nil),
                (.gym, gym != nil), (.gymID, gymID != nil), (.note, note != nil), (.status, status != nil),
                (.recurrence, recurrence != nil),
                (.series, series != nil), (.occurrence, occurrence != nil), (.answer, answer != nil),
                (.answerNote, answerNote != nil), (.training, training != nil), (.recorder, recorder != nil),
            ]
            return set.filter(\.1).map(\.0).sorted { $0.rawValue < $1.rawValue }
        }

        /// The exception as stored: the day it changes present, no rule of its own, its texts trimmed, its length and
        /// zone as an appointment's.
        package func normalised() throws(DocumentProblem) -> Exception {
            var exception = self
            guard occurrence != nil else { throw .invalid("occurrence (a day the series falls on, YYYY-MM-DD)") }
            if recurrence != nil { throw .invalid("recurrence (an occurrence does not repeat)") }
            exception.answerNote = try MemberRules.text(answerNote, "answerNote", max: Event.maxAnswerNoteLength)
            exception.gym = try MemberRules.text(gym, "gym", max: Event.maxGymLength, multiline: false)
            exception.note = try MemberRules.text(note, "note")
            if let zone, TimeZone(identifier: zone) == nil { throw .invalid("zone (a time zone name)") }
            try MemberRules.number(duration, "duration", in: Event.durationRange)
            return exception
        }
    }
}
