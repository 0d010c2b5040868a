import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// One occurrence of a series changed and answered, as the calendar export's tests prepare it, through the services
/// the CLI uses (`gorilla events edit|cancel --occurrence DATE`, `gorilla events confirm --occurrence DATE`).
extension DeviceCommands {
    /// `gorilla events edit ID --occurrence DAY` with `given`.
    package func editOccurrence(_ id: String, on day: String, _ given: EventFields) async throws -> CommandOutput {
        try await run { try await EventService($0).edit(id, given, OccurrenceChoice(occurrence: day)) }
    }

    /// `gorilla events cancel ID --occurrence DAY`.
    package func cancelOccurrence(_ id: String, on day: String) async throws -> CommandOutput {
        try await run { try await EventService($0).cancel(id, OccurrenceChoice(occurrence: day)) }
    }

    /// `gorilla events confirm ID --occurrence DAY` (a client's device).
    package func confirmOccurrence(_ id: String, on day: String) async throws -> CommandOutput {
        try await run { try await EventService($0).confirm(id, occurrence: day) }
    }
}
