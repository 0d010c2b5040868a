import Foundation
import GorillaShared

/// What every view needs to show an appointment beside its document: its client's name, its training's name and
/// its state (``GorillaShared/AppointmentState``, decided once, here, from the sessions that fulfil it).
///
/// Views read appointments through ``record(_:)`` or ``line(_:named:)``, so that a list, the calendar, the week, the
/// home screen, the agenda, the watch and the `.ics` export never disagree on where one stands.
public struct AppointmentFacts: Sendable {
    /// Client display names by key.
    let clientNames: [String: String]
    /// Training names by key (deleted ones too: the appointment keeps naming it).
    let trainingNames: [String: String]
    /// The keys of the appointments sessions name.
    let fulfilled: Set<String>
    /// When the states are read.
    public let now: Date

    /// The facts of the appointments in `cache` at `now`.
    public init(cache: LocalCache, now: Date = Date()) throws {
        clientNames = try ClientDirectory(cache: cache).names()
        trainingNames = try Self.trainingNames(in: cache)
        fulfilled = AppointmentOutcome.fulfilled(by: try cache.entities(.session))
        self.now = now
    }

    /// The names of the trainings in `cache` by key, deleted ones too (an appointment keeps naming its training).
    static func trainingNames(in cache: LocalCache) throws -> [String: String] {
        Dictionary(try cache.entities(.training, includeDeleted: true).map { ($0.id.key, $0.name) }) { first, _ in first }
    }

    /// The state of `event` (an appointment as ``EventCalendar`` gives it).
    public func state(_ event: CachedEntity) -> AppointmentState {
        Self.state(of: event.data, id: event.id, fulfilled: fulfilled, now: now)
    }

    /// The name of the training `event` carries, when it carries one this device knows.
    public func trainingName(_ event: CachedEntity) -> String? {
        event[string: "training"].flatMap { trainingNames[$0.lowercased()] }
    }

    /// The name of `event`'s client.
    public func clientName(_ event: CachedEntity) -> String? {
        event[string: "client"].flatMap { clientNames[$0] }
    }

    /// `event` as views show it and `--json` prints it: its document with `state` and, when it has a training,
    /// `trainingName`.
    public func record(_ event: CachedEntity) -> EntityRecord {
        var extra: [String: JSONValue] = ["state": .string(state(event).rawValue)]
        if let name = trainingName(event) { extra["trainingName"] = .string(name) }
        return EntityRecord(event, adding: extra)
    }

    /// `event` with its client's name (left out when `named` is false).
    public func line(_ event: CachedEntity, named: Bool = true) -> EventLine {
        EventLine(record(event), clientName: named ? clientName(event) : nil)
    }

    /// The one reading of an appointment document's state: its status, its client's answer, its end, whether a
    /// session fulfils it (`fulfilled` holds their keys).
    static func state(
        of data: [String: JSONValue], id: UUID, fulfilled: Set<String>, now: Date
    ) -> AppointmentState {
        let start = data["start"]?.stringValue.flatMap(ISOTime.parse) ?? now
        let minutes = data["duration"]?.intValue ?? Event.defaultDuration
        return AppointmentState(
            status: data["status"]?.stringValue.flatMap(EventStatus.init(rawValue:)) ?? .scheduled,
            answer: data["answer"]?.stringValue.flatMap(EventAnswer.init(rawValue:)),
            end: start.addingTimeInterval(Double(minutes) * 60), fulfilled: fulfilled.contains(id.key), now: now)
    }
}

extension CachedEntity {
    /// This appointment's state at `now` without knowing the sessions (an appointment just changed).
    public func appointmentState(fulfilled: Set<String> = [], now: Date = Date()) -> AppointmentState {
        AppointmentFacts.state(of: data, id: id, fulfilled: fulfilled, now: now)
    }
}
