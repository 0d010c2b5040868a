import Foundation

/// Kilograms in a pound (exact, by definition).
package let kilogramsPerPound = 0.45359237

/// The arithmetic of loads that statistics and programs share: an estimated one-repetition maximum, the load a set
/// takes at an effort, and loads rounded to what a bar can hold.
package enum Strength {
    /// The best estimated maximum of the working sets of `sets` that carry a load, in `unit`; nil when none does.
    package static func bestE1RM(of sets: [PerformedSet], in unit: WeightUnit) -> Double? {
        sets.filter { $0.type != .warmup && $0.weight > 0 }
            .map { e1RM(weight: converted($0.weight, from: $0.unit, to: unit), reps: $0.reps) }.max()
    }

    /// Epley: `weight × (1 + reps / 30)` for reps ≥ 2, the weight itself for a single repetition, 0 for none.
    package static func e1RM(weight: Double, reps: Int) -> Double {
        if reps <= 0 { return 0 }
        return reps == 1 ? weight : weight * (1 + Double(reps) / 30)
    }

    /// The load of a set of `reps` at `rpe` (10 = nothing left, 8 = two repetitions in reserve) for someone whose
    /// estimated maximum is `e1RM`: Epley read backwards, the repetitions in reserve counted as done.
    package static func load(reps: Int, rpe: Double, e1RM: Double) -> Double {
        let reserve = max(0, 10 - rpe)
        let total = Double(max(reps, 1)) + reserve
        return total <= 1 ? e1RM : e1RM / (1 + total / 30)
    }

    /// The smallest step of load a gym's plates make: 2.5 kg, 5 lb.
    package static func increment(_ unit: WeightUnit) -> Double {
        switch unit {
        case .kg: 2.5
        case .lb: 5
        }
    }

    /// `load` rounded to the nearest ``increment(_:)`` of `unit` (never below 0).
    package static func rounded(_ load: Double, unit: WeightUnit) -> Double {
        let step = increment(unit)
        return max(0, (load / step).rounded() * step)
    }

    /// `weight` in `from`'s unit, written in `to`'s.
    package static func converted(_ weight: Double, from: WeightUnit, to: WeightUnit) -> Double {
        switch (from, to) {
        case (.kg, .lb): weight / kilogramsPerPound
        case (.lb, .kg): weight * kilogramsPerPound
        default: weight
        }
    }
}
