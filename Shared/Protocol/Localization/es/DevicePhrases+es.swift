extension DevicePhrases {
    package var es: String {
        switch self {
        case .serverSilentRecently:
            "el servidor de {address} no respondió hace {ago} s; se vuelve a probar dentro de {left} s (gorilla sync lo prueba ahora)"
        case .diskFull:
            "el disco de la caché local está lleno ({path}): no se ha guardado nada; libera espacio y vuelve a intentarlo"
        case .cacheNotWritten: "no se ha podido escribir la caché local ({path}: {reason}): no se ha guardado nada"
        }
    }
}
