import Foundation
import GorillaClientCore
import GorillaShared

/// What every view needs to show an appointment beside its document: its client's name, its training's name and
/// its state (``GorillaShared/AppointmentState``, decided once, here, from the sessions that fulfil it).
///
/// Views read appointments through ``record(_:)-(Stored<Event>)`` or ``line(_:named:)-(Stored<Event>,_)``, so that a
/// list, the calendar, the week, the home screen, the agenda, the watch and the `.ics` export never disagree on where
/// one stands.
package struct AppointmentFacts: Sendable {
    /// Client display names by key.
    let clientNames: [UUID: String]
    /// Training names by id (deleted ones too: the appointment keeps naming it).
    let trainings: [UUID: String]
    /// The appointments sessions name.
    let fulfilled: Set<UUID>
    /// When the states are read.
    package let now: Date

    /// The facts of the appointments in `cache` at `now`.
    package init(cache: LocalCache, now: Date = Date()) throws {
        clientNames = try ClientDirectory(cache: cache).names()
        trainings = try Self.trainings(in: cache)
        fulfilled = AppointmentOutcome.fulfilled(by: try cache.all(SessionMark.self))
        self.now = now
    }

    /// The names of the trainings in `cache` by id, deleted ones too (an appointment keeps naming its training).
    static func trainings(in cache: LocalCache) throws -> [UUID: String] {
        Dictionary(try cache.all(Training.self, includeDeleted: true).map { ($0.id, $0.name) }) { first, _ in first }
    }

    /// The state of `event` (an appointment as ``EventCalendar`` gives it).
    package func state(_ event: Stored<Event>) -> AppointmentState {
        event.appointmentState(fulfilled: fulfilled.contains(event.id), now: now)
    }

    /// The name of the training `event` carries, when it carries one this device knows.
    package func trainingName(_ event: Stored<Event>) -> String? {
        event.training.flatMap { trainings[$0] }
    }

    /// The name of `event`'s client.
    package func clientName(_ event: Stored<Event>) -> String? {
        clientNames[event.client]
    }

    /// `event` as views show it and `--json` prints it: with its `state` and, when it has a training, `trainingName`.
    package func record(_ event: Stored<Event>) -> AppointmentRecord {
        AppointmentRecord(event, state: state(event), trainingName: trainingName(event))
    }

    /// `event` with its client's name (left out when `named` is false).
    package func line(_ event: Stored<Event>, named: Bool = true) -> EventLine {
        EventLine(record(event), clientName: named ? clientName(event) : nil)
    }

    /// The one reading of an appointment's state: its status, its client's answer, its end, whether a session
    /// fulfils it. What `event` leaves out reads as an appointment scheduled, unanswered, starting `now`.
    static func state(of event: EventPatch?, fulfilled: Bool, now: Date) -> AppointmentState {
        let start = event?.start ?? now
        let minutes = event?.duration ?? Event.defaultDuration
        return AppointmentState(
            status: event?.status ?? .scheduled, answer: event?.answer,
            end: start.addingTimeInterval(Double(minutes) * 60), fulfilled: fulfilled, now: now)
    }
}

extension Stored where Document == Event {
    /// This appointment's state at `now`; `fulfilled` when a session names it (left out: an appointment just changed).
    package func appointmentState(fulfilled: Bool = false, now: Date = Date()) -> AppointmentState {
        AppointmentState(status: value.status, answer: value.answer, end: value.end, fulfilled: fulfilled, now: now)
    }
}
