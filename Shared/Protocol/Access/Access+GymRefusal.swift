import Foundation

extension Access {
    /// Why a member of a gym whose role the table (``gymTable``) leaves out may not run `op`, in `language`: who may,
    /// and what they do ("only the gym's owners and admins publish to its library"); nil for an operation every member
    /// runs, or one the phrases do not name. The refusal keeps its code (`forbidden`): this is its detail.
    package static func gymRoleRefusal(_ op: Operation, in language: Language) -> String? {
        guard let action = roleAction(op), let allowed = gymTable[op] else { return nil }
        let who: GymRolePhrases
        switch allowed {
        case [.member(.owner)]: who = .ownersOnly
        case [.member(.owner), .member(.admin)]: who = .ownersAndAdmins
        default: return nil
        }
        return action.text(in: language, ["who": who.text(in: language)])
    }

    /// The words of what `op` does, for a refusal that names who may.
    private static func roleAction(_ op: Operation) -> GymRolePhrases? {
        switch op {
        case .gymInvite: .invite
        case .gymRemove: .remove
        case .gymRename: .rename
        case .gymRole: .role
        case .gymDissolve: .dissolve
        case .gymOverview: .overview
        case .gymMachine: .machine
        case .gymPublish: .publish
        default: nil
        }
    }
}
