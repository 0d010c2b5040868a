import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// `gorilla sync [--status]` as the tests call them, through the service the CLI uses.
extension DeviceCommands {
    package func sync() async throws -> CommandOutput {
        try await run { try await SyncService($0).sync() }
    }

    /// `gorilla sync --status`: without the network, so without waiting.
    package func syncStatus() throws -> CommandOutput {
        let context = DeviceContext(home: home, deadlines: deadlines)
        defer { keepWarnings(context.takeWarnings()) }
        let status = try SyncService(context).status()
        return try CommandOutput(status, for: context.viewer(), notes: context.takeNotes())
    }
}
