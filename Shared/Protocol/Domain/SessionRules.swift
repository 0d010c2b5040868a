import Foundation

// A recorded session's own rules: what the history keeps of a session, its exercises and their sets.

extension TrainingSession {
    /// The session as stored: its end not before its start, its pauses and every set's figures within their limits,
    /// at most ``maxExercises`` exercises, each named (``PerformedExercise/normalised()``), its notes trimmed.
    package func normalised() throws(DocumentProblem) -> TrainingSession {
        var session = self
        if let end, end < start { throw .invalid("end (before start)") }
        try MemberRules.number(paused, "paused", in: Self.secondsRange)
        session.notes = try MemberRules.text(notes, "notes")
        guard exercises.count <= Self.maxExercises else {
            throw .invalid("exercises must be a list of at most \(Self.maxExercises)")
        }
        for index in exercises.indices {
            do {
                session.exercises[index] = try exercises[index].normalised()
            } catch {
                throw error.inside("exercises[\(index)]")
            }
        }
        return session
    }
}

extension PerformedExercise {
    /// The exercise as stored: its name clean, at most ``maxSets`` sets, each within its limits.
    package func normalised() throws(DocumentProblem) -> PerformedExercise {
        var exercise = self
        exercise.name = try MemberRules.name(name, "name")
        guard sets.count <= Self.maxSets else { throw .invalid("sets must be a list of at most \(Self.maxSets)") }
        for index in sets.indices {
            do {
                try sets[index].check()
            } catch {
                throw error.inside("sets[\(index)]")
            }
        }
        return exercise
    }
}

extension PerformedSet {
    /// Refuses a set whose figures lie beyond what the history keeps: repetitions, load, times (its duration, the rest
    /// before it, each rep's time, at most one per repetition), distance and effort.
    package func check() throws(DocumentProblem) {
        try MemberRules.number(reps, "reps", in: Self.repsRange)
        try MemberRules.number(weight, "weight", in: Self.weightRange)
        let seconds = TrainingSession.secondsRange
        try MemberRules.number(duration, "duration", in: seconds)
        try MemberRules.number(rest, "rest", in: seconds)
        try MemberRules.number(distance, "distance", in: Self.distanceRange)
        try Effort.check(rpe, "rpe", in: Effort.performedRange)
        if let repTimes {
            guard repTimes.count <= Self.maxRepTimes, repTimes.allSatisfy({ $0.isFinite && seconds.contains($0) })
            else {
                throw .invalid(
                    """
                    repTimes must be a list of at most \(Self.maxRepTimes) times \
                    from \(Int(seconds.lowerBound)) to \(Int(seconds.upperBound)) seconds
                    """)
            }
        }
    }
}
