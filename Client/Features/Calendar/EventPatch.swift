import Foundation
import GorillaClientCore
import GorillaShared

/// An event document whose members may each be absent (``GorillaShared/Event/Exception``): how an exception of a series
/// stores only what it changes, and how the calendar reads every event row once before it knows which of the three
/// (single, series, exception) the row is.
package typealias EventPatch = Event.Exception

extension Event.Exception {
    /// The series and original day this row is an exception of; nil for a single appointment or a series.
    package var exceptionOf: (series: UUID, day: CalendarDate)? {
        guard let series, let occurrence else { return nil }
        return (series, occurrence)
    }
}

extension Event {
    /// The appointment `patch` holds whole (a single one or a series), with the defaults of what it leaves out; nil
    /// when it names no client or no start.
    package init?(_ patch: EventPatch) {
        guard let client = patch.client, let start = patch.start else { return nil }
        self.init(client: client, start: start)
        apply(patch)
        recurrence = patch.recurrence
        series = patch.series
        occurrence = patch.occurrence
        recorder = patch.recorder
    }
}

/// The members of a session the calendar reads: when it started (the day is marked trained) and the appointment it
/// fulfils. Read instead of the whole ``GorillaShared/TrainingSession`` because every view of the calendar reads
/// every session, and their exercises are most of each row.
struct SessionMark: EntityDocument {
    static let kind = EntityKind.session
    static let forms = DocumentForms([CodingKeys.event: .id])

    package var start: Date?
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
