import Foundation
import GorillaClientCore
import GorillaShared

/// What `programs add|edit|assign` read from their options, each refused with the accepted forms: the days
/// (`--day "mon: Legs"`, `--day "1: A"`), the progressions (`--progress`, through ``ProgressionNotation``), the deload
/// and the tested maxima (`--baseline "Deadlift=140kg"`).
struct ProgramInput {
    let cache: LocalCache

    /// `--day "mon: Legs"` (weekdays in any language) or, in a cycle of `cycle` days, `--day "1: A"`.
    func days(_ texts: [String], cycle: Int?) throws -> [ProgramDay] {
        let resolver = NameResolver(cache: cache)
        var days: [ProgramDay] = []
        for text in texts {
            guard let colon = text.firstIndex(of: ":") else { throw dayProblem(text, cycle: cycle) }
            let when = text[..<colon].trimmingCharacters(in: .whitespaces)
            let name = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, let day = Self.day(when, cycle: cycle) else { throw dayProblem(text, cycle: cycle) }
            if days.contains(where: { $0.day == day }) {
                throw ClientError(.usage, ProgramPhrases.dayTwice.t(["day": when]))
            }
            days.append(ProgramDay(day: day, training: try resolver.pick(Training.self, name).id))
        }
        return days.sorted { $0.day < $1.day }
    }

    /// The day `text` names: a weekday (1 = Monday) or, in a cycle, its number.
    static func day(_ text: String, cycle: Int?) -> Int? {
        if let cycle {
            guard let number = Int(text), (1...cycle).contains(number) else { return nil }
            return number
        }
        return Weekday.allCases.first { $0.keyword.matches(text) }.map { $0.index + 1 }
    }

    private func dayProblem(_ text: String, cycle: Int?) -> ClientError {
        guard let cycle else {
            return ClientError(
                .usage, ProgramPhrases.dayForm.t(["text": text, "weekdays": Weekday.spelled()]))
        }
        return ClientError(.usage, ProgramPhrases.cycleDayForm.t(["text": text, "cycle": cycle]))
    }

    /// `--progress "Squat: +2.5kg/week"`, each exercise once.
    func rules(_ texts: [String]) throws -> [ProgramRule] {
        let resolver = NameResolver(cache: cache)
        var rules: [ProgramRule] = []
        for text in texts {
            let parsed: (name: String, progression: Progression)
            do {
                parsed = try ProgressionNotation.parse(text)
            } catch {
                throw ClientError(.usage, "--progress: \(error.reason)")
            }
            let exercise = try resolver.pick(Exercise.self, parsed.name).id
            rules.removeAll { $0.exercise == exercise }
            rules.append(ProgramRule(exercise: exercise, progression: parsed.progression))
        }
        return rules
    }

    /// `--deload 4[:60%]`.
    static func deload(_ text: String) throws -> Deload {
        do {
            return try ProgressionNotation.deload(text)
        } catch {
            throw ClientError(.usage, "--deload: \(error.reason)")
        }
    }

    /// `--baseline "Deadlift=140kg"` (or `=315lb`; kg unless it says).
    func baselines(_ texts: [String]) throws -> [Assignment.Baseline] {
        let resolver = NameResolver(cache: cache)
        var baselines: [Assignment.Baseline] = []
        for text in texts {
            let problem = ClientError(.usage, ProgramPhrases.baselineForm.t(["text": text]))
            guard let equals = text.lastIndex(of: "=") else { throw problem }
            let name = text[..<equals].trimmingCharacters(in: .whitespaces)
            var load = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces).lowercased()
            var unit = WeightUnit.kg
            for candidate in [WeightUnit.lb, .kg] where load.hasSuffix(candidate.rawValue) {
                unit = candidate
                load = String(load.dropLast(candidate.rawValue.count)).trimmingCharacters(in: .whitespaces)
            }
            guard !name.isEmpty, let weight = Language.parseNumber(load), weight > 0,
                PerformedSet.weightRange.contains(weight)
            else { throw problem }
            let exercise = try resolver.pick(Exercise.self, name).id
            baselines.removeAll { $0.exercise == exercise }
            baselines.append(Assignment.Baseline(exercise: exercise, weight: weight, unit: unit))
        }
        return baselines
    }
}
