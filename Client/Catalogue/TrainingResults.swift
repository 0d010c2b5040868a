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

    public var jsonForm: some Encodable { change.jsonForm }
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
    }

    public var jsonForm: some Encodable {
        trainings.map { DocumentRecord($0.training, adding: Added(lastUsed: $0.lastUsed)) }
    }
}

/// `gorilla trainings show`.
public struct TrainingDetail: Presentable {
    /// One exercise of the training with its plan, and the exercise's name (as `--json` shows it beside the plan).
    public struct Entry: Sendable {
        /// The entry as the training holds it: the exercise and its plan.
        public let planned: PlannedExercise
        /// The exercise's name (nil when this device does not know it).
        public let name: String?

        /// The plan as a coach writes it (`4x12@80kg rest 90s`); empty when unplanned.
        public var plan: String { planned.notation }

        /// The exercise's name beside the entry's members.
        public struct Named: Encodable, Sendable {
            let name: String?
        }

        /// The entry's members with the exercise's name (left out when unknown).
        public var jsonForm: Merged<PlannedExercise, Named> { Merged(planned, adding: Named(name: name)) }
    }

    public let training: Stored<Training>
    public let entries: [Entry]

    /// The members `--json` puts over the training's: its entries, each with the exercise's name.
    private struct Added: Encodable, Sendable {
        let exercises: [Merged<PlannedExercise, Entry.Named>]
    }

    public var jsonForm: some Encodable { DocumentRecord(training, adding: Added(exercises: entries.map(\.jsonForm))) }
}
