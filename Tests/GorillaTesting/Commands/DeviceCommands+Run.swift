import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

extension DeviceCommands {
    /// Runs one service call as the CLI runs a command: a new device context (as a new process has), one connection
    /// for the whole command, a refresh when the local copy alone refused, and the result presented as text and JSON
    /// (styled with `style`, plain as in a pipe by default).
    package func run<Result: Presentable>(
        style: TerminalStyle = .plain, _ body: (DeviceContext) async throws -> Result
    ) async throws -> CommandOutput {
        let context = DeviceContext(home: home, deadlines: deadlines)
        if let language { context.speak(language) }
        defer { keepWarnings(context.takeWarnings()) }
        let result = try await context.speaking {
            try await context.command {
                try await context.refreshingLocalRefusals { try await body(context) }
            }
        }
        return try await context.speaking {
            try CommandOutput(result, for: context.viewer(style: style), notes: context.takeNotes())
        }
    }
}
