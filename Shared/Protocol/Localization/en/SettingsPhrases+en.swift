extension SettingsPhrases {
    package var en: String {
        switch self {
        case .helpSettings: "Show and change settings: this device's unit, the account's language and reminder."
        case .helpSettingsSet: "Set a setting: unit kg|lb (this device), language ca|es|en or reminder 30m (account)."
        case .helpSettingsList: "List the settings, their values and whether they are this device's or the account's."
        case .helpSettingName: "unit, language or reminder."
        case .helpSettingValue: "kg or lb; ca, es or en; a reminder such as 30m, 1h30m or 0."
        case .unknownSetting: "there is no setting '{name}': the settings are unit, language and reminder"
        case .unitInvalid: "unit takes kg or lb; not '{value}'"
        case .languageInvalid: "language takes ca, es or en; not '{value}'"
        case .settingSet: "{name} is now {value} ({scope})"
        case .scopeDevice: "this device"
        case .scopeAccount: "account"
        case .byDefault: "default"
        case .helpSavePhoto: "Save the photo to FILE (PNG or JPEG)."
        case .helpForcePhoto: "Overwrite FILE if it exists."
        case .forceWithoutSavePhoto: "--force goes with --save-photo FILE"
        case .accountHasNoPhoto: "your account has no photo (gorilla profile edit --photo FILE sets one)"
        case .clientHasNoPhoto: "{name} has no photo"
        case .photoFileExists: "{path} already exists: nothing was written (--force overwrites it)"
        case .photoSaved: "photo saved to {path}"
        }
    }
}
