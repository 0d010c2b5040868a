extension GymRolePhrases {
    package var ca: String {
        switch self {
        case .ownersOnly: "només els propietaris del gimnàs"
        case .ownersAndAdmins: "només els propietaris i els administradors del gimnàs"
        case .invite: "{who} hi conviden entrenadors"
        case .remove: "{who} en treuen membres"
        case .rename: "{who} en canvien el nom"
        case .role: "{who} canvien el rol dels seus membres"
        case .dissolve: "{who} el dissolen"
        case .overview: "{who} en consulten el resum"
        case .machine: "{who} afegeixen màquines a la seva biblioteca"
        case .publish: "{who} publiquen a la seva biblioteca"
        }
    }
}
