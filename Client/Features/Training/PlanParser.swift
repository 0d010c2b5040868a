import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Parses `--plan "EXERCISE: PLAN"`, the notation coaches write on paper: SETSxREPS@LOAD, then an optional rest.
///
/// `4x12@80kg rest 90s`, `12,10,8@80kg` (one target per set), `5x5@100` (kg unless `lb`), `3x45s` (timed sets),
/// `1x2000m` or `1x2km` (distance), `3x8@RPE8` or `3x8 RIR2` (effort; `3x8@80kg RPE8`), `3 sets rest 2min`,
/// `3 sets of 10@60kg`, and a group last for supersets and
/// circuits: `3x10@60kg rest 0s group A` (the exercises of one group are done a set of each in turn). `rest`, `group`,
/// `sets` and `of` may be written in Catalan or Spanish too (``Keyword``: `descans`, `grupo`, `3 sèries de 10`). Rest
/// and times take `90s`, `2min`, `1m30s` or `1:30`.
/// For an exercise counted by time, `3x2m` means two minutes; otherwise `m` is metres.
///
/// The plan and the performed set (`--set "EXERCISE: 12x80kg"`, REPSxWEIGHT) look alike; one written in the other's
/// form is refused with the right one.
///
/// Numbers take a decimal comma as well as a point (`4x12@62,5kg`, `1x1,5km`); a list of reps (`12,10,8`) is told
/// apart by having no `x`.
package enum PlanParser {
    /// Parses one `--plan` argument into the exercise's name and its plan (`exercise` left for the caller to fill).
    /// - Parameter count: how the named exercise is counted, when known (decides what `m` means).
    package static func parse(
        _ text: String, count: (String) -> CountMode? = { _ in nil }
    )
        throws(SetParser.ParseError) -> (name: String, plan: PlannedExercise)
    {
        guard let colon = text.firstIndex(of: ":") else {
            throw error(TrainingPhrases.planNoColon.t(), text, part: text, at: text.startIndex)
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            throw error(TrainingPhrases.exerciseNameMissing.t(), text, part: ":", at: colon)
        }
        let body = text[text.index(after: colon)...]
        let spec = body.trimmingCharacters(in: .whitespaces)
        guard !spec.isEmpty else {
            throw error(TrainingPhrases.noPlanAfterName.t(["name": name]), text, part: ":", at: colon)
        }
        var plan = PlannedExercise(exercise: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        do {
            try read(spec.lowercased(), into: &plan, mode: count(name))
        } catch {
            let problem = error as SetParser.SetProblem
            let start = body.firstIndex { !$0.isWhitespace } ?? body.startIndex
            throw Self.error(
                TrainingPhrases.planOfExercise.t(["name": name, "reason": problem.reason]), text, part: spec, at: start)
        }
        return (name, plan)
    }

    private static func error(
        _ message: String, _ text: String, part: String, at index: String.Index
    ) -> SetParser.ParseError {
        SetParser.ParseError(
            message: message, text: text, part: part, offset: text.distance(from: text.startIndex, to: index))
    }

    /// The form of a plan, for the errors that show it.
    private static var form: String { TrainingPhrases.planForm.t(["rest": Keyword.rest.spelled()]) }

    private static func read(
        _ spec: String, into plan: inout PlannedExercise, mode: CountMode?
    ) throws(SetParser.SetProblem) {
        var body = Substring(spec)
        // A group (superset, circuit) comes last: "… group a", "… grup a".
        if let range = Keyword.group.lastRange(in: body) {
            let label = body[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty, !label.contains(" "), label.count <= PlannedExercise.maxGroupLength else {
                throw SetParser.SetProblem(
                    reason: TrainingPhrases.planGroup.t([
                        "length": PlannedExercise.maxGroupLength, "group": Keyword.group.spelled(),
                    ]))
            }
            plan.group = label.uppercased()
            body = Substring(body[..<range.lowerBound].trimmingCharacters(in: .whitespaces))
            if body.isEmpty { return }
        }
        // The rest comes last: "… rest 90s", "… descans 90s".
        if let range = Keyword.rest.lastRange(in: body) {
            let restText = body[range.upperBound...].trimmingCharacters(in: .whitespaces)
            plan.rest = try time(restText, what: .rest, limits: PlannedExercise.restRange)
            body = body[..<range.lowerBound]
        }
        body = Substring(body.trimmingCharacters(in: .whitespaces))
        try effort(&body, into: &plan)
        if body.isEmpty {
            guard plan.rest != nil else { throw SetParser.SetProblem(reason: form) }
            return
        }
        // "3 sets", "3 sèries": sets only; "3 sets of 10@60kg", "3 sèries de 10" read as "3x10@60kg".
        let count = body.prefix(while: \.isNumber)
        let words = body.dropFirst(count.count).split(whereSeparator: \.isWhitespace)
        if !count.isEmpty, let first = words.first, Keyword.sets.matches(first) {
            plan.sets = try whole(String(count), what: .sets, limits: PlannedExercise.setsRange)
            if words.count == 1 { return }
            guard words.count > 2, Keyword.of.matches(words[1]) else { throw SetParser.SetProblem(reason: form) }
            body = Substring("\(count)x" + words.dropFirst(2).joined())
        }
        var load: Substring?
        if let at = body.firstIndex(of: "@") {
            load = body[body.index(after: at)...]
            body = body[..<at]
        }
        // "4x1,5km" has a decimal comma after its sets; "12,10,8" (no sets before an x) lists each set's reps.
        let setsFirst = body.split(separator: "x", maxSplits: 1).first.map { Int($0) != nil } ?? false
        if body.contains(","), !(body.contains("x") && setsFirst) {
            let list = try body.split(separator: ",", omittingEmptySubsequences: false).map {
                (piece) throws(SetParser.SetProblem) in
                try whole(
                    piece.trimmingCharacters(in: .whitespaces), what: .eachSetReps, limits: PlannedExercise.repsRange)
            }
            guard Double(list.count) <= PlannedExercise.setsRange.upperBound else {
                throw SetParser.SetProblem(reason: TrainingPhrases.planTooManySets.t())
            }
            plan.sets = list.count
            plan.reps = .perSet(list)
        } else {
            let parts = body.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw SetParser.SetProblem(reason: form) }
            plan.sets = try whole(String(parts[0]), what: .sets, limits: PlannedExercise.setsRange)
            try target(String(parts[1]).trimmingCharacters(in: .whitespaces), into: &plan, mode: mode)
        }
        if let load { try weight(String(load).trimmingCharacters(in: .whitespaces), into: &plan) }
    }

    /// The effort, last before the rest: `@RPE8`, `@rpe 8`, ` RPE7.5`, ` RIR2` (RPE 10−2), after a load or not; the
    /// same letters in every language. Leaves the plan before it in `body`.
    private static func effort(_ body: inout Substring, into plan: inout PlannedExercise) throws(SetParser.SetProblem) {
        let marks = ["rpe", "rir"].compactMap { mark in body.range(of: mark, options: .backwards).map { (mark, $0) } }
        guard let (mark, range) = marks.max(by: { $0.1.lowerBound < $1.1.lowerBound }) else { return }
        let figure = body[range.upperBound...].trimmingCharacters(in: .whitespaces)
        let lowest = Effort.plannedRange.lowerBound
        let highest = Effort.plannedRange.upperBound
        guard let value = SetParser.number(Substring(figure)) else { throw effortProblem }
        let rpe = mark == "rir" ? highest - value : value
        guard Effort.isValid(rpe, in: lowest...highest) else { throw effortProblem }
        plan.rpe = rpe
        var before = body[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        if before.hasSuffix("@") { before = String(before.dropLast()).trimmingCharacters(in: .whitespaces) }
        body = Substring(before)
    }

    /// The accepted forms of an effort, for its error.
    private static var effortProblem: SetParser.SetProblem {
        SetParser.SetProblem(reason: TrainingPhrases.planEffort.t())
    }

    /// What follows `x`: repetitions, a time or a distance.
    private static func target(
        _ text: String, into plan: inout PlannedExercise, mode: CountMode?
    ) throws(SetParser.SetProblem) {
        if let reps = Int(text) {
            plan.reps = .uniform(try whole(String(reps), what: .reps, limits: PlannedExercise.repsRange))
            return
        }
        if text.hasSuffix("kg") || text.hasSuffix("lb") || text.hasSuffix("lbs") {
            throw SetParser.SetProblem(reason: TrainingPhrases.planWrittenAsSet.t(["form": form]))
        }
        let isMetres = text.hasSuffix("km") || (text.hasSuffix("m") && !text.hasSuffix("min") && mode != .time)
        if isMetres {
            let factor = text.hasSuffix("km") ? 1000.0 : 1
            let number = text.dropLast(text.hasSuffix("km") ? 2 : 1)
            guard let value = SetParser.number(number), value.isFinite,
                PlannedExercise.distanceRange.contains(value * factor)
            else {
                throw SetParser.SetProblem(reason: TrainingPhrases.planDistance.t())
            }
            plan.distance = value * factor
            return
        }
        plan.duration = try time(text, what: .setTime, limits: PlannedExercise.durationRange)
    }

    private static func weight(_ text: String, into plan: inout PlannedExercise) throws(SetParser.SetProblem) {
        var number = Substring(text)
        var unit = WeightUnit.kg
        if number.hasSuffix("kg") {
            number = number.dropLast(2)
        } else if number.hasSuffix("lbs") {
            number = number.dropLast(3); unit = .lb
        } else if number.hasSuffix("lb") {
            number = number.dropLast(2); unit = .lb
        }
        let range = PerformedSet.weightRange
        guard let value = SetParser.number(number), value.isFinite, range.contains(value) else {
            throw SetParser.SetProblem(
                reason: TrainingPhrases.planLoad.t([
                    "lowest": Int(range.lowerBound), "highest": Int(range.upperBound),
                ]))
        }
        plan.weight = value
        plan.unit = unit
    }

    /// The whole numbers of a plan, for their errors.
    private enum Count {
        case sets, reps, eachSetReps

        var phrase: TrainingPhrases {
            switch self {
            case .sets: .planWholeSets
            case .reps: .planWholeReps
            case .eachSetReps: .planWholeEachSetReps
            }
        }
    }

    /// The times of a plan, for their errors.
    private enum Time {
        case rest, setTime
    }

    private static func whole(
        _ text: String, what: Count, limits: ClosedRange<Double>
    ) throws(SetParser.SetProblem) -> Int {
        guard let value = Int(text), limits.contains(Double(value)) else {
            throw SetParser.SetProblem(
                reason: what.phrase.t([
                    "lowest": Int(limits.lowerBound), "highest": Int(limits.upperBound), "form": form,
                ]))
        }
        return value
    }

    /// `90s`, `90`, `2min`, `2m`, `1m30s`, `1:30`.
    private static func time(
        _ text: String, what: Time, limits: ClosedRange<Double>
    ) throws(SetParser.SetProblem) -> Double {
        let minutes = text.hasSuffix("min") ? String(text.dropLast(3)) + "m" : text
        let seconds: Double
        do {
            seconds = try SetParser.parseDuration(minutes)
        } catch {
            let phrase: TrainingPhrases = what == .rest ? .planRestForm : .planSetTimeForm
            throw SetParser.SetProblem(reason: phrase.t())
        }
        guard limits.contains(seconds) else {
            let phrase: TrainingPhrases = what == .rest ? .planRestRange : .planSetTimeRange
            throw SetParser.SetProblem(
                reason: phrase.t(["lowest": Int(limits.lowerBound), "highest": Int(limits.upperBound)]))
        }
        return seconds
    }
}
