import Foundation
import GorillaShared

/// An event with the name of its client: a row of `gorilla events list`, and `gorilla events show`.
public struct EventLine: Presentable {
    /// The event as synced.
    public let event: EntityRecord
    /// The client's display name (nil when unknown, or where the line leaves it out).
    public let clientName: String?

    /// The line of `event`, with its client's name.
    public init(_ event: EntityRecord, clientName: String?) {
        self.event = event
        self.clientName = clientName
    }

    /// The event's members with `clientName` when the client is known.
    public func encode(to encoder: any Encoder) throws {
        var record = event
        if let clientName { record.fields["clientName"] = .string(clientName) }
        try record.encode(to: encoder)
    }
}

/// A change to one event (`gorilla events add|edit|cancel|rm`): what was done, and the event as it stands.
public struct EventUpdate: Presentable {
    /// What was done to the event.
    public enum Action: Sendable {
        case scheduled(client: String, start: Date, minutes: Int)
        case updated
        case status(String)
        case deleted
        /// A series ends the day before `day` (cancelled from that occurrence on).
        case endedSeries(CalendarDate)
        /// A series ends the day before `from`; the changed occurrences from then on are the new series `id`.
        case split(from: CalendarDate, previous: UUID)
        /// The client answered.
        case answered(EventAnswer)
        /// The client answered a whole series: `count` occurrences to come now carry the answer (in the next weeks
        /// when the series is `endless`).
        case answeredSeries(EventAnswer, count: Int, endless: Bool)
        /// The client asked for an appointment.
        case requested(start: Date, minutes: Int)
        /// The coach accepted a request.
        case accepted
        /// The coach declined a request.
        case declinedRequest
    }

    /// What was done.
    public let action: Action
    /// The event changed.
    public let id: UUID
    /// The event after the change; nil when the server refused it during the sync and it was rolled back.
    public let entity: EntityRecord?
    /// Events of the coach that overlap the changed one (shown as warnings).
    public let overlaps: [EventLine]
    /// The start given, when it is already past (shown as a warning: the event is scheduled all the same).
    public var pastStart: Date?
    /// Other things worth saying (a series' first day moved to the first of its weekdays).
    public var notes: [String] = []

    /// The change `action` to event `id`.
    public init(_ action: Action, id: UUID, entity: EntityRecord?, overlaps: [EventLine] = []) {
        self.action = action
        self.id = id
        self.entity = entity
        self.overlaps = overlaps
    }

    public func encode(to encoder: any Encoder) throws {
        if var entity {
            if case .answeredSeries(_, let count, _) = action { entity.fields["occurrences"] = .number(Double(count)) }
            try entity.encode(to: encoder)
        } else {
            try JSONValue.object(["id": .string(id.key), "rejected": true]).encode(to: encoder)
        }
    }
}

/// `gorilla events list`.
public struct EventList: Presentable {
    /// The events by start time.
    public let events: [EventLine]
    /// Whether a range or a client narrowed the list.
    public let narrowed: Bool

    public func encode(to encoder: any Encoder) throws {
        try events.encode(to: encoder)
    }
}

/// `gorilla events export`: how many appointments were written to which file.
public struct EventExport: Presentable {
    /// The .ics file written.
    public let file: String
    /// How many appointments it holds: single ones and series (a series is one, however many occurrences it has).
    public var events: Int
    /// How many of them are series.
    public var series = 0
    /// Occurrences of the series written on their own because they were moved, changed or answered.
    public var changedOccurrences = 0
    /// Occurrences of the series left out because they were cancelled.
    public var cancelledOccurrences = 0

    /// `events` appointments written to `file`.
    public init(file: String, events: Int) {
        self.file = file
        self.events = events
    }

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object([
            "file": .string(file), "events": .number(Double(events)), "series": .number(Double(series)),
            "changedOccurrences": .number(Double(changedOccurrences)),
            "cancelledOccurrences": .number(Double(cancelledOccurrences)),
        ]).encode(to: encoder)
    }
}
