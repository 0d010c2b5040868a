import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared

/// The gym's library as the tests call it (`machines add --gym`, `exercises|trainings publish|copy`), through the
/// service the CLI uses.
extension DeviceCommands {
    package func addGymMachine(_ name: String) async throws -> CommandOutput {
        try await run { try await LibraryService($0).addMachine(name) }
    }

    package func publish(_ kind: EntityKind, _ name: String) async throws -> CommandOutput {
        try await run { try await LibraryService($0).publish(kind, name) }
    }

    package func copyFromGym(_ kind: EntityKind, _ name: String) async throws -> CommandOutput {
        try await run { try await LibraryService($0).copy(kind, name) }
    }
}
