extension GymRolePhrases {
    package var en: String {
        switch self {
        case .ownersOnly: "only the gym's owners"
        case .ownersAndAdmins: "only the gym's owners and admins"
        case .invite: "{who} invite coaches to it"
        case .remove: "{who} remove its members"
        case .rename: "{who} rename it"
        case .role: "{who} change its members' roles"
        case .dissolve: "{who} dissolve it"
        case .overview: "{who} read its overview"
        case .machine: "{who} add machines to its library"
        case .publish: "{who} publish to its library"
        }
    }
}
