extension SharePhrases {
    package var es: String {
        switch self {
        case .helpClientsShare:
            "Comparte un cliente con otro entrenador de tu gimnasio: verá su historial, estadísticas, medidas y citas."
        case .helpClientsUnshare: "Deja de compartir un cliente, con un compañero (--with) o con todos."
        case .helpShareClient: "El cliente (nombre, nombre de usuario o id)."
        case .helpShareWith: "El nombre de usuario del compañero."
        case .helpShareUntil: "El último día que se comparte (AAAA-MM-DD); sin él, hasta que lo termines."
        case .helpUnshareWith: "El nombre de usuario del compañero; sin él, todos los compañeros."
        case .shared: "{client} se comparte con {users}."
        case .sharedUntil: "{client} se comparte con {user} hasta el {day} (incluido)."
        case .unshared: "{client}: {count|compartición terminada|comparticiones terminadas}."
        case .stillSharedWith: "{client} todavía se comparte con {users}."
        case .sharedWithNobody: "{client} ya no se comparte con nadie."
        case .untilNotADay: "--until {text} no es un día: escríbelo como AAAA-MM-DD."
        case .untilPassed: "--until {day} ya ha pasado: indica hoy o un día por venir."
        case .sharedLost: "{client} ya no se comparte contigo: sus datos han salido de este dispositivo."
        case .clientGone:
            "{client} ahora tiene otro entrenador: sus datos han salido de este dispositivo (vuestra conversación se queda)."
        case .colleagueMark: "(de {coach})"
        case .sharedBy: "compartido por {user}"
        case .coaches: "Entrenadores"
        case .sharedCoach: "{coach} (compartido)"
        case .shareClients: "compartir clientes"
        case .sharedWriteRefused:
            "{client} es cliente de {coach}, compartido contigo: solo se pueden registrar sesiones y citas, y escribirle."
        case .sharedCodeRefused:
            "{client} es cliente de {coach}, compartido contigo: el código de registro lo da {coach}."
        case .scheduledBy: "programada por {user}"
        }
    }
}
