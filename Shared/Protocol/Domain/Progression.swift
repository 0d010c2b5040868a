import Foundation

/// How one exercise of a program moves from week to week, as a coach writes it on paper
/// (``ProgressionNotation``): `+2.5kg/week`, `3x8-12, +2.5kg when all sets reach 12`, `70%,75%,80% of e1RM`.
package enum Progression: Codable, Sendable, Equatable {
    /// A fixed increment every `everyWeeks` weeks, earned by meeting the target: `+2.5kg/week`, `+5%/week`,
    /// `+1 rep/week`, `+1 set/2 weeks`.
    case step(by: Increment, everyWeeks: Int)
    /// Double progression: `sets` sets of `low` to `high` repetitions; the load rises by `by` once every set reached
    /// `high`.
    case double(sets: Int, low: Int, high: Int, by: Increment)
    /// Percentage waves of a baseline maximum, one share per week in turn (0.7 = 70 %), from week 1.
    case wave(shares: [Double])

    /// Most weeks between two increments, and most shares of a wave.
    package static let maxWeeks = 52
    /// What a load may grow by at each increment, in percent.
    package static let percentRange: ClosedRange<Double> = 0.1...50
    /// What a load may grow by at each increment, in its unit.
    package static let loadRange: ClosedRange<Double> = 0.1...100
    /// Repetitions or sets one increment may add.
    package static let countRange: ClosedRange<Int> = 1...20
    /// The shares of a baseline a wave may ask for.
    package static let shareRange: ClosedRange<Double> = 0.05...1.5

    /// What one increment adds.
    package enum Increment: Codable, Sendable, Equatable {
        /// A load in a unit (converted to the plan's unit, then rounded to its plates).
        case load(amount: Double, unit: WeightUnit)
        /// A share of the current load, in percent.
        case percent(amount: Double)
        /// Repetitions per set.
        case reps(amount: Int)
        /// Sets.
        case sets(amount: Int)
    }
}

/// A lighter week: every `every`-th week of a program is done at `share` of the load (`--deload 4:60%`).
package struct Deload: Codable, Sendable, Equatable {
    /// The share a deload takes when the coach names none (`--deload 4`): 60 %.
    package static let defaultShare = 0.6
    /// The shares a deload may take.
    package static let shareRange: ClosedRange<Double> = 0.1...0.95

    /// Each `every`-th week is a deload week (4: weeks 4, 8, 12, …).
    package var every: Int
    /// The share of the working load a deload week lifts.
    package var share: Double

    package init(every: Int, share: Double = Deload.defaultShare) {
        self.every = every
        self.share = share
    }

    /// Whether `week` (counted from 1) is a deload week.
    package func isDeload(_ week: Int) -> Bool { every > 1 && week % every == 0 }
}

/// What a client is asked to do of one exercise on a day of a program: absent members are not asked for.
package struct ProgramTarget: Codable, Sendable, Equatable {
    package var sets: Int?
    /// Repetitions per set (the bottom of the range under double progression).
    package var reps: Int?
    /// The top of the range under double progression: reaching it on every set raises the load.
    package var repsMax: Int?
    package var weight: Double?
    package var unit: WeightUnit?
    /// The effort the sets are planned at (RPE, 10 = nothing left in reserve).
    package var rpe: Double?

    package init(
        sets: Int? = nil, reps: Int? = nil, repsMax: Int? = nil, weight: Double? = nil, unit: WeightUnit? = nil,
        rpe: Double? = nil
    ) {
        self.sets = sets
        self.reps = reps
        self.repsMax = repsMax
        self.weight = weight
        self.unit = unit
        self.rpe = rpe
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case sets, reps, repsMax, weight, unit, rpe
    }

    /// Its counts (``DocumentForms``): sets and repetitions are whole numbers.
    package static let forms = DocumentForms([CodingKeys.sets: .count, .reps: .count, .repsMax: .count])

    /// The target as a plan the train view shows beside what is done: `sets`x`reps` at `weight`, the rest and the
    /// group of `plan` kept.
    package func planned(from plan: PlannedExercise) -> PlannedExercise {
        var planned = plan
        planned.sets = sets ?? plan.sets
        if let reps { planned.reps = .uniform(reps) }
        planned.weight = weight ?? plan.weight
        planned.unit = weight == nil ? plan.unit : unit
        return planned
    }
}

extension ProgramTarget {
    /// The target as a coach writes a plan: `3x8-12@82.5kg`, `5x5@100kg @RPE8` (the CLI's and the web's form).
    package var notation: String {
        var text = ""
        if let reps {
            text = "\(sets ?? 1)x\(reps)" + (repsMax.map { "-\($0)" } ?? "")
        } else if let sets {
            text = "\(sets)x"
        }
        if let weight { text += "@\(BodyMeasure.number(weight))\((unit ?? .kg).rawValue)" }
        if let rpe { text += " @RPE\(BodyMeasure.number(rpe))" }
        return text
    }
}
