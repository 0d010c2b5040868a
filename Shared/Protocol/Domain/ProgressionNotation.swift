import Foundation

/// Reads a progression as a coach writes it (`--progress "EXERCISE: RULE"`) and a deload (`--deload 4:60%`), in
/// Catalan, Spanish or English, with a decimal comma or point:
///
/// * a step: `+2.5kg/week`, `+5lb/week`, `+5%/week`, `+1 rep/week`, `+1 set/2 weeks` (`/setmana`, `/2 semanas`; no
///   period is every week);
/// * double progression: `3x8-12, +2.5kg when all sets reach 12` (`quan totes les sèries arribin a 12`, `cuando todas
///   las series lleguen a 12`; the clause may be left out, and its number is the range's top);
/// * a wave of a baseline maximum: `70%,75%,80%,85% of e1RM` (`de l'e1RM`, `del e1RM`; the words may be left out).
///
/// A rule that reads as none of them is refused with every accepted form.
package enum ProgressionNotation {
    /// Why a progression or a deload does not read, in the current language.
    package struct Problem: Error, Equatable {
        package var reason: String
    }

    /// One `--progress` argument: the exercise's name and its progression.
    package static func parse(_ text: String) throws(Problem) -> (name: String, progression: Progression) {
        guard let colon = text.firstIndex(of: ":") else { throw Problem(reason: ProgramPhrases.progressionNoColon.t()) }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let rule = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw Problem(reason: ProgramPhrases.progressionNoColon.t()) }
        guard !rule.isEmpty else { throw Problem(reason: ProgramPhrases.progressionMissing.t(["name": name])) }
        do {
            return (name, try progression(rule))
        } catch {
            throw Problem(reason: ProgramPhrases.progressionOfExercise.t(["name": name, "reason": error.reason]))
        }
    }

    /// A rule without its exercise: `+2.5kg/week`, `3x8-12, +2.5kg when all sets reach 12`, `70%,75% of e1RM`.
    package static func progression(_ text: String) throws(Problem) -> Progression {
        let rule = text.trimmingCharacters(in: .whitespaces).lowercased()
        if rule.hasPrefix("+") { return try step(rule) }
        if let first = rule.first, first.isNumber {
            // Double progression's range comes before its first comma: `3x8-12, …`.
            if rule.prefix(while: { $0 != "," }).contains("x") { return try double(rule) }
            if rule.contains("%") { return try wave(rule) }
        }
        throw Problem(reason: ProgramPhrases.progressionForm.t())
    }

    /// `--deload N[:SHARE%]`: every N-th week at that share (60 % unless given).
    package static func deload(_ text: String) throws(Problem) -> Deload {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        let problem = Problem(reason: ProgramPhrases.deloadForm.t())
        guard (1...2).contains(parts.count), let every = Int(parts[0].trimmingCharacters(in: .whitespaces)),
            (2...Progression.maxWeeks).contains(every)
        else { throw problem }
        guard parts.count == 2 else { return Deload(every: every) }
        guard let share = self.share(parts[1]), Deload.shareRange.contains(share) else { throw problem }
        return Deload(every: every, share: share)
    }

    /// `+2.5kg/week`, `+1 set/2 weeks`.
    private static func step(_ rule: String) throws(Problem) -> Progression {
        let parts = rule.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let increment = try self.increment(parts[0])
        guard parts.count == 2 else { return .step(by: increment, everyWeeks: 1) }
        return .step(by: increment, everyWeeks: try period(parts[1]))
    }

    /// `3x8-12, +2.5kg when all sets reach 12`.
    private static func double(_ rule: String) throws(Problem) -> Progression {
        guard let comma = rule.firstIndex(of: ",") else { throw Problem(reason: ProgramPhrases.progressionForm.t()) }
        let range = rule[..<comma].replacingOccurrences(of: " ", with: "")
        let setsAndReps = range.split(separator: "x", maxSplits: 1)
        let reps = setsAndReps.count == 2 ? setsAndReps[1].split(separator: "-", maxSplits: 1) : []
        guard reps.count == 2, let sets = Int(setsAndReps[0]), let low = Int(reps[0]), let high = Int(reps[1]),
            PlannedExercise.setsRange.contains(Double(sets)), low >= 1, low <= high,
            PlannedExercise.repsRange.contains(Double(high))
        else { throw Problem(reason: ProgramPhrases.progressionRange.t()) }
        var tail = Substring(rule[rule.index(after: comma)...].trimmingCharacters(in: .whitespaces))
        if let when = Keyword.when.lastRange(in: tail) {
            let clause = tail[when.upperBound...]
            let numbers = clause.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if let given = numbers.last, given != high {
                throw Problem(reason: ProgramPhrases.progressionTop.t(["top": high, "given": given]))
            }
            tail = tail[..<when.lowerBound]
        }
        let increment = try self.increment(tail.trimmingCharacters(in: .whitespaces))
        return .double(sets: sets, low: low, high: high, by: increment)
    }

    /// `70%,75%,80%,85% of e1RM`.
    private static func wave(_ rule: String) throws(Problem) -> Progression {
        let problem = Problem(reason: ProgramPhrases.progressionWave.t())
        guard let last = rule.lastIndex(of: "%") else { throw problem }
        let words = NameMatch.fold(String(rule[rule.index(after: last)...]))
            .split(whereSeparator: { $0.isWhitespace || $0 == "'" })
        // What the shares are of: nothing, or "of e1RM", "de l'e1RM", "del 1RM".
        let named = words.isEmpty || (words.last.map { ["e1rm", "1rm", "rm"].contains($0) } ?? false)
        guard named, words.dropLast().allSatisfy({ Keyword.of.matches($0) || ["del", "l"].contains($0) }) else {
            throw problem
        }
        let pieces = rule[...last].split(separator: "%").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: ", "))
        }
        var shares: [Double] = []
        for piece in pieces {
            guard let percent = Language.parseNumber(piece), Progression.shareRange.contains(percent / 100) else {
                throw problem
            }
            shares.append(percent / 100)
        }
        guard !shares.isEmpty, shares.count <= Progression.maxWeeks else { throw problem }
        return .wave(shares: shares)
    }

    /// `+2.5kg`, `+5lb`, `+5%`, `+1 rep`, `+1 set`.
    private static func increment(_ text: some StringProtocol) throws(Problem) -> Progression.Increment {
        let problem = Problem(reason: ProgramPhrases.progressionIncrement.t())
        let body = text.trimmingCharacters(in: .whitespaces)
        guard body.hasPrefix("+") else { throw problem }
        let rest = body.dropFirst().trimmingCharacters(in: .whitespaces)
        let number = rest.prefix(while: { $0.isNumber || $0 == "." || $0 == "," })
        let unit = rest.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard let amount = Language.parseNumber(String(number)), amount.isFinite else { throw problem }
        switch unit {
        case "kg", "lb", "lbs":
            guard Progression.loadRange.contains(amount) else { throw problem }
            return .load(amount: amount, unit: unit == "kg" ? .kg : .lb)
        case "%":
            guard Progression.percentRange.contains(amount) else { throw problem }
            return .percent(amount: amount)
        default:
            guard amount == amount.rounded(), Progression.countRange.contains(Int(amount)) else { throw problem }
            if Keyword.reps.matches(unit) { return .reps(amount: Int(amount)) }
            if Keyword.sets.matches(unit) { return .sets(amount: Int(amount)) }
            throw problem
        }
    }

    /// `week`, `2 weeks`, `setmana`, `2 semanas`: weeks between increments.
    private static func period(_ text: some StringProtocol) throws(Problem) -> Int {
        let body = text.trimmingCharacters(in: .whitespaces)
        let digits = body.prefix(while: \.isNumber)
        let word = body.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let weeks = digits.isEmpty ? 1 : Int(digits)
        guard let weeks, (1...Progression.maxWeeks).contains(weeks), Keyword.week.matches(word) else {
            throw Problem(reason: ProgramPhrases.progressionPeriod.t())
        }
        return weeks
    }

    /// `60%` or `0.6` as a share.
    private static func share(_ text: some StringProtocol) -> Double? {
        let body = text.trimmingCharacters(in: .whitespaces)
        if body.hasSuffix("%") { return Language.parseNumber(String(body.dropLast())).map { $0 / 100 } }
        return Language.parseNumber(body)
    }
}
