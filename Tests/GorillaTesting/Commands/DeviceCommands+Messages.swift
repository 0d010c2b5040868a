import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// Messages, the chat and news as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    package func listConversations() async throws -> CommandOutput {
        try await run { try await MessageService($0).conversations() }
    }

    package func showThread(_ name: String?, limit: Int?) async throws -> CommandOutput {
        try await run { try await MessageService($0).thread(with: name, limit: limit) }
    }

    package func sendMessage(to name: String?, text: String) async throws -> CommandOutput {
        try await run { try await MessageService($0).send(to: name, text: text) }
    }

    package func chat(with name: String?) async throws -> CommandOutput {
        try await run { try await MessageService($0).chat(with: name) }
    }

    package func listNews() async throws -> CommandOutput {
        try await run { try await NewsService($0).list() }
    }
}
