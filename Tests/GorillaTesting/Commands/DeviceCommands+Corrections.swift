import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// Corrections, revisions and comments of sessions as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    /// `gorilla sessions edit ID …`.
    package func editSession(_ request: SessionEditRequest) async throws -> CommandOutput {
        try await run { try await SessionService($0).edit(request) }
    }

    /// A correction as the train view stores it (`gorilla train --edit ID`).
    package func correctSession(
        _ id: String, exercises: [PerformedExercise], notes: String?
    ) async throws -> CommandOutput {
        try await run { try await SessionService($0).correct(id, exercises: exercises, notes: notes) }
    }

    /// `gorilla sessions show ID --history`.
    package func sessionHistory(_ id: String) async throws -> CommandOutput {
        try await run { try await SessionService($0).history(id) }
    }

    /// `gorilla sessions comment ID TEXT`.
    package func commentSession(_ id: String, text: String) async throws -> CommandOutput {
        try await run { try await SessionService($0).comment(on: id, text: text) }
    }
}
