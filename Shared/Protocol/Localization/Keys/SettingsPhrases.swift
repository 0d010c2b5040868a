/// What the CLI says about settings (`gorilla settings`) and saved photos (`--save-photo`).
package enum SettingsPhrases: String, Phrases {
    /// `gorilla settings --help`.
    case helpSettings
    /// `gorilla settings set --help`.
    case helpSettingsSet
    /// `gorilla settings list --help`.
    case helpSettingsList
    /// The help of the setting's name.
    case helpSettingName
    /// The help of the setting's value.
    case helpSettingValue
    /// A setting name that is none of `unit`, `language`, `reminder`.
    case unknownSetting
    /// A unit other than kg or lb.
    case unitInvalid
    /// A language other than ca, es or en.
    case languageInvalid
    /// A setting was set: its name, value and whose it is.
    case settingSet
    /// The scope of a setting kept on this device.
    case scopeDevice
    /// The scope of a setting of the account (synced).
    case scopeAccount
    /// Marks a value nobody set (the default).
    case byDefault
    /// `--save-photo FILE` help.
    case helpSavePhoto
    /// `--force` help beside `--save-photo`.
    case helpForcePhoto
    /// `--force` without `--save-photo`.
    case forceWithoutSavePhoto
    /// The account has no photo to save.
    case accountHasNoPhoto
    /// The client has no photo to save.
    case clientHasNoPhoto
    /// The file to save a photo to already exists.
    case photoFileExists
    /// The photo was saved.
    case photoSaved
}
