import Foundation

/// A coach's training (routine): a name and an ordered list of exercises, each with an optional plan.
public struct Training: EntityDocument {
    public static let kind = EntityKind.training
    /// Most exercises a training lists.
    public static let maxExercises = 100

    public var name: String
    public var notes: String?
    public var exercises: [PlannedExercise]

    public init(name: String, notes: String? = nil, exercises: [PlannedExercise] = []) {
        self.name = name
        self.notes = notes
        self.exercises = exercises
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, notes, exercises
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        exercises = try container.decodeIfPresent([PlannedExercise].self, forKey: .exercises) ?? []
    }

    /// The entries left once `exercise` is deleted (``DeleteRule/removeFromTrainings``), or nil if it was not listed.
    public static func entries(_ entries: [JSONValue], removing exercise: UUID) -> [JSONValue]? {
        let key = exercise.key
        let kept = entries.filter { $0.objectValue?["exercise"]?.stringValue != key }
        return kept.count == entries.count ? nil : kept
    }
}

/// One exercise of a training, with its plan.
public struct PlannedExercise: Codable, Sendable, Equatable {
    /// Planned sets.
    public static let setsRange: ClosedRange<Double> = 1...100
    /// Planned repetitions per set.
    public static let repsRange: ClosedRange<Double> = 1...1000
    /// Planned rest between sets, in seconds.
    public static let restRange: ClosedRange<Double> = 0...3600

    public var exercise: UUID
    public var sets: Int?
    public var reps: Int?
    /// Seconds of rest between sets.
    public var rest: Double?

    public init(exercise: UUID, sets: Int? = nil, reps: Int? = nil, rest: Double? = nil) {
        self.exercise = exercise
        self.sets = sets
        self.reps = reps
        self.rest = rest
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case exercise, sets, reps, rest
    }

    /// Every member an entry may hold.
    public static var fieldNames: Set<String> { Set(CodingKeys.allCases.map(\.rawValue)) }
}
