import Foundation
import GorillaClient
import GorillaShared

/// Messages, the chat and news as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    public func listConversations() async throws -> CommandOutput {
        try await run { try await MessageService($0).conversations() }
    }

    public func showThread(_ name: String?, limit: Int?) async throws -> CommandOutput {
        try await run { try await MessageService($0).thread(with: name, limit: limit) }
    }

    public func sendMessage(to name: String?, text: String) async throws -> CommandOutput {
        try await run { try await MessageService($0).send(to: name, text: text) }
    }

    public func chat(with name: String?) async throws -> CommandOutput {
        try await run { try await MessageService($0).chat(with: name) }
    }

    public func listNews() async throws -> CommandOutput {
        try await run { try await NewsService($0).list() }
    }
}
