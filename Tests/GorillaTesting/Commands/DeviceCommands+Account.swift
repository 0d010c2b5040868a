import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The account's commands and the overview as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    package func connect(
        _ address: String, fingerprint: String?, trust: Bool, confirm: @Sendable (String) -> Bool
    ) async throws -> CommandOutput {
        try await run {
            try await AccountService($0).connect(address, fingerprint: fingerprint, trust: trust, confirm: confirm)
        }
    }

    package func register(_ body: SignupBody) async throws -> CommandOutput {
        try await run { try await AccountService($0).register(body) }
    }

    package func login(user: String, password: String) async throws -> CommandOutput {
        try await run { try await AccountService($0).login(user: user, password: password) }
    }

    package func logout() async throws -> CommandOutput {
        try await run { try await AccountService($0).logout() }
    }

    package func whoami() async throws -> CommandOutput {
        try await run { try await AccountService($0).whoami() }
    }

    package func profileShow() async throws -> CommandOutput {
        try await run { try await AccountService($0).profile() }
    }

    package func profileEdit(_ update: ProfileUpdateBody, photoFile: String?) async throws -> CommandOutput {
        try await run { try await AccountService($0).editProfile(update, photoFile: photoFile) }
    }

    package func changePassword(old: String, new: String) async throws -> CommandOutput {
        try await run { try await AccountService($0).changePassword(old: old, new: new) }
    }

    package func resetPassword(user: String, token: String, password: String) async throws -> CommandOutput {
        try await run { try await AccountService($0).resetPassword(user: user, token: token, password: password) }
    }

    package func overview() async throws -> CommandOutput {
        try await run { try await OverviewService($0).overview() }
    }
}
