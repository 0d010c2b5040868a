import Foundation
import GorillaClient
import GorillaShared

/// The training history's commands and `gorilla train` as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    public func logSession(_ request: SessionLogRequest) async throws -> CommandOutput {
        try await run { try await SessionService($0).log(request) }
    }

    public func listSessions(client: String?, from: String?, to: String?) async throws -> CommandOutput {
        try await run { try await SessionService($0).list(client: client, from: from, to: to) }
    }

    public func showSession(_ id: String) async throws -> CommandOutput {
        try await run { try await SessionService($0).show(id) }
    }

    public func removeSession(_ id: String) async throws -> CommandOutput {
        try await run { try await SessionService($0).remove(id) }
    }

    public func exportSession(_ id: String, format: String) async throws -> CommandOutput {
        try await run { try await SessionService($0).export(id, format: format) }
    }

    /// Opens a recording as `gorilla train` does before its view shows (the first state kept for `--resume`).
    public func startTraining(_ request: TrainRequest, at now: Date = Date()) async throws -> SessionRecorder {
        let context = DeviceContext(home: home, deadlines: deadlines)
        defer { keepWarnings(context.takeWarnings()) }
        return try await TrainService(context).start(request, at: now)
    }

    /// The unfinished recording of this device (`gorilla train --resume` before the view opens).
    public func resumeTraining() throws -> SessionRecorder {
        let context = DeviceContext(home: home, deadlines: deadlines)
        defer { keepWarnings(context.takeWarnings()) }
        return try TrainService(context).resume()
    }

    /// Ends a recording as `gorilla train` does when its view closes.
    public func finishTraining(_ recorder: SessionRecorder) async throws -> CommandOutput {
        try await run { try await TrainService($0).finish(recorder) }
    }
}
