import Foundation

/// How an exercise is counted: what a set holds and what its statistics mean.
package enum CountMode: String, Codable, Sendable, CaseIterable {
    /// Repetitions with a load (the default).
    case reps
    /// A held or timed effort (plank): a set's duration.
    case time
    /// A distance (rower): a set's metres.
    case distance

    /// The mode of an exercise that does not say.
    package static let `default` = CountMode.reps
}

/// A coach's exercise: name, description, machine, muscle groups, count mode.
package struct Exercise: EntityDocument {
    package static let kind = EntityKind.exercise
    /// Most muscle groups an exercise lists.
    package static let maxMuscles = 30
    /// Longest muscle group name.
    package static let maxMuscleLength = 60

    package var name: String
    package var description: String?
    /// The machine it is done on.
    @WireID package var machine: UUID?
    package var muscles: [String]
    package var count: CountMode

    package init(
        name: String, description: String? = nil, machine: UUID? = nil, muscles: [String] = [],
        count: CountMode = .default
    ) {
        self.name = name
        self.description = description
        self.machine = machine
        self.muscles = muscles
        self.count = count
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, machine, muscles, count
    }

    package static let forms = DocumentForms([CodingKeys.machine: .id])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        machine = try container.decodeIfPresent(UUID.self, forKey: .machine)
        muscles = try container.decodeIfPresent([String].self, forKey: .muscles) ?? []
        count = try container.decodeIfPresent(CountMode.self, forKey: .count) ?? .default
    }
}
