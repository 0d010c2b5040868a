import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// The targets of a program's weeks, from the plan, its progression and what the client lifted.
@Suite struct ProgressionEngineTests {
    static let squat = UUID()

    static func plan(sets: Int = 3, reps: Int = 5, weight: Double? = 100, unit: WeightUnit = .kg) -> PlannedExercise {
        PlannedExercise(exercise: squat, sets: sets, reps: .uniform(reps), weight: weight, unit: unit)
    }

    /// `count` sets of `reps` at `weight`.
    static func sets(_ count: Int, _ reps: Int, _ weight: Double, _ unit: WeightUnit = .kg) -> [PerformedSet] {
        Array(repeating: PerformedSet(reps: reps, weight: weight, unit: unit), count: count)
    }

    /// The load of `week` when each earlier week's sets are `history[week]` (nil: not trained).
    static func load(_ rules: ProgressionEngine.Rules, week: Int, _ history: [Int: [PerformedSet]]) -> Double? {
        ProgressionEngine.target(rules, week: week) { history[$0] }.weight
    }

    @Test func aStepIsEarnedByMeetingTheTarget() {
        let rules = ProgressionEngine.Rules(
            plan: Self.plan(), progression: .step(by: .load(amount: 2.5, unit: .kg), everyWeeks: 1))
        #expect(Self.load(rules, week: 1, [:]) == 100)
        #expect(Self.load(rules, week: 2, [1: Self.sets(3, 5, 100)]) == 102.5)
        #expect(Self.load(rules, week: 3, [1: Self.sets(3, 5, 100), 2: Self.sets(3, 6, 102.5)]) == 105)
        // A warm-up does not make up a missing set.
        let warmup = [PerformedSet(type: .warmup, reps: 5, weight: 100)] + Self.sets(2, 5, 100)
        #expect(Self.load(rules, week: 2, [1: warmup]) == 100)
    }

    @Test func aMissRepeatsTheLoadAndTwoInARowStepBack() {
        let rules = ProgressionEngine.Rules(
            plan: Self.plan(), progression: .step(by: .load(amount: 2.5, unit: .kg), everyWeeks: 1))
        let met = Self.sets(3, 5, 100)
        let missed = Self.sets(3, 4, 102.5)
        #expect(Self.load(rules, week: 3, [1: met, 2: missed]) == 102.5)
        #expect(Self.load(rules, week: 4, [1: met, 2: missed, 3: Self.sets(3, 3, 102.5)]) == 100)
        // A week not trained is a miss.
        #expect(Self.load(rules, week: 4, [1: met]) == 100)
        // A met week in between clears the count.
        let history = [1: met, 2: missed, 3: Self.sets(3, 5, 102.5), 4: Self.sets(1, 5, 105)]
        #expect(Self.load(rules, week: 5, history) == 105)
    }

    @Test func stepsOfPercentRepsAndSetsEveryNWeeks() {
        let percent = ProgressionEngine.Rules(plan: Self.plan(), progression: .step(by: .percent(amount: 5), everyWeeks: 1))
        let history = [1: Self.sets(3, 5, 100), 2: Self.sets(3, 5, 105)]
        // 105 × 1.05 = 110.25, to the plates 110.
        #expect(Self.load(percent, week: 3, history) == 110)
        let reps = ProgressionEngine.Rules(plan: Self.plan(), progression: .step(by: .reps(amount: 1), everyWeeks: 1))
        #expect(ProgressionEngine.target(reps, week: 2) { _ in Self.sets(3, 5, 100) }.reps == 6)
        let sets = ProgressionEngine.Rules(plan: Self.plan(), progression: .step(by: .sets(amount: 1), everyWeeks: 2))
        let always: (Int) -> [PerformedSet]? = { _ in Self.sets(5, 5, 100) }
        #expect(ProgressionEngine.target(sets, week: 2, lifted: always).sets == 3)
        #expect(ProgressionEngine.target(sets, week: 3, lifted: always).sets == 4)
        #expect(ProgressionEngine.target(sets, week: 5, lifted: always).sets == 5)
    }

