import Foundation

// The own rules of a program and of an assignment: what each must hold and how it is stored. The server applies them to
// every pushed document; the CLI applies them to refuse early.

extension Program {
    /// The program as stored: its name clean, its notes trimmed, a number of weeks unless it is a cycle, each day
    /// within the week or the cycle, each exercise's progression once and within its limits.
    package func normalised() throws(DocumentProblem) -> Program {
        var program = self
        program.name = try MemberRules.name(name, "name")
        program.notes = try MemberRules.text(notes, "notes")
        try MemberRules.number(weeks, "weeks", in: Self.weeksRange)
        try MemberRules.number(cycle, "cycle", in: Self.cycleRange)
        if weeks == nil, cycle == nil { throw .missing("weeks (or cycle)") }
        guard days.count <= Self.maxDays else { throw .invalid("days must be a list of at most \(Self.maxDays)") }
        for (index, day) in days.enumerated() where !(1...period).contains(day.day) {
            throw .invalid("days[\(index)].day (1–\(period))")
        }
        guard progress.count <= Self.maxRules else {
            throw .invalid("progress must be a list of at most \(Self.maxRules)")
        }
        guard Set(progress.map(\.exercise)).count == progress.count else {
            throw .invalid("progress (one rule per exercise)")
        }
        for (index, rule) in progress.enumerated() where !rule.progression.isWithinLimits {
            throw .invalid("progress[\(index)].progression (out of its limits)")
        }
        if let deload {
            guard (2...Progression.maxWeeks).contains(deload.every), Deload.shareRange.contains(deload.share) else {
                throw .invalid(
                    "deload (every 2–\(Progression.maxWeeks) weeks, a share from \(Deload.shareRange.lowerBound) to "
                        + "\(Deload.shareRange.upperBound))")
            }
        }
        return program
    }
}

extension Progression {
    /// Whether every figure is within what the notation accepts (``ProgressionNotation``).
    package var isWithinLimits: Bool {
        switch self {
        case .step(let increment, let every):
            return (1...Self.maxWeeks).contains(every) && increment.isWithinLimits
        case .double(let sets, let low, let high, let increment):
            return PlannedExercise.setsRange.contains(Double(sets)) && low >= 1 && low <= high
                && PlannedExercise.repsRange.contains(Double(high)) && increment.isWithinLimits
        case .wave(let shares):
            return !shares.isEmpty && shares.count <= Self.maxWeeks && shares.allSatisfy(Self.shareRange.contains)
        }
    }
}

extension Progression.Increment {
    /// Whether the amount is within its range.
    var isWithinLimits: Bool {
        switch self {
        case .load(let amount, _): Progression.loadRange.contains(amount)
        case .percent(let amount): Progression.percentRange.contains(amount)
        case .reps(let amount), .sets(let amount): Progression.countRange.contains(amount)
        }
    }
}

extension Assignment {
    /// The assignment as stored: its time `HH:MM`, its maxima and postponements within their limits.
    package func normalised() throws(DocumentProblem) -> Assignment {
        if let at, Self.minutes(of: at) == nil { throw .invalid("at (HH:MM)") }
        for (index, baseline) in baselines.enumerated() {
            guard baseline.weight.isFinite, baseline.weight > 0,
                PerformedSet.weightRange.contains(baseline.weight)
            else { throw .invalid("baselines[\(index)].weight") }
        }
        guard Set(baselines.map(\.exercise)).count == baselines.count else {
            throw .invalid("baselines (one per exercise)")
        }
        guard shifts.count <= Self.maxShifts else {
            throw .invalid("shifts must be a list of at most \(Self.maxShifts)")
        }
        for (index, shift) in shifts.enumerated() {
            try MemberRules.number(shift.days, "shifts[\(index)].days", in: Self.shiftRange)
        }
        return self
    }

    /// Minutes after midnight of `HH:MM`, nil when it is not a time of day.
    package static func minutes(of text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }
}
