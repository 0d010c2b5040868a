import Foundation
import GorillaShared
import Logging

/// The gym operations: each asks the store, which reads the principal's membership in the operation's own transaction
/// and checks it against ``GorillaShared/Access/gymTable``.
extension RequestRouter {
    /// Runs the gym operation `op` with `body`.
    func gym(
        _ op: GorillaShared.Operation, body: [UInt8], state: inout ConnectionState
    ) async throws
        -> ResponsePayload
    {
        let principal = try state.requirePrincipal()
        let store = context.store
        switch op {
        case .gymCreate:
            let gym = try await store.createGym(principal, name: decode(GymNameBody.self, body).name, now: now)
            context.logger.info("gym created", metadata: ["gym": "\(gym.id)", "owner": "\(principal.id)"])
            return .value(gym)
        case .gymInvite:
            let role = try decode(GymInviteBody.self, body).role ?? .coach
            return .value(
                try await store.issueGymInvite(
                    principal, role: role, lifetime: context.configuration.registrationCodeLifetime, now: now))
        case .gymJoin:
            let code = try decode(GymCodeBody.self, body).code
            let gym = try await guessingCode(state) { try await store.joinGym(principal, code: code, now: now) }
            return .value(gym)
        case .gymShow: return .value(try await store.showGym(principal))
        case .gymMembers: return .value(try await store.gymMembers(principal))
        case .gymRole:
            let body = try decode(GymRoleBody.self, body)
            return .value(try await store.changeGymRole(principal, username: body.user, to: body.role))
        case .gymLeave: return .value(try await store.leaveGym(principal))
        case .gymRemove:
            return .value(try await store.removeFromGym(principal, username: decode(GymMemberBody.self, body).user))
        case .gymRename: return .value(try await store.renameGym(principal, name: decode(GymNameBody.self, body).name))
        case .gymDissolve: return .value(try await store.dissolveGym(principal))
        case .gymCalendar:
            let body = try decode(GymCalendarBody.self, body)
            if let problem = body.problem { throw ServerError.invalid(problem) }
            return .value(try await store.gymCalendar(principal, from: body.from, to: body.to, now: now))
        case .gymOverview:
            let body = try decode(GymOverviewBody.self, body)
            if let problem = body.problem { throw ServerError.invalid(problem) }
            return .value(try await store.gymOverview(principal, body, now: now))
        case .gymTransfer:
            let body = try decode(GymTransferBody.self, body)
            let transfer = try await store.transferClient(principal, client: body.client, to: body.to, now: now)
            context.logger.info(
                "client transferred", metadata: ["client": "\(body.client)", "from": "\(principal.id)"])
            return .value(transfer)
        case .gymMachine:
            let body = try decode(GymMachineBody.self, body)
            return .value(try await store.addGymMachine(principal, id: body.id, name: body.name, now: now))
        case .gymPublish:
            let body = try decode(GymLibraryBody.self, body)
            return .value(try await store.publishToGym(principal, kind: body.kind, id: body.id, now: now))
        case .gymCopy:
            let body = try decode(GymLibraryBody.self, body)
            return .value(try await store.copyFromGym(principal, kind: body.kind, id: body.id, now: now))
        case .gymShare:
            let body = try decode(GymShareBody.self, body)
            return .value(
                try await store.shareClient(
                    principal, client: body.client, with: body.with, until: body.until, now: now))
        case .gymUnshare:
            let body = try decode(GymUnshareBody.self, body)
            return .value(try await store.unshareClient(principal, client: body.client, with: body.with))
        default: throw ServerError(.unknownOperation, WireText.quoted(op.rawValue))
        }
    }
}
