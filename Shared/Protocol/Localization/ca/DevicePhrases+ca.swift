extension DevicePhrases {
    package var ca: String {
        switch self {
        case .serverSilentRecently:
            "el servidor de {address} no ha respost fa {ago} s; es torna a provar d'aquí a {left} s (gorilla sync ho prova ara)"
        case .diskFull:
            "el disc de la memòria cau local és ple ({path}): no s'ha desat res; allibera espai i torna-ho a provar"
        case .cacheNotWritten: "no s'ha pogut escriure la memòria cau local ({path}: {reason}): no s'ha desat res"
        }
    }
}
