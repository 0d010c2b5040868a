extension GymRolePhrases {
    package var es: String {
        switch self {
        case .ownersOnly: "solo los propietarios del gimnasio"
        case .ownersAndAdmins: "solo los propietarios y los administradores del gimnasio"
        case .invite: "{who} invitan a entrenadores"
        case .remove: "{who} quitan a sus miembros"
        case .rename: "{who} le cambian el nombre"
        case .role: "{who} cambian el rol de sus miembros"
        case .dissolve: "{who} lo disuelven"
        case .overview: "{who} consultan su resumen"
        case .machine: "{who} añaden máquinas a su biblioteca"
        case .publish: "{who} publican en su biblioteca"
        }
    }
}
