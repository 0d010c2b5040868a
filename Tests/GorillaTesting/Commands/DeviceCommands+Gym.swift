import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla gym …` as the tests call them, through the service the CLI uses.
extension DeviceCommands {
    package func gymCreate(_ name: String) async throws -> CommandOutput {
        try await run { try await GymService($0).create(name) }
    }

    package func gymInvite(role: GymRole = .coach) async throws -> CommandOutput {
        try await run { try await GymService($0).invite(role: role) }
    }

    package func gymJoin(_ code: String) async throws -> CommandOutput {
        try await run { try await GymService($0).join(code) }
    }

    package func gymShow() async throws -> CommandOutput {
        try await run { try await GymService($0).show() }
    }

    package func gymMembers() async throws -> CommandOutput {
        try await run { try await GymService($0).members() }
    }

    package func gymRole(_ user: String, _ role: GymRole) async throws -> CommandOutput {
        try await run { try await GymService($0).setRole(user, to: role) }
    }

    package func gymLeave() async throws -> CommandOutput {
        try await run { try await GymService($0).leave() }
    }

    package func gymRemove(_ user: String) async throws -> CommandOutput {
        try await run { try await GymService($0).remove(user) }
    }

    package func gymRename(_ name: String) async throws -> CommandOutput {
        try await run { try await GymService($0).rename(name) }
    }

    package func gymDissolve(confirmation: Confirmation = .yes) async throws -> CommandOutput {
        try await run { try await GymService($0).dissolve(confirmation: confirmation) }
    }

    package func gymCalendar(day: String? = nil, week: Bool = false) async throws -> CommandOutput {
        try await run { try await GymService($0).calendar(day: day, week: week) }
    }

    package func gymOverview(from: String? = nil, to: String? = nil) async throws -> CommandOutput {
        try await run { try await GymService($0).overview(from: from, to: to) }
    }

    package func transferClient(_ client: String, to coach: String) async throws -> CommandOutput {
        try await run { try await ClientService($0).transfer(client, to: coach) }
    }

    package func shareClient(_ client: String, with coach: String, until: String? = nil) async throws -> CommandOutput {
        try await run { try await ClientService($0).share(client, with: coach, until: until) }
    }

    package func unshareClient(_ client: String, with coach: String? = nil) async throws -> CommandOutput {
        try await run { try await ClientService($0).unshare(client, with: coach) }
    }
}
