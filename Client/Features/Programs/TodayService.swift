import Foundation
import GorillaClientCore
import GorillaShared

/// `gorilla today [--client C] [--date D]`: the day's planned workout of a client's program with its targets, computed
/// offline from this device's copy (the program, the assignment, the training and the client's sessions) by the shared
/// engine (``GorillaShared/ProgramTargets``).
package struct TodayService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// The workout of `client` (a client: their own; a coach's only client when none is named) on `date` (today).
    package func today(client name: String?, date text: String?) async throws -> TodayWorkout {
        let cache = try await context.freshCache()
        let subject = try StatsSubject.resolve(name, cache: cache, context: context)
        let date = try text.map(MeasurementService.day) ?? CalendarDate.today()
        return try Self.workout(of: subject.id, named: subject.name, on: date, in: cache)
    }

    /// The workout of the client `client` (called `name`) on `date`, from `cache`.
    /// - Throws: ``ClientError`` `.notFound` when the client follows no program.
    static func workout(
        of client: UUID, named name: String, on date: CalendarDate, in cache: LocalCache
    ) throws
        -> TodayWorkout
    {
        let subject = (id: client, name: name)
        let followed = try cache.all(Assignment.self).filter { $0.client == subject.id }
            .compactMap { assignment in
                try cache.one(Program.self, assignment.program).map { (assignment: assignment, program: $0) }
            }
        guard let chosen = ProgramSchedule.followed(on: date, followed, start: { $0.assignment.start }) else {
            throw ClientError(.notFound, ProgramPhrases.followsNone.t(["client": subject.name]))
        }
        let program = chosen.program
        var workout = TodayWorkout(date: date, program: program.name, client: subject.name)
        switch ProgramSchedule.standing(on: date, program.value, chosen.assignment.value) {
        case .notStarted:
            workout.starts = chosen.assignment.start
            return workout
        case .ended:
            workout.ended = true
            return workout
        case .postponed:
            workout.postponed = true
            return workout
        case .running(let week, let day):
            workout.week = week
            workout.day = day
        }
        guard let planned = ProgramSchedule.planned(on: date, program.value, chosen.assignment.value),
            let training = try cache.one(Training.self, planned.training)
        else { return workout }
        let history = try cache.timeline(TrainingSession.self, client: subject.id).map { session in
            ProgramTargets.Lifted(date: CalendarDate(session.start, in: .current), exercises: session.exercises)
        }
        let targets = ProgramTargets.targets(
            planned, training: training.value, program: program.value, assignment: chosen.assignment.value,
            history: history)
        workout.training = training.name
        workout.trainingID = training.id
        workout.exercises = try targets.map { entry in
            TodayWorkout.Entry(
                exercise: entry.exercise, name: try cache.one(Exercise.self, entry.exercise)?.name ?? "?",
                target: entry.target)
        }
        return workout
    }
}

/// A client's planned workout on a day, with each exercise's target.
package struct TodayWorkout: Sendable {
    /// One exercise of the day's training and what it asks for.
    package struct Entry: Sendable {
        package let exercise: UUID
        package let name: String
        package let target: ProgramTarget
    }

    package var date: CalendarDate
    package var program: String
    /// The client's name (for the text; `--json` leaves it out, as the form has no member for it).
    package var client: String
    /// The week (or cycle) the day belongs to, from 1.
    package var week: Int?
    /// The day of the week (1 = Monday) or of the cycle.
    package var day: Int?
    /// The day's training; nil on a rest day.
    package var training: String?
    package var trainingID: UUID?
    package var exercises: [Entry] = []
    /// The program's first day, when the day is before it.
    package var starts: CalendarDate?
    /// Whether the program has ended (its last week is over and it does not repeat).
    package var ended: Bool?
    /// Whether the day falls in a postponement.
    package var postponed: Bool?

    package init(date: CalendarDate, program: String, client: String) {
        self.date = date
        self.program = program
        self.client = client
    }

    /// `{date, week, day, program, training, exercises: [{exercise, name, target: {sets, reps, weight, unit, rpe}}]}`.
    package struct JSONForm: Encodable, Sendable {
        struct Target: Encodable, Sendable {
            let sets: Int?
            let reps: Int?
            let weight: Double?
            let unit: WeightUnit?
            let rpe: Double?
        }

        struct Exercise: Encodable, Sendable {
            let exercise: String
            let name: String
            let target: Target
        }

        let date: CalendarDate
        let week: Int?
        let day: Int?
        let program: String
        let training: String?
        let exercises: [Exercise]?
        let starts: CalendarDate?
        let ended: Bool?
        let postponed: Bool?
    }

    package var jsonForm: JSONForm {
        let running = week != nil
        return JSONForm(
            date: date, week: week, day: day, program: program, training: training,
            exercises: running
                ? exercises.map { entry in
                    let target = entry.target
                    return JSONForm.Exercise(
                        exercise: entry.exercise.key, name: entry.name,
                        target: JSONForm.Target(
                            sets: target.sets, reps: target.reps, weight: target.weight, unit: target.unit,
                            rpe: target.rpe))
                } : nil,
            starts: starts, ended: ended, postponed: postponed)
    }
}
