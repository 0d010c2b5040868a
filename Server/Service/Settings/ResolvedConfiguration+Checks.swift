import Foundation

extension ResolvedConfiguration {
    /// Where `setting`'s value came from.
    package func source(of setting: ServerSetting) -> SettingSource {
        settings.first { $0.setting.key == setting.key }?.source ?? .default
    }

    /// Checks what one setting alone cannot (settings that go together), and reads the PostgreSQL password from the
    /// password file or `$PGPASSWORD` when the address has none; returns what is wrong.
    mutating func finish(environment: [String: String]) -> [SettingFault] {
        var faults: [SettingFault] = []
        func blame(_ setting: ServerSetting, _ problem: String) {
            faults.append(SettingFault(setting, source(of: setting), problem))
        }
        if (configuration.certificatePath == nil) != (configuration.keyPath == nil) {
            blame(configuration.certificatePath == nil ? .key : .cert, "needs both cert and key")
        }
        // `--port 0` (tests, several instances on one machine) lets the system choose the web port too, unless given.
        if configuration.port == 0, source(of: .web) == .default, configuration.webAddress != nil {
            configuration.webAddress?.port = 0
            if let index = settings.firstIndex(where: { $0.setting.key == ServerSetting.web.key }) {
                settings[index] = EffectiveSetting(
                    setting: .web, value: ServerSetting.web.read(configuration), source: .default)
            }
        }
        if configuration.backupInterval != nil, configuration.database != nil {
            blame(.backupEvery, "backs up SQLite; " + OperatorTools.postgresRecipe)
        }
        if var location = configuration.database, location.password == nil {
            if let file = configuration.databasePasswordFile {
                if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                    location.password = text.trimmingCharacters(in: .newlines)
                } else {
                    blame(.databasePasswordFile, "cannot read the password file \(file)")
                }
            } else {
                location.password = environment["PGPASSWORD"]
            }
            configuration.database = location
        }
        return faults
    }
}