    @Test func doubleProgressionRaisesTheLoadWhenEverySetReachesTheTop() {
        let rules = ProgressionEngine.Rules(
            plan: Self.plan(weight: 60), progression: .double(sets: 3, low: 8, high: 12, by: .load(amount: 2.5, unit: .kg)))
        let first = ProgressionEngine.target(rules, week: 1) { _ in nil }
        #expect(first == ProgramTarget(sets: 3, reps: 8, repsMax: 12, weight: 60, unit: .kg))
        #expect(Self.load(rules, week: 2, [1: Self.sets(3, 12, 60)]) == 62.5)
        // In the range but not at its top: held, and not a miss.
        let inRange = [1: Self.sets(3, 10, 60), 2: Self.sets(3, 9, 60), 3: Self.sets(3, 11, 60)]
        #expect(Self.load(rules, week: 4, inRange) == 60)
        // Below the range twice: one increment back.
        let below = [1: Self.sets(3, 12, 60), 2: Self.sets(3, 6, 62.5), 3: Self.sets(3, 7, 62.5)]
        #expect(Self.load(rules, week: 4, below) == 60)
    }

    @Test func aWaveReadsTheBaselineWeekAfterWeek() {
        let rules = ProgressionEngine.Rules(
            plan: Self.plan(sets: 3, reps: 3, weight: nil), progression: .wave(shares: [0.7, 0.75, 0.8, 0.85]),
            baseline: 140)
        let loads = (1...5).map { ProgressionEngine.target(rules, week: $0) { _ in nil }.weight }
        // 98, 105, 112, 119 to the plates; then the wave again.
        #expect(loads == [97.5, 105, 112.5, 120, 97.5])
    }

    @Test func aDeloadWeekLiftsItsShareAndChangesNothingAfter() {
        let rules = ProgressionEngine.Rules(
            plan: Self.plan(), progression: .step(by: .load(amount: 2.5, unit: .kg), everyWeeks: 1),
            deload: Deload(every: 4, share: 0.6))
        let met: (Int) -> [PerformedSet]? = { week in
            Self.sets(3, 5, [1: 100, 2: 102.5, 3: 105, 5: 107.5][week] ?? 0)
        }
        #expect(ProgressionEngine.target(rules, week: 4, lifted: met).weight == 65)  // 60 % of 107.5 = 64.5
        #expect(ProgressionEngine.target(rules, week: 5, lifted: met).weight == 107.5)
        #expect(ProgressionEngine.target(rules, week: 6, lifted: met).weight == 110)
    }

    @Test func poundsTakeTheirOwnPlatesAndIncrementsAreConverted() {
        let rules = ProgressionEngine.Rules(
            plan: Self.plan(weight: 225, unit: .lb), progression: .step(by: .load(amount: 2.5, unit: .kg), everyWeeks: 1))
        // 2.5 kg is 5.51 lb: 230.51 lb to the 5 lb plates is 230.
        #expect(Self.load(rules, week: 2, [1: Self.sets(3, 5, 225, .lb)]) == 230)
        // A set entered in kg counts by its weight in pounds.
        #expect(Self.load(rules, week: 2, [1: Self.sets(3, 5, 102.1, .kg)]) == 230)
    }

    @Test func aPlannedEffortTakesItsLoadFromTheBaseline() {
        let rules = ProgressionEngine.Rules(plan: Self.plan(sets: 3, reps: 8, weight: nil), baseline: 140, rpe: 8)
        // Eight repetitions and two in reserve: 140 / (1 + 10/30) = 105.
        let target = ProgressionEngine.target(rules, week: 1) { _ in nil }
        #expect(target == ProgramTarget(sets: 3, reps: 8, weight: 105, unit: .kg, rpe: 8))
        #expect(Strength.e1RM(weight: 105, reps: 10) == 140)
    }

    // MARK: Properties over seeded random programs and histories

