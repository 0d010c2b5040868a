extension SettingsPhrases {
    package var ca: String {
        switch self {
        case .helpSettings:
            "Mostra i canvia la configuració: la unitat d'aquest dispositiu, l'idioma i el recordatori del compte."
        case .helpSettingsSet:
            "Canvia un paràmetre: unit kg|lb (aquest dispositiu), language ca|es|en o reminder 30m (compte)."
        case .helpSettingsList: "Llista els paràmetres, els seus valors i si són d'aquest dispositiu o del compte."
        case .helpSettingName: "unit, language o reminder."
        case .helpSettingValue: "kg o lb; ca, es o en; un recordatori com 30m, 1h30m o 0."
        case .unknownSetting: "no hi ha cap paràmetre '{name}': els paràmetres són unit, language i reminder"
        case .unitInvalid: "unit admet kg o lb; no '{value}'"
        case .languageInvalid: "language admet ca, es o en; no '{value}'"
        case .settingSet: "{name} ara és {value} ({scope})"
        case .scopeDevice: "aquest dispositiu"
        case .scopeAccount: "compte"
        case .byDefault: "per defecte"
        case .helpSavePhoto: "Desa la foto a FILE (PNG o JPEG)."
        case .helpForcePhoto: "Sobreescriu FILE si ja existeix."
        case .forceWithoutSavePhoto: "--force va amb --save-photo FILE"
        case .accountHasNoPhoto: "el teu compte no té foto (gorilla profile edit --photo FILE en posa una)"
        case .clientHasNoPhoto: "{name} no té foto"
        case .photoFileExists: "{path} ja existeix: no s'ha escrit res (--force el sobreescriu)"
        case .photoSaved: "foto desada a {path}"
        }
    }
}
