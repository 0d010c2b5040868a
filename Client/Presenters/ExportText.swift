import Foundation
import GorillaClient
import GorillaShared
import GorillaTerminal

extension ExportSummary: Presentable {
    package func text(for viewer: Viewer) -> String {
        let width = files.map(\.name.count).max() ?? 0
        let lines = files.map { file in
            "  " + file.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + Self.describe(file)
        }
        return ([DataPhrases.exportedTo.t(["account": account, "directory": directory])] + lines).joined(
            separator: "\n")
    }

    /// "3 sessions", "12 sets", "1 account".
    static func describe(_ file: File) -> String {
        let noun: DataPhrases =
            switch file.name {
            case "account.json": .fileAccounts
            case "machines.json": .fileMachines
            case "exercises.json": .fileExercises
            case "trainings.json": .fileTrainings
            case "clients.json": .fileClients
            case "events.json": .fileEvents
            case "sessions.json": .fileSessions
            case "measurements.json", "measurements.csv": .fileMeasurements
            case "messages.json": .fileMessages
            case "sets.csv": .fileSets
            default: .fileRows
            }
        return noun.t(["n": file.rows])
    }
}
