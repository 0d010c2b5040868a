import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// The catalogue's commands as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    package func addMachine(name: String, imageFile: String?) async throws -> CommandOutput {
        try await run { try await MachineService($0).add(name: name, imageFile: imageFile) }
    }

    package func listMachines() async throws -> CommandOutput {
        try await run { try await MachineService($0).list() }
    }

    package func showMachine(_ name: String, saveImage: String?) async throws -> CommandOutput {
        try await run { try await MachineService($0).show(name, saveImage: saveImage) }
    }

    package func rename(kind: String, _ name: String, to newName: String) async throws -> CommandOutput {
        try await run { try await CatalogueService($0).rename(try Self.kind(kind), name, to: newName) }
    }

    package func remove(kind: String, _ name: String) async throws -> CommandOutput {
        try await run { try await CatalogueService($0).remove(try Self.kind(kind), name, confirmation: .yes) }
    }

    static func kind(_ name: String) throws -> EntityKind {
        guard let kind = EntityKind(rawValue: name) else { throw ClientError(.usage, "no kind \(name)") }
        return kind
    }
}
