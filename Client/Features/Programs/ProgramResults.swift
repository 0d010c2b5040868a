import Foundation
import GorillaClientCore
import GorillaShared

/// `gorilla programs add|edit|rename|duplicate|rm`: the change, worded for a program.
package struct ProgramChange: Sendable {
    /// What was done to the program.
    package enum Action: Sendable {
        case added, updated, deleted
        case renamed(from: String)
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

/// `gorilla programs list`.
package struct ProgramList: Sendable {
    /// A program with how many clients follow it.
    package struct Row: Sendable {
        package let program: Stored<Program>
        package let clients: Int
    }

    package let programs: [Row]

    /// The member `--json` adds to a program's: how many clients follow it.
    private struct Added: Encodable, Sendable {
        let clients: Int
    }

    package var jsonForm: some Encodable {
        programs.map { DocumentRecord($0.program, adding: Added(clients: $0.clients)) }
    }
}

/// `gorilla programs show`.
package struct ProgramDetail: Sendable {
    /// A client following the program.
    package struct Follower: Sendable {
        package let assignment: Stored<Assignment>
        package let client: String
    }

    package let program: Stored<Program>
    /// Its days, each with its training's name (nil when this device does not know it).
    package let days: [(day: ProgramDay, training: String?)]
    /// Its progressions, each with its exercise's name.
    package let rules: [(rule: ProgramRule, exercise: String?)]
    package let followers: [Follower]

    /// A follower as `--json` shows it: the assignment's members, the client's name.
    private struct Assigned: Encodable, Sendable {
        let clientName: String
    }

    /// The members `--json` puts over the program's: the names of its trainings, exercises and followers.
    private struct Added: Encodable, Sendable {
        let trainingNames: [String?]
        let exerciseNames: [String?]
        let assignments: [DocumentRecord<Assignment, Assigned>]
    }

    package var jsonForm: some Encodable {
        DocumentRecord(
            program,
            adding: Added(
                trainingNames: days.map(\.training), exerciseNames: rules.map(\.exercise),
                assignments: followers.map { DocumentRecord($0.assignment, adding: Assigned(clientName: $0.client)) }))
    }
}
