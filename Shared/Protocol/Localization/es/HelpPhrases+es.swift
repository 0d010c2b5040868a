extension HelpPhrases {
    package var es: String {
        switch self {
        case .overview: "DESCRIPCIÓN:"
        case .usage: "USO:"
        case .arguments: "ARGUMENTOS:"
        case .options: "OPCIONES:"
        case .globalOptions: "OPCIONES GLOBALES:"
        case .subcommands: "SUBÓRDENES:"
        case .showHelp: "Muestra esta ayuda."
        case .forDetailedHelp: "<suborden>' para la ayuda detallada."
        case .error: "Error: "
        case .usageLine: "Uso: "
        case .helpLine: "Ayuda: "
        case .seeHelp: "  Consulta '"
        case .forMoreInformation: "' para más información."
        case .missingArgument: "Falta el argumento"
        case .unknownOption: "Opción desconocida"
        case .unexpectedArgument: "Argumento inesperado"
        case .missingValue: "Falta el valor de"
        case .invalidValue: "El valor"
        case .isInvalidFor: "no es válido para"
        case .defaultValue: "(por defecto: "
        case .globalOptionsTitle: "Opciones globales"
        case .jsonHelp: "Escribe un único valor JSON en la salida estándar; los errores van a la salida de errores."
        case .languageHelp: "ca, es o en: el idioma de los textos de esta orden (por defecto, el de la cuenta)."
        case .languageInvalid: "--language debe ser ca, es o en"
        case .quietHelp:
            "No escribe nada en la salida de errores salvo errores y avisos: ni línea de progreso ni notas sin conexión."
        }
    }
}
