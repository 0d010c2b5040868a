import Foundation

// The catalogue's own rules: what a machine, an exercise and a training must hold, and how each is stored. The server
// applies them to every pushed document (after reading it as its type); the CLI may apply them to refuse early.

extension Machine {
    /// The machine as stored: its name clean, its image's hash lower case.
    package func normalised() throws(DocumentProblem) -> Machine {
        var machine = self
        machine.name = try MemberRules.name(name, "name")
        machine.image = image?.lowercased()
        return machine
    }
}

extension Exercise {
    /// The exercise as stored: its name clean, its description trimmed (none when empty), its muscle groups clean
    /// and each once.
    package func normalised() throws(DocumentProblem) -> Exercise {
        var exercise = self
        exercise.name = try MemberRules.name(name, "name")
        exercise.description = try MemberRules.text(description, "description")
        exercise.muscles = try MemberRules.names(
            muscles, "muscles", maxCount: Self.maxMuscles, maxLength: Self.maxMuscleLength)
        return exercise
    }
}

extension Training {
    /// The training as stored: its name clean, its notes trimmed, at most ``maxExercises`` entries, each with a plan
    /// within its limits (``PlannedExercise/normalised()``).
    package func normalised() throws(DocumentProblem) -> Training {
        var training = self
        training.name = try MemberRules.name(name, "name")
        training.notes = try MemberRules.text(notes, "notes")
        guard exercises.count <= Self.maxExercises else {
            throw .invalid("exercises must be a list of at most \(Self.maxExercises)")
        }
        for index in training.exercises.indices {
            do {
                training.exercises[index] = try exercises[index].normalised()
            } catch {
                throw error.inside("exercises[\(index)]")
            }
        }
        return training
    }
}

extension PlannedExercise {
    /// The entry as stored: each figure within its limits, repetitions one target or one per set (the sets then
    /// counted from them), a load's unit kg unless it says, its group's label trimmed, its effort an RPE from 6 to 10.
    package func normalised() throws(DocumentProblem) -> PlannedExercise {
        var entry = self
        try MemberRules.number(sets, "sets", in: Self.setsRange)
        switch reps {
        case .perSet(let list):
            guard !list.isEmpty, list.count <= Int(Self.setsRange.upperBound), sets == nil || sets == list.count,
                list.allSatisfy({ Self.repsRange.contains(Double($0)) })
            else {
                throw .invalid("reps must be a number or a list of one whole number per set")
            }
            entry.sets = list.count
        case .uniform(let reps):
            try MemberRules.number(reps, "reps", in: Self.repsRange)
        case nil:
            break
        }
        try MemberRules.number(weight, "weight", in: PerformedSet.weightRange)
        if weight != nil, unit == nil { entry.unit = .kg }
        try MemberRules.number(rest, "rest", in: Self.restRange)
        try MemberRules.number(duration, "duration", in: Self.durationRange)
        try MemberRules.number(distance, "distance", in: Self.distanceRange)
        entry.group = try MemberRules.text(group, "group", max: Self.maxGroupLength, multiline: false)
        try Effort.check(rpe, "rpe", in: Effort.plannedRange)
        return entry
    }
}
