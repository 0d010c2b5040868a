extension SettingsPhrases {
    package var es: String {
        switch self {
        case .helpSettings:
            "Muestra y cambia la configuración: la unidad de este dispositivo, el idioma y el recordatorio de la cuenta."
        case .helpSettingsSet:
            "Cambia un ajuste: unit kg|lb (este dispositivo), language ca|es|en o reminder 30m (cuenta)."
        case .helpSettingsList: "Lista los ajustes, sus valores y si son de este dispositivo o de la cuenta."
        case .helpSettingName: "unit, language o reminder."
        case .helpSettingValue: "kg o lb; ca, es o en; un recordatorio como 30m, 1h30m o 0."
        case .unknownSetting: "no hay ningún ajuste '{name}': los ajustes son unit, language y reminder"
        case .unitInvalid: "unit admite kg o lb; no '{value}'"
        case .languageInvalid: "language admite ca, es o en; no '{value}'"
        case .settingSet: "{name} ahora es {value} ({scope})"
        case .scopeDevice: "este dispositivo"
        case .scopeAccount: "cuenta"
        case .byDefault: "por defecto"
        case .helpSavePhoto: "Guarda la foto en FILE (PNG o JPEG)."
        case .helpForcePhoto: "Sobrescribe FILE si ya existe."
        case .forceWithoutSavePhoto: "--force va con --save-photo FILE"
        case .accountHasNoPhoto: "tu cuenta no tiene foto (gorilla profile edit --photo FILE pone una)"
        case .clientHasNoPhoto: "{name} no tiene foto"
        case .photoFileExists: "{path} ya existe: no se ha escrito nada (--force lo sobrescribe)"
        case .photoSaved: "foto guardada en {path}"
        }
    }
}
