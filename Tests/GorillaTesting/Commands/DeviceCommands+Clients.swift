import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// The clients' commands as the tests call them, through the service the CLI uses.
extension DeviceCommands {
    package func addClient(name: String?, surname: String?) async throws -> CommandOutput {
        try await run { try await ClientService($0).add(name: name, surname: surname) }
    }

    /// `clients list [--all]`.
    package func listClients(all: Bool = false) async throws -> CommandOutput {
        try await run { try await ClientService($0).list(all: all) }
    }

    /// `clients show C [--code]`.
    package func showClient(_ name: String, code: Bool = false) async throws -> CommandOutput {
        try await run { try await ClientService($0).show(name, code: code) }
    }

    package func newClientCode(_ name: String) async throws -> CommandOutput {
        try await run { try await ClientService($0).newCode(name) }
    }

    package func clientResetPassword(_ name: String) async throws -> CommandOutput {
        try await run { try await ClientService($0).resetPassword(name) }
    }

    package func removeClient(_ name: String) async throws -> CommandOutput {
        try await run { try await ClientService($0).remove(name, confirmation: .yes) }
    }
}
