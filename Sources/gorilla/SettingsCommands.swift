import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared

/// `gorilla settings [list]` and `gorilla settings set NAME VALUE`.
struct SettingsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "settings", abstract: SettingsPhrases.helpSettings.t(), subcommands: [List.self, Change.self],
            defaultSubcommand: List.self)
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "list", abstract: SettingsPhrases.helpSettingsList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        func run() async throws { try await present(global) { try SettingsService($0).list() } }
    }

    struct Change: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "set", abstract: SettingsPhrases.helpSettingsSet.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(
            help: ArgumentHelp(SettingsPhrases.helpSettingName.t()),
            completion: .list(Setting.allCases.map(\.rawValue)))
        var name: String
        @Argument(help: ArgumentHelp(SettingsPhrases.helpSettingValue.t())) var value: String

        /// A bad name or value is a usage error (exit 64) before anything is read or sent.
        func validate() throws {
            do {
                _ = try SettingChange(name, value)
            } catch let error as ClientError {
                throw ValidationError(error.message)
            }
        }

        func run() async throws { try await present(global) { try await SettingsService($0).set(name, to: value) } }
    }
}

/// The options that save a photo: `--save-photo FILE [--force]`.
struct SavePhotoOptions: ParsableArguments {
    @Option(help: ArgumentHelp(SettingsPhrases.helpSavePhoto.t(), valueName: "FILE"), completion: .file())
    var savePhoto: String?
    @Flag(help: ArgumentHelp(SettingsPhrases.helpForcePhoto.t())) var force = false

    func validate() throws {
        if force && savePhoto == nil { throw ValidationError(SettingsPhrases.forceWithoutSavePhoto.t()) }
    }

    /// Where the photo goes: a file of the user's, made with the umask the command started with.
    var file: PhotoFile? {
        savePhoto.map { PhotoFile(path: $0, force: force, mode: 0o666 & ~Runtime.startingUmask) }
    }
}
