extension WebPhrases {
    package var ca: String {
        switch self {
        case .feedName: "Entrenaments (Gorilla Coach)"
        case .product: "Gorilla Coach"
        case .signIn: "Inicia la sessió"
        case .userLabel: "Nom d'usuari o correu"
        case .passwordLabel: "Contrasenya"
        case .forgottenPassword:
            "Has oblidat la contrasenya? La teva entrenadora o entrenador te la restableix (gorilla clients reset-password), o l'administrador del servidor."
        case .signOut: "Surt"
        case .homeTitle: "Inici"
        case .greeting: "Hola, {name}"
        case .nextAppointments: "Properes cites"
        case .noAppointments: "No tens cap cita propera."
        case .appointmentTime: "{when} · {minutes} min"
        case .confirm: "Confirma"
        case .decline: "No hi aniré"
        case .declineReason: "Motiu"
        case .confirmed: "Confirmada"
        case .declined: "No hi aniràs: {reason}"
        case .unanswered: "Pendent de resposta"
        case .notFoundTitle: "No s'ha trobat"
        case .notFoundText: "Aquesta adreça no existeix o no és teva."
        case .forbiddenTitle: "Formulari rebutjat"
        case .forbiddenText: "El formulari no porta el testimoni de seguretat correcte. Torna a la pàgina i prova-ho de nou."
        case .failureTitle: "Alguna cosa ha fallat"
        case .failureText: "No s'ha pogut completar. Torna-ho a provar d'aquí a una estona."
        case .backHome: "Torna a l'inici"
        }
    }
}
