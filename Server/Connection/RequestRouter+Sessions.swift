import Foundation
import GorillaShared

extension RequestRouter {
    /// `sessions.history`: every revision of one training session, scoped in the store like a pull.
    func sessionHistory(_ body: SessionHistoryBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        return .value(try await context.store.sessionHistory(id: body.id, principal: principal))
    }
}
