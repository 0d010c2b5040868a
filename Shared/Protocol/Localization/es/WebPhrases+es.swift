extension WebPhrases {
    package var es: String {
        switch self {
        case .feedName: "Entrenamientos (Gorilla Coach)"
        case .product: "Gorilla Coach"
        case .signIn: "Inicia sesión"
        case .userLabel: "Nombre de usuario o correo"
        case .passwordLabel: "Contraseña"
        case .forgottenPassword:
            "¿Has olvidado la contraseña? Tu entrenadora o entrenador la restablece (gorilla clients reset-password), o el administrador del servidor."
        case .signOut: "Salir"
        case .homeTitle: "Inicio"
        case .greeting: "Hola, {name}"
        case .nextAppointments: "Próximas citas"
        case .noAppointments: "No tienes ninguna cita próxima."
        case .appointmentTime: "{when} · {minutes} min"
        case .confirm: "Confirmar"
        case .decline: "No iré"
        case .declineReason: "Motivo"
        case .confirmed: "Confirmada"
        case .declined: "No irás: {reason}"
        case .unanswered: "Pendiente de respuesta"
        case .notFoundTitle: "No encontrado"
        case .notFoundText: "Esta dirección no existe o no es tuya."
        case .forbiddenTitle: "Formulario rechazado"
        case .forbiddenText: "El formulario no lleva el testigo de seguridad correcto. Vuelve a la página y prueba de nuevo."
        case .failureTitle: "Algo ha fallado"
        case .failureText: "No se ha podido completar. Vuelve a probar dentro de un rato."
        case .backHome: "Volver al inicio"
        }
    }
}
