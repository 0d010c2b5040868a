extension HelpPhrases {
    package var ca: String {
        switch self {
        case .overview: "DESCRIPCIÓ:"
        case .usage: "ÚS:"
        case .arguments: "ARGUMENTS:"
        case .options: "OPCIONS:"
        case .globalOptions: "OPCIONS GLOBALS:"
        case .subcommands: "SUBORDRES:"
        case .showHelp: "Mostra aquesta ajuda."
        case .forDetailedHelp: "<subordre>' per a l'ajuda detallada."
        case .error: "Error: "
        case .usageLine: "Ús: "
        case .helpLine: "Ajuda: "
        case .seeHelp: "  Consulta '"
        case .forMoreInformation: "' per a més informació."
        case .missingArgument: "Falta l'argument"
        case .unknownOption: "Opció desconeguda"
        case .unexpectedArgument: "Argument inesperat"
        case .missingValue: "Falta el valor de"
        case .invalidValue: "El valor"
        case .isInvalidFor: "no és vàlid per a"
        case .defaultValue: "(per defecte: "
        case .globalOptionsTitle: "Opcions globals"
        case .jsonHelp: "Escriu un sol valor JSON a la sortida estàndard; els errors van a la sortida d'errors."
        case .languageHelp: "ca, es o en: la llengua dels textos d'aquesta ordre (per defecte, la del compte)."
        case .languageInvalid: "--language ha de ser ca, es o en"
        case .quietHelp:
            "No escriu res a la sortida d'errors tret d'errors i avisos: ni línia de progrés ni notes de desconnexió."
        }
    }
}
