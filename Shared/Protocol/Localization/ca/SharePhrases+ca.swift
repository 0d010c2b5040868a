extension SharePhrases {
    package var ca: String {
        switch self {
        case .helpClientsShare:
            "Comparteix un client amb un altre entrenador del teu gimnàs: en veurà l'historial, les estadístiques, les mesures i les cites."
        case .helpClientsUnshare: "Deixa de compartir un client, amb un company (--with) o amb tots."
        case .helpShareClient: "El client (nom, nom d'usuari o id)."
        case .helpShareWith: "El nom d'usuari del company."
        case .helpShareUntil: "El darrer dia que es comparteix (AAAA-MM-DD); sense, fins que ho acabis."
        case .helpUnshareWith: "El nom d'usuari del company; sense, tots els companys."
        case .shared: "{client} es comparteix amb {users}."
        case .sharedUntil: "{client} es comparteix amb {user} fins al {day} (inclòs)."
        case .unshared: "{client}: {count|compartició acabada|comparticions acabades}."
        case .stillSharedWith: "{client} encara es comparteix amb {users}."
        case .sharedWithNobody: "{client} ara no es comparteix amb ningú."
        case .untilNotADay: "--until {text} no és un dia: escriu-lo com a AAAA-MM-DD."
        case .untilPassed: "--until {day} ja ha passat: indica avui o un dia que vingui."
        case .sharedLost: "{client} ja no es comparteix amb tu: les seves dades han sortit d'aquest dispositiu."
        case .clientGone:
            "{client} ara té un altre entrenador: les seves dades han sortit d'aquest dispositiu (la vostra conversa es queda)."
        case .colleagueMark: "(de {coach})"
        case .sharedBy: "compartit per {user}"
        case .coaches: "Entrenadors"
        case .sharedCoach: "{coach} (compartit)"
        case .shareClients: "compartir clients"
        case .sharedWriteRefused:
            "{client} és client de {coach}, compartit amb tu: només s'hi poden registrar sessions i cites, i escriure-li."
        case .sharedCodeRefused:
            "{client} és client de {coach}, compartit amb tu: el codi de registre el dona {coach}."
        case .scheduledBy: "programada per {user}"
        }
    }
}
