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
        public let training: EntityRecord
        public let exerciseCount: Int
        /// The start of its newest session (ISO time), if any.
        public let lastUsed: String?
    }

    public let trainings: [Row]

    public func encode(to encoder: any Encoder) throws {
        try trainings.map { row in
            var record = row.training
            record.fields["lastUsed"] = row.lastUsed.map(JSONValue.string) ?? .null
            return record
        }.encode(to: encoder)
    }
}

/// `gorilla trainings show`.
public struct TrainingDetail: Presentable {
    /// One exercise of the training with its plan.
    public struct Entry: Sendable {
        /// The entry as the training's document holds it: the exercise's id and its plan.
        public let fields: [String: JSONValue]
        /// The exercise's name (nil when this device does not know it).
        public let name: String?

        /// The plan as a coach writes it (`4x12@80kg rest 90s`); empty when unplanned.
        public var plan: String {
            (try? JSONValue.object(fields).decode(PlannedExercise.self))?.notation ?? ""
        }
    }

    public let training: EntityRecord
    public let entries: [Entry]

    public func encode(to encoder: any Encoder) throws {
        var record = training
        record.fields["exercises"] = .array(
            entries.map { entry in
                var item = entry.fields
                item["name"] = entry.name.map(JSONValue.string) ?? .null
                return .object(item)
            })
        try record.encode(to: encoder)
    }
}
