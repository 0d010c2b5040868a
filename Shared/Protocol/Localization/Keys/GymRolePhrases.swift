/// Why a member of a gym may not run one of its operations: who may (the gym's roles the access table names), and
/// what they do (``GorillaShared/Access/gymRoleRefusal(_:in:)``). Each action holds `{who}`.
package enum GymRolePhrases: String, Phrases {
    /// The gym's owners, alone.
    case ownersOnly
    /// The gym's owners and its admins.
    case ownersAndAdmins
    /// `gym.invite`.
    case invite
    /// `gym.remove`.
    case remove
    /// `gym.rename`.
    case rename
    /// `gym.role`.
    case role
    /// `gym.dissolve`.
    case dissolve
    /// `gym.overview`.
    case overview
    /// `gym.machine`.
    case machine
    /// `gym.publish`.
    case publish
}
