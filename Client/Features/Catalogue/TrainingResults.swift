import Foundation
import GorillaClientCore
import GorillaShared

/// `gorilla trainings add|edit|duplicate`: the change, worded with what a training adds to it.
package struct TrainingChange {
    /// What was done to the training.
    package enum Action: Sendable {
        case added(exercises: Int)
        case updated
        case duplicated(from: String)
    }

    package let action: Action
    /// The row as it stands (its JSON is the result's).
    package let change: EntityChange

    package init(_ action: Action, _ change: EntityChange) {
        self.action = action
        self.change = change
    }

    package var jsonForm: some Encodable { change.jsonForm }
}

/// `gorilla trainings list`.
package struct TrainingList {
    /// A training with how many exercises it lists and when it was last used.
    package struct Row: Sendable {
        package let training: Stored<Training>
        package let exerciseCount: Int
        /// The start of its newest session, if any.
        package let lastUsed: Date?
        /// A training of the gym's library.
        package var gym = false
    }

    package let trainings: [Row]

    /// The members `--json` adds to a training's: when it was last used (null when never), and `gym` (true) on a
    /// training of the gym's library.
    private struct Added: Encodable, Sendable {
        let lastUsed: Date?
        let gym: Bool?
    }

    package var jsonForm: some Encodable {
        trainings.map {
            DocumentRecord($0.training, adding: Added(lastUsed: $0.lastUsed, gym: $0.gym ? true : nil))
        }
    }
}

/// `gorilla trainings show`.
package struct TrainingDetail {
    /// One exercise of the training with its plan, and the exercise's name (as `--json` shows it beside the plan).
    package struct Entry: Sendable {
        /// The entry as the training holds it: the exercise and its plan.
        package let planned: PlannedExercise
        /// The exercise's name (nil when this device does not know it).
        package let name: String?

        /// The plan as a coach writes it (`4x12@80kg rest 90s`); empty when unplanned.
        package var plan: String { planned.notation }

        /// The exercise's name beside the entry's members.
        package struct Named: Encodable, Sendable {
            let name: String?
        }

        /// The entry's members with the exercise's name (left out when unknown).
        package var jsonForm: Merged<PlannedExercise, Named> { Merged(planned, adding: Named(name: name)) }
    }

    package let training: Stored<Training>
    package let entries: [Entry]
    /// A training of the gym's library.
    package var gym = false

    /// The members `--json` puts over the training's: its entries, each with the exercise's name, and `gym` (true)
    /// for a training of the gym's library.
    private struct Added: Encodable, Sendable {
        let exercises: [Merged<PlannedExercise, Entry.Named>]
        let gym: Bool?
    }

    package var jsonForm: some Encodable {
        DocumentRecord(training, adding: Added(exercises: entries.map(\.jsonForm), gym: gym ? true : nil))
    }
}
