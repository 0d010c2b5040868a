import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// An appointment as views show it and `--json` prints it: its document and id, with what a result adds beside them.
@dynamicMemberLookup
package struct AppointmentRecord: Sendable, Encodable {
    /// The appointment (an occurrence of a series as ``EventCalendar`` gives it).
    package let event: Stored<Event>
    /// Where it stands (``AppointmentFacts``); nil for an appointment just changed, shown without its state.
    package var state: AppointmentState?
    /// The name of the training it is for, when this device knows it.
    package var trainingName: String?
    /// The name of whoever it is with, under the member that says who: `clientName` (a coach's view) or `coachName`.
    package var name: (member: NameMember, value: String)?
    /// How many occurrences to come a series' answer reached (`events confirm --all`).
    package var occurrences: Int?
    /// True for an appointment just deleted.
    package var deleted: Bool?

    /// Which member names the other person.
    package enum NameMember: Sendable { case clientName, coachName }

    /// `event` with its `state` and `trainingName` when given.
    package init(_ event: Stored<Event>, state: AppointmentState? = nil, trainingName: String? = nil) {
        self.event = event
        self.state = state
        self.trainingName = trainingName
    }

    package subscript<Member>(dynamicMember member: KeyPath<Event, Member>) -> Member { event.value[keyPath: member] }

    /// The appointment's id.
    package var id: UUID { event.id }

    /// The members `--json` adds to the appointment's.
    private struct Added: Encodable, Sendable {
        let state: AppointmentState?
        let trainingName: String?
        let clientName: String?
        let coachName: String?
        let occurrences: Int?
        let deleted: Bool?
    }

    private var added: Added {
        Added(
            state: state, trainingName: trainingName, clientName: name?.member == .clientName ? name?.value : nil,
            coachName: name?.member == .coachName ? name?.value : nil, occurrences: occurrences, deleted: deleted)
    }

    /// The document's members, its id and what is added, in one object (a ``DocumentRecord``).
    package func encode(to encoder: any Encoder) throws { try DocumentRecord(event, adding: added).encode(to: encoder) }
}

/// An event with the name of its client: a row of `gorilla events list`, and `gorilla events show`.
package struct EventLine {
    /// The event with its state.
    package let event: AppointmentRecord
    /// The client's display name (nil when unknown, or where the line leaves it out).
    package let clientName: String?

    /// The line of `event`, with its client's name.
    package init(_ event: AppointmentRecord, clientName: String?) {
        self.event = event
        self.clientName = clientName
    }

    /// The event's members with `clientName` when the client is known.
    package var jsonForm: AppointmentRecord {
        var record = event
        record.name = clientName.map { (.clientName, $0) }
        return record
    }
}

/// A change to one event (`gorilla events add|edit|cancel|rm`): what was done, and the event as it stands.
package struct EventUpdate {
    /// What was done to the event.
    package enum Action: Sendable {
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
    package let action: Action
    /// The event changed.
    package let id: UUID
    /// The event after the change; nil when the server refused it during the sync and it was rolled back.
    package let entity: AppointmentRecord?
    /// Events of the coach that overlap the changed one (shown as warnings).
    package let overlaps: [EventLine]
    /// The start given, when it is already past (shown as a warning: the event is scheduled all the same).
    package var pastStart: Date?
    /// Other things worth saying (a series' first day moved to the first of its weekdays).
    package var notes: [String] = []

    /// The change `action` to event `id`.
    package init(_ action: Action, id: UUID, entity: AppointmentRecord?, overlaps: [EventLine] = []) {
        self.action = action
        self.id = id
        self.entity = entity
        self.overlaps = overlaps
    }

    /// The event as it stands (with the occurrences a series' answer reached), or its refusal.
    package var jsonForm: ChangedRow<AppointmentRecord> {
        ChangedRow(
            entity.map { entity in
                var record = entity
                if case .answeredSeries(_, let count, _) = action { record.occurrences = count }
                return record
            }, id: id)
    }
}

/// `gorilla events list`.
package struct EventList {
    /// The events by start time.
    package let events: [EventLine]
    /// Whether a range or a client narrowed the list.
    package let narrowed: Bool

    package var jsonForm: [AppointmentRecord] { events.map(\.jsonForm) }
}

/// `gorilla events export`: how many appointments were written to which file.
package struct EventExport: Encodable {
    /// The .ics file written.
    package let file: String
    /// How many appointments it holds: single ones and series (a series is one, however many occurrences it has).
    package var events: Int
    /// How many of them are series.
    package var series = 0
    /// Occurrences of the series written on their own because they were moved, changed or answered.
    package var changedOccurrences = 0
    /// Occurrences of the series left out because they were cancelled.
    package var cancelledOccurrences = 0

    /// `events` appointments written to `file`.
    package init(file: String, events: Int) {
        self.file = file
        self.events = events
    }
}
