import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct ExportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export", abstract: DataPhrases.helpExport.t(),
            discussion: DataPhrases.helpExportDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Option(help: ArgumentHelp(DataPhrases.helpExportOut.t())) var out: String
    @Flag(help: ArgumentHelp(DataPhrases.helpExportForce.t())) var force = false

    func run() async throws {
        try await present(global) { try await ExportService($0).export(to: out, force: force) }
    }
}

struct ImportCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: DataPhrases.helpImport.t(),
            discussion: DataPhrases.helpImportDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Argument(help: ArgumentHelp(DataPhrases.helpImportFile.t())) var file: String
    @Option(help: ArgumentHelp(DataPhrases.helpImportClient.t()), completion: .names(.client))
    var client: String?
    @Flag(help: ArgumentHelp(DataPhrases.helpImportCreateExercises.t())) var createExercises = false
    @Flag(help: ArgumentHelp(DataPhrases.helpImportAllowNew.t())) var allowNew = false
    @Flag(help: ArgumentHelp(DataPhrases.helpImportDryRun.t())) var dryRun = false
    @Option(help: ArgumentHelp(DataPhrases.helpImportUnit.t())) var unit: String?
    @Option(help: ArgumentHelp(DataPhrases.helpImportMap.t(), valueName: "FROM=TO")) var map: [String] = []
    @Option(help: ArgumentHelp(DataPhrases.helpImportMapFile.t(), valueName: "FILE")) var mapFile: String?

    func run() async throws {
        let request = ImportRequest(
            file: file, client: client, createExercises: createExercises, allowNew: allowNew, dryRun: dryRun,
            unit: unit, map: map, mapFile: mapFile)
        try await present(global) { try await ImportService($0).importSets(request) }
    }
}
