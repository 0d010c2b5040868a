import Foundation
import GorillaShared

/// `gorilla trainings add|edit|duplicate`: the change, worded with what a training adds to it.
public struct TrainingChange: Presentable {
    /// What was done to the training.
    public enum Action: Sendable {
        case added(exercises: Int)
        case updated
        case duplicated(from: String)
    }

    public let action: Action
    /// The row as it stands (its JSON is the result's).
    public let change: EntityChange

    public init(_ action: Action, _ change: EntityChange) {
        self.action = action
        self.change = change
    }

    public func encode(to encoder: any Encoder) throws {
        try change.encode(to: encoder)
    }
}

/// `gorilla trainings list`.
public struct TrainingList: Presentable {
    /// A training with how many exercises it lists and when it was last used.
    public struct Row: Sendable {
        public let training: Stored<Training>
        public let exerciseCount: Int
        /// The start of its newest session, if any.
        public let lastUsed: Date?
    }

    public let trainings: [Row]

    /// The member `--json` adds to a training's: when it was last used (null when never).
    private struct Added: Encodable, Sendable {
        let lastUsed: Date?

        private enum Key: String, CodingKey { case lastUsed }

        func encode(to encoder: any Encoder) throws {
            // Written as null when never used, as lists have always shown it.
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(lastUsed, forKey: .lastUsed)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try trainings.map { DocumentRecord($0.training, adding: Added(lastUsed: $0.lastUsed)) }.encode(to: encoder)
    }
}

/// `gorilla trainings show`.
public struct TrainingDetail: Presentable {
    /// One exercise of the training with its plan, and the exercise's name (as `--json` shows it beside the plan).
    public struct Entry: Sendable, Encodable {
        /// The entry as the training holds it: the exercise and its plan.
        public let planned: PlannedExercise
        /// The exercise's name (nil when this device does not know it).
        public let name: String?

        /// The plan as a coach writes it (`4x12@80kg rest 90s`); empty when unplanned.
        public var plan: String { planned.notation }

        private enum Key: String, CodingKey { case name }

        public func encode(to encoder: any Encoder) throws {
            // The entry's members with the name beside them (null when unknown).
            try planned.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .name)
        }
    }

    public let training: Stored<Training>
    public let entries: [Entry]

    /// The members `--json` puts over the training's: its entries, each with the exercise's name.
    private struct Added: Encodable, Sendable {
        let exercises: [Entry]
    }

    public func encode(to encoder: any Encoder) throws {
        try DocumentRecord(training, adding: Added(exercises: entries)).encode(to: encoder)
    }
}
