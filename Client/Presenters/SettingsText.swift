import Foundation
import GorillaClient
import GorillaShared

extension Setting.Scope {
    /// "this device" or "account".
    var word: String {
        switch self {
        case .device: SettingsPhrases.scopeDevice.t()
        case .account: SettingsPhrases.scopeAccount.t()
        }
    }
}

extension SettingValue: Presentable {
    package func text(for viewer: Viewer) -> String {
        SettingsPhrases.settingSet.t(["name": name.rawValue, "value": value, "scope": scope.word])
    }
}

extension SettingList: Presentable {
    package func text(for viewer: Viewer) -> String {
        labelled(
            settings.map { setting in
                let marks = [setting.scope.word] + (setting.isDefault ? [SettingsPhrases.byDefault.t()] : [])
                return (setting.name.rawValue, "\(setting.value)  (\(marks.joined(separator: ", ")))")
            })
    }
}
