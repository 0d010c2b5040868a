import Foundation
import GorillaShared

/// `gorilla export --out DIR`: the folder written, and each file with how many rows it holds (`--json`:
/// `directory`, `account`, `role`, `files` with each `name` and `rows`).
package struct ExportSummary: Presentable, Encodable {
    /// One file of the export.
    package struct File: Encodable, Sendable {
        /// Its name in the folder (`sessions.json`).
        package let name: String
        /// The items (or CSV rows) it holds.
        package let rows: Int
    }

    /// The folder, as an absolute path.
    package let directory: String
    /// The account exported.
    package let account: String
    package let role: Role
    package let files: [File]

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
