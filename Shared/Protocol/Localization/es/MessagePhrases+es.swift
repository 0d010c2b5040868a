extension MessagePhrases {
    package var es: String {
        switch self {
        // gorilla messages list
        case .noMessagesYet: "Todavía no hay mensajes. Escribe uno con: {command}"
        case .tableHeaderWith: "CON"
        case .tableHeaderUnread: "SIN LEER"
        case .tableHeaderLast: "ÚLTIMO"
        case .tableHeaderMessage: "MENSAJE"
        case .unreadCount: "{count} sin leer"
        // gorilla messages show
        case .noMessagesWith: "Todavía no hay mensajes con {name}."
        case .queued: "pendiente de enviar"
        case .you: "tú"
        case .onTheSessionOf: "sobre la sesión del {day}"
        case .onASession: "sobre una sesión"
        // gorilla messages send
        case .sentTo: "Enviado a {name}."
        case .queuedFor: "Pendiente de enviar a {name}; se enviará en la próxima sincronización."
        case .messageLength: "un mensaje tiene de 1 a {limit} caracteres"
        case .messageControlCharacters: "un mensaje no puede contener caracteres de control, salvo saltos de línea"
        case .yourCoach: "tu entrenador"
        case .accountHasNoCoach: "esta cuenta no tiene entrenador"
        case .notOneOfYourCoaches: "{name} no es ninguno de tus entrenadores; puedes escribir a: {coaches}."
        case .nameTheClient: "indica el cliente"
        case .clientNotRegistered: "{name} todavía no se ha registrado; los mensajes necesitan un cliente registrado"
        // gorilla chat
        case .chatTitle: "Chat con {name} — Intro envía, Esc sale, RePág/AvPág desplazan — {status}"
        case .chatScrolledBack: "desplazado hacia atrás, AvPág vuelve"
        case .chatConnecting: "conectando…"
        case .chatConnected: "conectado"
        case .chatOfflineReconnecting: "sin conexión — reconectando…"
        case .chatConnectionLostReconnecting: "conexión perdida — reconectando…"
        case .chatNotAnsweringReconnecting: "el servidor no responde — reconectando…"
        case .chatNotAnsweringStillTrying: "el servidor no responde — seguimos intentándolo"
        case .chatMessageNotKept: "no se ha podido guardar el mensaje: {error}"
        case .chatNeedsTerminalHint: "sin terminal, usa gorilla messages show y gorilla messages send"
        // gorilla news
        case .noNews: "No hay novedades."
        // Help
        case .helpMessages: "Mensajes entre un entrenador y sus clientes."
        case .helpMessagesList: "Una línea por conversación, con su último mensaje y cuántos hay sin leer."
        case .helpMessagesShow:
            "Una conversación, del mensaje más antiguo al más reciente; marca como leídos los que muestra."
        case .helpMessagesShowWith: "El cliente (un cliente no tiene que dar el nombre de su entrenador)."
        case .helpMessagesShowLimit: "Solo los últimos N mensajes."
        case .helpMessagesSend:
            "Envía un mensaje (funciona sin conexión; se entrega una sola vez en la próxima sincronización)."
        case .helpMessagesSendDiscussion: "Sin TEXT, el mensaje se lee de la entrada estándar."
        case .helpMessagesSendTo:
            "El cliente (los clientes escriben a su entrenador: cualquier palabra, p. ej. 'coach')."
        case .helpMessagesSendText: "El texto (de 1 a {limit} caracteres)."
        case .helpChat:
            "Un chat en directo: los mensajes nuevos aparecen a medida que llegan; Intro envía; Esc o Ctrl-C sale."
        case .helpChatWith: "El cliente (un cliente chatea con su entrenador y no necesita nombre)."
        case .helpNews: "Novedades del operador del servidor."
        }
    }
}
