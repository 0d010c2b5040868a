import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// The calendar's commands as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    package func addEvent(client: String, _ given: EventFields) async throws -> CommandOutput {
        try await run { try await EventService($0).add(client: client, given) }
    }

    package func editEvent(
        _ id: String, _ given: EventFields, _ choice: OccurrenceChoice = .init()
    ) async throws -> CommandOutput {
        try await run { try await EventService($0).edit(id, given, choice) }
    }

    package func cancelEvent(_ id: String, _ choice: OccurrenceChoice = .init()) async throws -> CommandOutput {
        try await run { try await EventService($0).cancel(id, choice) }
    }

    package func confirmEvent(_ id: String, occurrence: String? = nil, all: Bool = false) async throws -> CommandOutput
    {
        try await run { try await EventService($0).confirm(id, occurrence: occurrence, all: all) }
    }

    package func declineEvent(
        _ id: String, occurrence: String? = nil, all: Bool = false, reason: String? = nil
    ) async throws
        -> CommandOutput
    {
        try await run { try await EventService($0).decline(id, occurrence: occurrence, all: all, reason: reason) }
    }

    package func requestEvent(_ given: EventFields) async throws -> CommandOutput {
        try await run { try await EventService($0).request(given) }
    }

    package func acceptEvent(_ id: String) async throws -> CommandOutput {
        try await run { try await EventService($0).accept(id) }
    }

    package func setEventStatus(_ id: String, status: String) async throws -> CommandOutput {
        try await run { try await EventService($0).setStatus(id, to: status) }
    }

    package func removeEvent(_ id: String) async throws -> CommandOutput {
        try await run { try await EventService($0).remove(id, confirmation: .yes) }
    }

    package func listEvents(from: String?, to: String?, client: String?) async throws -> CommandOutput {
        try await run { try await EventService($0).list(from: from, to: to, client: client) }
    }

    package func showEvent(_ id: String, occurrence: String? = nil) async throws -> CommandOutput {
        try await run { try await EventService($0).show(id, occurrence: occurrence) }
    }

    package func exportEvents(icsFile: String, from: String?, to: String?) async throws -> CommandOutput {
        try await run { try await EventService($0).export(icsFile: icsFile, from: from, to: to) }
    }

    package func calendar(
        month: String?, style: TerminalStyle = .plain, now: Date = Date()
    ) async throws -> CommandOutput {
        try await run(style: style) { try await CalendarService($0).month(month, now: now) }
    }
}
