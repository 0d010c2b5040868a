import Foundation
import GorillaClientCore
import GorillaShared

/// A training a client's program plans on a day (``GorillaShared/ProgramSchedule``), as the calendar, the agenda and
/// the `.ics` export show it beside the appointments. Days booked as appointments (`programs assign --book`) are
/// shown as those appointments instead.
package struct PlannedWorkout: Sendable, Equatable {
    /// The assignment that plans it.
    package let assignment: UUID
    package let date: CalendarDate
    /// The time of day the coach gave (`--at`), `HH:MM`.
    package let at: String?
    package let client: UUID
    package let clientName: String
    package let program: String
    package let training: String
    package let trainingID: UUID
    package let week: Int

    /// `{date, at, client, clientName, program, training, week}`.
    package struct JSONForm: Encodable, Sendable {
        let date: CalendarDate
        let at: String?
        let client: String
        let clientName: String
        let program: String
        let training: String
        let week: Int
    }

    package var jsonForm: JSONForm {
        JSONForm(
            date: date, at: at, client: client.key, clientName: clientName, program: program, training: training,
            week: week)
    }

    /// Its id in an `.ics` export: the same on every device (the assignment's, with the day mixed in).
    package var exportID: UUID { Event.exceptionID(series: assignment, occurrence: date) }

    /// When it starts in `zone`: at its time, else at the start of its day.
    package func start(in zone: TimeZone) -> Date {
        date.start(in: zone).addingTimeInterval(Double((at.flatMap(Assignment.minutes) ?? 0) * 60))
    }

    /// The workouts planned from `first` to `last` (both included) for the clients this device knows (`client` alone
    /// when given), by day, time and client; `clientNames`, when the caller has read them already (the watch).
    static func between(
        _ first: CalendarDate, _ last: CalendarDate, in cache: LocalCache, client: UUID? = nil,
        clientNames: [UUID: String]? = nil
    ) throws -> [PlannedWorkout] {
        let names = try clientNames ?? ClientDirectory(cache: cache).names()
        var trainings: [UUID: String] = [:]
        var found: [PlannedWorkout] = []
        for assignment in try cache.all(Assignment.self)
        where assignment.book != true && (client == nil || assignment.client == client) {
            guard let program = try cache.one(Program.self, assignment.program) else { continue }
            for planned in ProgramSchedule.planned(from: first, to: last, program.value, assignment.value) {
                if trainings[planned.training] == nil {
                    trainings[planned.training] = try cache.one(Training.self, planned.training)?.name
                }
                guard let training = trainings[planned.training] else { continue }
                found.append(
                    PlannedWorkout(
                        assignment: assignment.id, date: planned.date, at: assignment.at, client: assignment.client,
                        clientName: names[assignment.client] ?? assignment.client.short, program: program.name,
                        training: training, trainingID: planned.training, week: planned.week))
            }
        }
        return found.sorted { ($0.date, $0.at ?? "", $0.clientName) < ($1.date, $1.at ?? "", $1.clientName) }
    }
}

/// Where a client stands in a program they follow on a day (`clients show`): the week and the day, not begun yet, or
/// over.
package struct ProgramStanding: Sendable {
    package let program: String
    package let start: CalendarDate
    package let standing: ProgramSchedule.Standing

    /// `{program, start, week?, day?, ended?}`.
    package struct JSONForm: Encodable, Sendable {
        let program: String
        let start: CalendarDate
        let week: Int?
        let day: Int?
        let ended: Bool?
    }

    package var jsonForm: JSONForm {
        switch standing {
        case .running(let week, let day):
            JSONForm(program: program, start: start, week: week, day: day, ended: nil)
        case .ended: JSONForm(program: program, start: start, week: nil, day: nil, ended: true)
        case .notStarted, .postponed: JSONForm(program: program, start: start, week: nil, day: nil, ended: nil)
        }
    }

    /// The programs `client` follows, by start, and where they stand on `date`.
    static func of(_ client: UUID, on date: CalendarDate, in cache: LocalCache) throws -> [ProgramStanding] {
        try cache.all(Assignment.self).filter { $0.client == client }.sorted { $0.start < $1.start }
            .compactMap { assignment in
                try cache.one(Program.self, assignment.program).map { program in
                    ProgramStanding(
                        program: program.name, start: assignment.start,
                        standing: ProgramSchedule.standing(on: date, program.value, assignment.value))
                }
            }
    }
}
