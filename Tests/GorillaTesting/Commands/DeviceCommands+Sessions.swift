import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// The training history's commands and `gorilla train` as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    package func logSession(_ request: SessionLogRequest) async throws -> CommandOutput {
        try await run { try await SessionService($0).log(request) }
    }

    package func listSessions(client: String?, from: String?, to: String?) async throws -> CommandOutput {
        try await run { try await SessionService($0).list(client: client, from: from, to: to) }
    }

    package func showSession(_ id: String) async throws -> CommandOutput {
        try await run { try await SessionService($0).show(id) }
    }

    package func removeSession(_ id: String) async throws -> CommandOutput {
        try await run { try await SessionService($0).remove(id) }
    }

    package func exportSession(_ id: String, format: String) async throws -> CommandOutput {
        try await run { try await SessionService($0).export(id, format: format) }
    }

    /// Opens a recording as `gorilla train` does before its view shows (the first state kept for `--resume`).
    package func startTraining(_ request: TrainRequest, at now: Date = Date()) async throws -> SessionRecorder {
        let context = DeviceContext(home: home, deadlines: deadlines)
        defer { keepWarnings(context.takeWarnings()) }
        return try await TrainService(context).start(request, at: now)
    }

    /// The unfinished recording of this device (`gorilla train --resume` before the view opens).
    package func resumeTraining() throws -> SessionRecorder {
        let context = DeviceContext(home: home, deadlines: deadlines)
        defer { keepWarnings(context.takeWarnings()) }
        return try TrainService(context).resume()
    }

    /// Ends a recording as `gorilla train` does when its view closes.
    package func finishTraining(_ recorder: SessionRecorder) async throws -> CommandOutput {
        try await run { try await TrainService($0).finish(recorder) }
    }

    /// Keeps one step of a recording, as the view does after every key.
    package func persistTraining(_ recorder: SessionRecorder) throws {
        try TrainService(DeviceContext(home: home, deadlines: deadlines)).persist(recorder)
    }

    /// What `gorilla train --resume` does before its view runs: the recording it opens (this device's, or a draft of
    /// another device taken over), or what it prints instead when the session went on elsewhere.
    package func resumeTrainingAnywhere() async throws -> TrainResume {
        let context = DeviceContext(home: home, deadlines: deadlines)
        defer { keepWarnings(context.takeWarnings()) }
        return try await context.command {
            let service = TrainService(context)
            let resumption = try await service.prepareResume()
            if let notice = resumption.notice {
                return .printed(try CommandOutput(notice, for: context.viewer(), notes: context.takeNotes()))
            }
            return .opened(try await service.takeOver(resumption))
        }
    }
}

/// How `gorilla train --resume` went on (``DeviceCommands/resumeTrainingAnywhere()``).
package enum TrainResume: Sendable {
    /// The view opens on this recording.
    case opened(SessionRecorder)
    /// Nothing opened; this was printed.
    case printed(CommandOutput)

    /// The recording opened, if any.
    package var recorder: SessionRecorder? {
        if case .opened(let recorder) = self { recorder } else { nil }
    }

    /// The output printed instead, if any.
    package var output: CommandOutput? {
        if case .printed(let output) = self { output } else { nil }
    }
}
