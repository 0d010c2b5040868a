import Foundation

/// The targets of a program's weeks: a pure function of one exercise's rules, the week and what the client lifted,
/// computed the same way on every device, offline.
///
/// Week 1 is the plan as written (a wave's load comes from the baseline from week 1 on). After each week that is not a
/// deload, what the client lifted decides the next: a met target earns the increment when one is due (a step every
/// `everyWeeks` weeks; double progression's load once every set reached the top of the range); a missed target, or a
/// week the exercise was not trained, repeats the load; two misses in a row step back one increment. A deload week
/// lifts ``Deload/share`` of the working load and changes nothing after it. Loads are rounded to the plan unit's plates
/// (2.5 kg, 5 lb) whenever they change; a plan with one target per set (`12,10,8`) is read by its first set.
package enum ProgressionEngine {
    /// What a program asks of one exercise.
    package struct Rules: Sendable, Equatable {
        package var plan: PlannedExercise
        package var progression: Progression?
        package var deload: Deload?
        /// The maximum that waves and planned efforts read, in the plan's unit: a tested 1RM, or the client's e1RM on
        /// the assignment's start date.
        package var baseline: Double?
        /// The effort the plan's sets are planned at (`3x8@RPE8`; `3x8 RIR2` is RPE 8).
        package var rpe: Double?

        package init(
            plan: PlannedExercise, progression: Progression? = nil, deload: Deload? = nil, baseline: Double? = nil,
            rpe: Double? = nil
        ) {
            self.plan = plan
            self.progression = progression
            self.deload = deload
            self.baseline = baseline
            self.rpe = rpe
        }

        /// The unit the plan's loads are in.
        package var unit: WeightUnit { plan.unit ?? .kg }
    }

    /// How a week went against its target.
    package enum Outcome: Sendable, Equatable {
        /// Every set reached the top of double progression's range.
        case reachedTop
        case met
        /// Too few sets reached the target, or the exercise was not trained.
        case missed
    }

    /// The target of `week` (counted from 1). `lifted(w)` is what the client performed of the exercise in week `w`
    /// (the week's sessions together; nil when they did not train it); it is asked about the weeks before `week`.
    package static func target(_ rules: Rules, week: Int, lifted: (Int) -> [PerformedSet]?) -> ProgramTarget {
        var state = State(rules)
        for past in stride(from: 1, to: max(week, 1), by: 1) where rules.deload?.isDeload(past) != true {
            let outcome = outcome(of: lifted(past), against: state.target(rules, week: past), rules: rules)
            state.advance(after: outcome, week: past, rules: rules)
        }
        return state.target(rules, week: max(week, 1))
    }

    /// How `sets` (nil: not trained) went against `target`: warm-ups aside, enough sets with the repetitions and the
    /// load asked for (loads compared in the plan's unit).
    package static func outcome(of sets: [PerformedSet]?, against target: ProgramTarget, rules: Rules) -> Outcome {
        guard let sets else { return .missed }
        let working = sets.filter { $0.type != .warmup }
        let load = target.weight ?? 0
        let heavyEnough = working.filter {
            Strength.converted($0.weight, from: $0.unit, to: rules.unit) >= load - 0.01
        }
        let needed = target.sets ?? 1
        let atTop = target.repsMax.map { top in heavyEnough.filter { $0.reps >= top }.count } ?? 0
        if target.repsMax != nil, atTop >= needed { return .reachedTop }
        let reached = heavyEnough.filter { $0.reps >= (target.reps ?? 0) }.count
        return reached >= needed ? .met : .missed
    }

    /// Where a program stands for one exercise between weeks.
    private struct State {
        var sets: Int?
        var reps: Int?
        var load: Double?
        var misses = 0

        init(_ rules: Rules) {
            sets = rules.plan.plannedSets
            reps = rules.plan.reps?.target(ofSet: 0)
            load = rules.plan.weight
            if case .double(let count, let low, _, _)? = rules.progression {
                sets = count
                reps = low
            }
            if load == nil, let rpe = rules.rpe, let baseline = rules.baseline {
                load = Strength.rounded(
                    Strength.load(reps: reps ?? 1, rpe: rpe, e1RM: baseline), unit: rules.unit)
            }
        }

        func target(_ rules: Rules, week: Int) -> ProgramTarget {
            var weight = load
            var top: Int?
            switch rules.progression {
            case .wave(let shares)? where !shares.isEmpty:
                weight = rules.baseline.map {
                    Strength.rounded($0 * shares[(week - 1) % shares.count], unit: rules.unit)
                }
            case .double(_, _, let high, _)?: top = high
            default: break
            }
            if let deload = rules.deload, deload.isDeload(week), let working = weight {
                weight = Strength.rounded(working * deload.share, unit: rules.unit)
            }
            return ProgramTarget(
                sets: sets, reps: reps, repsMax: top, weight: weight, unit: weight == nil ? nil : rules.unit,
                rpe: rules.rpe)
        }

        mutating func advance(after outcome: Outcome, week: Int, rules: Rules) {
            switch rules.progression {
            case .step(let increment, let every)?:
                if outcome == .missed { return miss(increment, rules) }
                misses = 0
                if week % max(every, 1) == 0 { apply(increment, times: 1, rules) }
            case .double(_, _, _, let increment)?:
                switch outcome {
                case .reachedTop:
                    misses = 0
                    apply(increment, times: 1, rules)
                case .met: misses = 0
                case .missed: miss(increment, rules)
                }
            case .wave?, nil: break
            }
        }

        private mutating func miss(_ increment: Progression.Increment, _ rules: Rules) {
            misses += 1
            guard misses >= 2 else { return }
            misses = 0
            apply(increment, times: -1, rules)
        }

        /// Adds the increment (`times` 1) or takes it back (-1).
        private mutating func apply(_ increment: Progression.Increment, times: Int, _ rules: Rules) {
            let unit = rules.unit
            switch increment {
            case .load(let amount, let from):
                let step = Strength.converted(amount, from: from, to: unit) * Double(times)
                load = Strength.rounded((load ?? 0) + step, unit: unit)
            case .percent(let amount):
                guard let current = load else { return }
                let factor = 1 + amount / 100
                load = Strength.rounded(times > 0 ? current * factor : current / factor, unit: unit)
            case .reps(let amount):
                reps = max(1, (reps ?? 0) + amount * times)
            case .sets(let amount):
                sets = min(max(1, (sets ?? 1) + amount * times), Int(PlannedExercise.setsRange.upperBound))
            }
        }
    }
}
