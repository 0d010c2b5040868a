import Foundation

/// The targets of a planned workout: each exercise of its training through ``ProgressionEngine``, with the program's
/// rules, the week, and what the client lifted in the weeks before (offline, from any device's copy).
package enum ProgramTargets {
    /// What a client lifted on a day: the exercises of one session.
    package struct Lifted: Sendable {
        package var date: CalendarDate
        package var exercises: [PerformedExercise]

        package init(date: CalendarDate, exercises: [PerformedExercise]) {
            self.date = date
            self.exercises = exercises
        }
    }

    /// The target of each exercise of `training` on `planned`, in the training's order.
    ///
    /// A wave's baseline (and a planned effort's) is the assignment's tested maximum when the coach gave one, else the
    /// best e1RM the client lifted before the start.
    package static func targets(
        _ planned: ProgramSchedule.Planned, training: Training, program: Program, assignment: Assignment,
        history: [Lifted]
    ) -> [(exercise: UUID, target: ProgramTarget)] {
        let weeks = Dictionary(grouping: history) { lifted -> Int in
            guard let offset = ProgramSchedule.offset(of: lifted.date, in: assignment) else { return 0 }
            return offset / program.period + 1
        }
        let before = history.filter { $0.date < assignment.start }
        return training.exercises.map { entry in
            let unit = entry.unit ?? .kg
            let rules = ProgressionEngine.Rules(
                plan: entry, progression: program.progression(of: entry.exercise), deload: program.deload,
                baseline: assignment.baseline(of: entry.exercise, in: unit)
                    ?? bestE1RM(entry.exercise, in: before, unit: unit),
                rpe: entry.rpe)
            let target = ProgressionEngine.target(rules, week: planned.week) { week in
                let sets = (weeks[week] ?? []).flatMap { lifted in
                    lifted.exercises.filter { $0.exercise == entry.exercise }.flatMap(\.sets)
                }
                return sets.isEmpty ? nil : sets
            }
            return (entry.exercise, target)
        }
    }

    /// The best estimated maximum of `exercise` in `history`, in `unit`; nil when it was never lifted with a load.
    package static func bestE1RM(_ exercise: UUID, in history: [Lifted], unit: WeightUnit) -> Double? {
        Strength.bestE1RM(
            of: history.flatMap { $0.exercises.filter { $0.exercise == exercise }.flatMap(\.sets) }, in: unit)
    }
}
