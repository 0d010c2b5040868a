import Foundation
import GorillaClientCore
import GorillaShared

/// `gorilla settings`: this device's unit in `config.json`; the account's language and reminder through the same path
/// as `gorilla profile edit` (the server stores them, every device of the account gets them with its session).
package struct SettingsService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla settings set NAME VALUE`.
    /// - Throws: ``ClientError`` `.usage` for an unknown name or a value the setting does not take.
    package func set(_ name: String, to value: String) async throws -> SettingValue {
        switch try SettingChange(name, value) {
        case .unit(let unit):
            var config = try context.config()
            config.unit = unit.rawValue
            try context.saveConfig(config)
            return SettingValue(.unit, value: unit.rawValue)
        case .language(let language):
            let edited = try await AccountService(context).editProfile(
                ProfileUpdateBody(language: language), photoFile: nil)
            return SettingValue(.language, value: edited.profile.language.rawValue)
        case .reminder(let minutes):
            let edited = try await AccountService(context).editProfile(
                ProfileUpdateBody(reminder: minutes), photoFile: nil)
            return SettingValue(.reminder, value: "\(edited.profile.reminderMinutes)")
        }
    }

    /// `gorilla settings list`: the device's unit and the account's settings as this device last had them from the
    /// server (any command that reaches it, `gorilla sync` for one, brings them up to date).
    package func list() throws -> SettingList {
        let unit = try context.config().unit.flatMap(WeightUnit.init(rawValue:))
        var settings = [SettingValue(.unit, value: (unit ?? .kg).rawValue, isDefault: unit == nil)]
        // Before login there is no account: only the device's settings.
        if let profile = context.storedSession()?.profile {
            settings.append(SettingValue(.language, value: profile.language.rawValue))
            settings.append(
                SettingValue(.reminder, value: "\(profile.reminderMinutes)", isDefault: profile.reminder == nil))
        }
        return SettingList(settings: settings)
    }
}