    /// A random program of load progression and a random history: each week met, missed, reached the top or not
    /// trained.
    static func randomCase(_ random: inout SeededGenerator) -> (ProgressionEngine.Rules, (Int) -> [PerformedSet]?) {
        let unit: WeightUnit = Bool.random(using: &random) ? .kg : .lb
        let weight = Strength.rounded(Double.random(in: 20...200, using: &random), unit: unit)
        let increment: Progression.Increment =
            Bool.random(using: &random)
            ? .load(amount: [1.25, 2.5, 5].randomElement(using: &random)!, unit: .kg)
            : .percent(amount: Double(Int.random(in: 1...10, using: &random)))
        let progression: Progression =
            Bool.random(using: &random)
            ? .step(by: increment, everyWeeks: Int.random(in: 1...3, using: &random))
            : .double(sets: 3, low: 6, high: 10, by: increment)
        let deload =
            Bool.random(using: &random)
            ? Deload(every: Int.random(in: 3...6, using: &random), share: Double.random(in: 0.4...0.9, using: &random))
            : nil
        let rules = ProgressionEngine.Rules(
            plan: plan(weight: weight, unit: unit), progression: progression, deload: deload)
        let outcomes = (0..<20).map { _ in Int.random(in: 0..<4, using: &random) }
        final class Memo: @unchecked Sendable { var weeks: [Int: [PerformedSet]?] = [:] }
        let memo = Memo()
        func lifted(_ week: Int) -> [PerformedSet]? {
            if let known = memo.weeks[week] { return known }
            let target = ProgressionEngine.target(rules, week: week, lifted: lifted)
            let load = target.weight ?? 0
            let sets: [PerformedSet]? =
                switch outcomes[week % outcomes.count] {
                case 0: nil
                case 1: Self.sets(target.sets ?? 1, max((target.reps ?? 1) - 1, 0), load, unit)
                case 2: Self.sets(target.sets ?? 1, target.reps ?? 1, load, unit)
                default: Self.sets(target.sets ?? 1, target.repsMax ?? target.reps ?? 1, load, unit)
                }
            memo.weeks[week] = .some(sets)
            return sets
        }
        return (rules, lifted)
    }

    @Test func aMissedTargetNeverRaisesTheLoad() {
        var random = SeededGenerator.forTest()
        for _ in 0..<300 {
            let (rules, lifted) = Self.randomCase(&random)
            for week in 1..<16 where rules.deload?.isDeload(week) != true && rules.deload?.isDeload(week + 1) != true {
                let target = ProgressionEngine.target(rules, week: week, lifted: lifted)
                guard ProgressionEngine.outcome(of: lifted(week), against: target, rules: rules) == .missed else {
                    continue
                }
                let next = ProgressionEngine.target(rules, week: week + 1, lifted: lifted)
                #expect((next.weight ?? 0) <= (target.weight ?? 0), "\(rules) week \(week)")
            }
        }
    }

    @Test func aDeloadWeekNeverExceedsItsShare() {
        var random = SeededGenerator.forTest()
        for _ in 0..<300 {
            let (rules, lifted) = Self.randomCase(&random)
            guard let deload = rules.deload else { continue }
            for week in 1..<16 where deload.isDeload(week) && !deload.isDeload(week + 1) {
                // The week after a deload lifts the working load the deload took its share of.
                let working = ProgressionEngine.target(rules, week: week + 1, lifted: lifted).weight ?? 0
                let light = ProgressionEngine.target(rules, week: week, lifted: lifted).weight ?? 0
                let halfPlate = Strength.increment(rules.unit) / 2
                #expect(light <= working * deload.share + halfPlate, "\(rules) week \(week)")
            }
        }
    }

    @Test func wavesFollowTheBaseline() {
        var random = SeededGenerator.forTest()
        for _ in 0..<300 {
            let shares = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                Double(Int.random(in: 50...100, using: &random)) / 100
            }
            let baseline = Double.random(in: 40...300, using: &random)
            let rules = ProgressionEngine.Rules(
                plan: Self.plan(weight: nil), progression: .wave(shares: shares), baseline: baseline)
            for week in 1...12 {
                let weight = ProgressionEngine.target(rules, week: week) { _ in Self.sets(1, 1, 1) }.weight
                let expected = baseline * shares[(week - 1) % shares.count]
                #expect(weight.map { abs($0 - expected) <= 1.25 } == true, "\(shares) of \(baseline) week \(week)")
            }
        }
    }
}
