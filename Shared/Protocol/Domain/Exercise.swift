import Foundation

/// How an exercise is counted: what a set holds and what its statistics mean.
public enum CountMode: String, Codable, Sendable, CaseIterable {
    /// Repetitions with a load (the default).
    case reps
    /// A held or timed effort (plank): a set's duration.
    case time
    /// A distance (rower): a set's metres.
    case distance

    /// The mode of an exercise that does not say.
    public static let `default` = CountMode.reps
}

/// A coach's exercise: name, description, machine, muscle groups, count mode.
public struct Exercise: EntityDocument {
    public static let kind = EntityKind.exercise
    /// Most muscle groups an exercise lists.
    public static let maxMuscles = 30
    /// Longest muscle group name.
    public static let maxMuscleLength = 60

    public var name: String
    public var description: String?
    /// The machine it is done on.
    @WireID public var machine: UUID?
    public var muscles: [String]
    public var count: CountMode

    public init(
        name: String, description: String? = nil, machine: UUID? = nil, muscles: [String] = [],
        count: CountMode = .default
    ) {
        self.name = name
        self.description = description
        self.machine = machine
        self.muscles = muscles
        self.count = count
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, machine, muscles, count
    }

    public static let forms = DocumentForms([CodingKeys.machine: .id])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        machine = try container.decodeIfPresent(UUID.self, forKey: .machine)
        muscles = try container.decodeIfPresent([String].self, forKey: .muscles) ?? []
        count = try container.decodeIfPresent(CountMode.self, forKey: .count) ?? .default
    }
}
