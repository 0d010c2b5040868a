extension MessagePhrases {
    package var ca: String {
        switch self {
        // gorilla messages list
        case .noMessagesYet: "Encara no hi ha missatges. Escriu-ne un amb: {command}"
        case .tableHeaderWith: "AMB"
        case .tableHeaderUnread: "SENSE LLEGIR"
        case .tableHeaderLast: "ÚLTIM"
        case .tableHeaderMessage: "MISSATGE"
        case .unreadCount: "{count} sense llegir"
        // gorilla messages show
        case .noMessagesWith: "Encara no hi ha missatges amb {name}."
        case .queued: "pendent d’enviar"
        case .you: "tu"
        case .onTheSessionOf: "sobre la sessió del {day}"
        case .onASession: "sobre una sessió"
        // gorilla messages send
        case .sentTo: "Enviat a {name}."
        case .queuedFor: "Pendent d’enviar a {name}; s’enviarà en la propera sincronització."
        case .messageLength: "un missatge té d’1 a {limit} caràcters"
        case .messageControlCharacters: "un missatge no pot contenir caràcters de control, tret de salts de línia"
        case .yourCoach: "el teu entrenador"
        case .accountHasNoCoach: "aquest compte no té entrenador"
        case .notOneOfYourCoaches: "{name} no és cap dels teus entrenadors; pots escriure a: {coaches}."
        case .nameTheClient: "indica el client"
        case .clientNotRegistered: "{name} encara no s’ha registrat; els missatges necessiten un client registrat"
        // gorilla chat
        case .chatTitle: "Xat amb {name} — Retorn envia, Esc surt, RePàg/AvPàg desplacen — {status}"
        case .chatScrolledBack: "desplaçat enrere, AvPàg hi torna"
        case .chatConnecting: "connectant…"
        case .chatConnected: "connectat"
        case .chatOfflineReconnecting: "sense connexió — reconnectant…"
        case .chatConnectionLostReconnecting: "connexió perduda — reconnectant…"
        case .chatNotAnsweringReconnecting: "el servidor no respon — reconnectant…"
        case .chatNotAnsweringStillTrying: "el servidor no respon — ho seguim intentant"
        case .chatMessageNotKept: "no s’ha pogut desar el missatge: {error}"
        case .chatNeedsTerminalHint: "sense terminal, fes servir gorilla messages show i gorilla messages send"
        // gorilla news
        case .noNews: "No hi ha novetats."
        // Help
        case .helpMessages: "Missatges entre un entrenador i els seus clients."
        case .helpMessagesList: "Una línia per conversa, amb l’últim missatge i quants n’hi ha sense llegir."
        case .helpMessagesShow:
            "Una conversa, del missatge més antic al més recent; marca com a llegits els que mostra."
        case .helpMessagesShowWith: "El client (un client no ha de donar el nom del seu entrenador)."
        case .helpMessagesShowLimit: "Només els últims N missatges."
        case .helpMessagesSend:
            "Envia un missatge (funciona sense connexió; s’entrega una sola vegada en la propera sincronització)."
        case .helpMessagesSendDiscussion: "Sense TEXT, el missatge es llegeix de l’entrada estàndard."
        case .helpMessagesSendTo:
            "El client (els clients escriuen al seu entrenador: qualsevol paraula, p. ex. 'coach')."
        case .helpMessagesSendText: "El text (d’1 a {limit} caràcters)."
        case .helpChat:
            "Un xat en directe: els missatges nous apareixen a mesura que arriben; Retorn envia; Esc o Ctrl-C surt."
        case .helpChatWith: "El client (un client xateja amb el seu entrenador i no cal cap nom)."
        case .helpNews: "Novetats de l’operador del servidor."
        }
    }
}
