import Foundation
import GorillaShared

/// Parses `--plan "EXERCISE: PLAN"`, the notation coaches write on paper: SETSxREPS@LOAD, then an optional rest.
///
/// `4x12@80kg rest 90s`, `12,10,8@80kg` (one target per set), `5x5@100` (kg unless `lb`), `3x45s` (timed sets),
/// `1x2000m` or `1x2km` (distance), `3 sets rest 2min`, and a group last for supersets and circuits:
/// `3x10@60kg rest 0s group A` (the exercises of one group are done a set of each in turn). Rest and times take `90s`, `2min`, `1m30s` or `1:30`.
/// For an exercise counted by time, `3x2m` means two minutes; otherwise `m` is metres.
///
/// The plan and the performed set (`--set "EXERCISE: 12x80kg"`, REPSxWEIGHT) look alike; one written in the other's
/// form is refused with the right one.
public enum PlanParser {
    /// Parses one `--plan` argument into the exercise's name and its plan (`exercise` left for the caller to fill).
    /// - Parameter count: how the named exercise is counted, when known (decides what `m` means).
    public static func parse(
        _ text: String, count: (String) -> CountMode? = { _ in nil }
    )
        throws(SetParser.ParseError) -> (name: String, plan: PlannedExercise)
    {
        guard let colon = text.firstIndex(of: ":") else {
            throw error(
                "expected \"EXERCISE: SETSxREPS@LOAD\" (no ':' after the exercise name), e.g. \"Squat: 4x12@80kg rest 90s\"",
                text, part: text, at: text.startIndex)
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw error("the exercise name is missing before ':'", text, part: ":", at: colon) }
        let body = text[text.index(after: colon)...]
        let spec = body.trimmingCharacters(in: .whitespaces)
        guard !spec.isEmpty else {
            throw error("no plan after '\(name):' (e.g. 4x12@80kg rest 90s)", text, part: ":", at: colon)
        }
        var plan = PlannedExercise(exercise: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        do {
            try read(spec.lowercased(), into: &plan, mode: count(name))
        } catch {
            let problem = error as SetParser.SetProblem
            let start = body.firstIndex { !$0.isWhitespace } ?? body.startIndex
            throw Self.error("the plan of '\(name)': \(problem.reason)", text, part: spec, at: start)
        }
        return (name, plan)
    }

    private static func error(
        _ message: String, _ text: String, part: String, at index: String.Index
    ) -> SetParser.ParseError {
        SetParser.ParseError(
            message: message, text: text, part: part, offset: text.distance(from: text.startIndex, to: index))
    }

    private static let form = "a plan is SETSxREPS@LOAD [rest TIME]: 4x12@80kg rest 90s, 12,10,8@80kg, 3x45s, 1x2000m"

    private static func read(
        _ spec: String, into plan: inout PlannedExercise, mode: CountMode?
    ) throws(SetParser.SetProblem) {
        var body = Substring(spec)
        // A group (superset, circuit) comes last: "… group a".
        for word in ["group", "superset"] {
            guard let range = body.range(of: word, options: .backwards),
                range.lowerBound == body.startIndex || body[body.index(before: range.lowerBound)] == " "
            else { continue }
            let label = body[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty, !label.contains(" "), label.count <= PlannedExercise.maxGroupLength else {
                throw SetParser.SetProblem(
                    reason:
                        "a group is one word of at most \(PlannedExercise.maxGroupLength) characters at the end: 3x10@60kg group A"
                )
            }
            plan.group = label.uppercased()
            body = Substring(body[..<range.lowerBound].trimmingCharacters(in: .whitespaces))
            if body.isEmpty { return }
            break
        }
        // The rest comes last: "… rest 90s".
        if let range = body.range(of: "rest") {
            let restText = body[range.upperBound...].trimmingCharacters(in: .whitespaces)
            plan.rest = try time(restText, what: "the rest", limits: PlannedExercise.restRange)
            body = body[..<range.lowerBound]
        }
        body = Substring(body.trimmingCharacters(in: .whitespaces))
        if body.isEmpty {
            guard plan.rest != nil else { throw SetParser.SetProblem(reason: form) }
            return
        }
        // "3 sets": sets only.
        if body.hasSuffix("sets") || body.hasSuffix("set") {
            let number = body.dropLast(body.hasSuffix("sets") ? 4 : 3).trimmingCharacters(in: .whitespaces)
            plan.sets = try whole(number, what: "the sets", limits: PlannedExercise.setsRange)
            return
        }
        var load: Substring?
        if let at = body.firstIndex(of: "@") {
            load = body[body.index(after: at)...]
            body = body[..<at]
        }
        if body.contains(",") {
            let list = try body.split(separator: ",", omittingEmptySubsequences: false).map {
                (piece) throws(SetParser.SetProblem) in
                try whole(
                    piece.trimmingCharacters(in: .whitespaces), what: "each set's reps",
                    limits: PlannedExercise.repsRange)
            }
            guard Double(list.count) <= PlannedExercise.setsRange.upperBound else {
                throw SetParser.SetProblem(reason: "too many sets")
            }
            plan.sets = list.count
            plan.reps = .perSet(list)
        } else {
            let parts = body.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw SetParser.SetProblem(reason: form) }
            plan.sets = try whole(String(parts[0]), what: "the sets", limits: PlannedExercise.setsRange)
            try target(String(parts[1]).trimmingCharacters(in: .whitespaces), into: &plan, mode: mode)
        }
        if let load { try weight(String(load).trimmingCharacters(in: .whitespaces), into: &plan) }
    }

    /// What follows `x`: repetitions, a time or a distance.
    private static func target(
        _ text: String, into plan: inout PlannedExercise, mode: CountMode?
    ) throws(SetParser.SetProblem) {
        if let reps = Int(text) {
            plan.reps = .uniform(try whole(String(reps), what: "the reps", limits: PlannedExercise.repsRange))
            return
        }
        if text.hasSuffix("kg") || text.hasSuffix("lb") || text.hasSuffix("lbs") {
            throw SetParser.SetProblem(
                reason: """
                    this is the form of a performed set (REPSxWEIGHT, as in --set); \(form)
                    """)
        }
        let isMetres = text.hasSuffix("km") || (text.hasSuffix("m") && !text.hasSuffix("min") && mode != .time)
        if isMetres {
            let factor = text.hasSuffix("km") ? 1000.0 : 1
            let number = text.dropLast(text.hasSuffix("km") ? 2 : 1)
            guard let value = Double(number), value.isFinite, PlannedExercise.distanceRange.contains(value * factor)
            else {
                throw SetParser.SetProblem(reason: "the distance must look like 2000m or 2km (at most 1,000 km)")
            }
            plan.distance = value * factor
            return
        }
        plan.duration = try time(text, what: "the time of a set", limits: PlannedExercise.durationRange)
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
        guard let value = Double(number.replacingOccurrences(of: ",", with: ".")), value.isFinite, range.contains(value)
        else {
            throw SetParser.SetProblem(
                reason:
                    "the load after '@' must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)) with kg or lb, e.g. @80kg"
            )
        }
        plan.weight = value
        plan.unit = unit
    }

    private static func whole(
        _ text: String, what: String, limits: ClosedRange<Double>
    ) throws(SetParser.SetProblem) -> Int {
        guard let value = Int(text), limits.contains(Double(value)) else {
            throw SetParser.SetProblem(
                reason:
                    "\(what) must be a whole number from \(Int(limits.lowerBound)) to \(Int(limits.upperBound)); \(form)"
            )
        }
        return value
    }

    /// `90s`, `90`, `2min`, `2m`, `1m30s`, `1:30`.
    private static func time(
        _ text: String, what: String, limits: ClosedRange<Double>
    ) throws(SetParser.SetProblem) -> Double {
        let minutes = text.hasSuffix("min") ? String(text.dropLast(3)) + "m" : text
        let seconds: Double
        do {
            seconds = try SetParser.parseDuration(minutes)
        } catch {
            throw SetParser.SetProblem(reason: "\(what) must look like 90s, 2min, 1m30s or 1:30")
        }
        guard limits.contains(seconds) else {
            throw SetParser.SetProblem(
                reason: "\(what) must be from \(Int(limits.lowerBound)) to \(Int(limits.upperBound)) seconds")
        }
        return seconds
    }
}
