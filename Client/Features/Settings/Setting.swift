import Foundation
import GorillaClientCore
import GorillaShared

/// A setting `gorilla settings` reads and changes: this device's weight unit, or the account's language or reminder.
package enum Setting: String, CaseIterable, Sendable, Encodable {
    /// The weight unit figures are shown in (`kg` or `lb`), kept in this device's `config.json`.
    case unit
    /// The account's language (`ca`, `es` or `en`), as `profile edit --language` sets it.
    case language
    /// How long before an appointment the account is reminded, as `profile edit --reminder` sets it.
    case reminder

    /// Whose a setting is.
    package enum Scope: String, Sendable, Encodable {
        /// Kept on this device only.
        case device
        /// The account's, stored by the server and synced to its other devices.
        case account
    }

    /// Whose this setting is.
    package var scope: Scope { self == .unit ? .device : .account }

    /// The setting `name` names.
    /// - Throws: ``ClientError`` `.usage` listing the settings.
    package static func named(_ name: String) throws -> Setting {
        guard let setting = Setting(rawValue: name.lowercased()) else {
            throw ClientError(.usage, SettingsPhrases.unknownSetting.t(["name": name]))
        }
        return setting
    }
}

/// A checked `gorilla settings set NAME VALUE`: the setting with its value read.
package enum SettingChange: Sendable, Equatable {
    case unit(WeightUnit)
    case language(Language)
    /// Minutes before an appointment, within ``GorillaShared/Profile/reminderRange``.
    case reminder(Int)

    /// Reads `value` for the setting `name`.
    /// - Throws: ``ClientError`` `.usage` naming the settings, or the values the setting takes.
    package init(_ name: String, _ value: String) throws {
        switch try Setting.named(name) {
        case .unit:
            guard let unit = WeightUnit(rawValue: value.lowercased()) else {
                throw ClientError(.usage, SettingsPhrases.unitInvalid.t(["value": value]))
            }
            self = .unit(unit)
        case .language:
            guard let language = Language(code: value.lowercased()) else {
                throw ClientError(.usage, SettingsPhrases.languageInvalid.t(["value": value]))
            }
            self = .language(language)
        case .reminder:
            self = .reminder(try ReminderTime.checked(value, option: Setting.reminder.rawValue))
        }
    }
}

/// One setting's value and whose it is (`gorilla settings set`, a row of `gorilla settings list`).
package struct SettingValue: Sendable, Encodable {
    /// The setting.
    package let name: Setting
    /// Its value as `settings set` takes it: `kg`, `es`, minutes (`90`).
    package let value: String
    /// Whether it is this device's or the account's.
    package let scope: Setting.Scope
    /// Whether nobody set it and the default applies (left out of `--json` when false).
    package let isDefault: Bool

    package init(_ name: Setting, value: String, isDefault: Bool = false) {
        self.name = name
        self.value = value
        self.scope = name.scope
        self.isDefault = isDefault
    }

    private enum CodingKeys: String, CodingKey {
        case name, value, scope
        case isDefault = "default"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(value, forKey: .value)
        try container.encode(scope, forKey: .scope)
        if isDefault { try container.encode(true, forKey: .isDefault) }
    }
}

/// `gorilla settings list`: every setting.
package struct SettingList: Sendable {
    package let settings: [SettingValue]

    package var jsonForm: [SettingValue] { settings }
}
