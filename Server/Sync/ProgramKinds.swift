import Foundation
import GorillaShared

extension EntityKinds {
    /// A coach's program: trainings on days, progressions per exercise, a deload. Its days name live trainings of the
    /// coach and its rules live exercises; a training or an exercise deleted later leaves the program readable (the
    /// devices skip a day whose training is gone).
    static let program = KindRules(
        Program.self,
        check: { program, context in
            program = try program.normalised()
            for (index, day) in program.days.enumerated() {
                try context.requireLive(day.training, .training, field: "days[\(index)].training")
            }
            for (index, rule) in program.progress.enumerated() {
                try context.requireLive(rule.exercise, .exercise, field: "progress[\(index)].exercise")
            }
        }
    )

    /// A client following a program from a start day. It names a live program of the coach and, through its scope, a
    /// live client of hers; its tested maxima name exercises of her catalogue.
    static let assignment = KindRules(
        Assignment.self,
        check: { assignment, context in
            assignment = try assignment.normalised()
            try context.requireLive(assignment.program, .program, field: "program")
            for (index, baseline) in assignment.baselines.enumerated() {
                try context.requireKnown(baseline.exercise, .exercise, field: "baselines[\(index)].exercise")
            }
        }
    )
}
