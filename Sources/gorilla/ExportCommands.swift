import ArgumentParser
import Foundation
import GorillaClient

#if canImport(Glibc)
import Glibc
#endif

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything this account can see into a folder, as JSON and CSV.",
        discussion: """
            One JSON file per section (account, machines, exercises, trainings, clients, events, sessions with their \
            sets, measurements, messages), and CSV: sets.csv (every set of every session) and measurements.csv. \
            A coach's export holds their catalogue and all their clients' data; a client's, their own data and their \
            coach's catalogue. The folder must be new or empty unless --force is given.
            """)
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Option(help: "The folder to write into (created if missing).") var out: String
    @Flag(help: "Write into a folder that already holds files (the export's own files are replaced).") var force = false

    func run() async throws {
        let onTerminal = isatty(STDERR_FILENO) != 0
        try await present(global) { context in
            defer { if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) } }
            return try await ExportService(context).export(to: out, force: force) { progress in
                guard onTerminal else { return }
                let line = "\r\u{1B}[2Kexporting \(progress.file) (\(progress.step)/\(progress.steps))…"
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
    }
}

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring a client's history over from a Strong or Hevy CSV export of sets.",
        discussion: """
            The format is told by the file's header. Rows become sessions, one per workout (its name and start); \
            exercise names are matched against the catalogue as in sessions log (case, accents and small typos \
            forgiven; "Bench Press (Barbell)" also tries "Bench Press"). Names the catalogue does not have stop the \
            import before anything is saved, unless --create-exercises adds them to the catalogue or --allow-new keeps \
            them by name only. Importing the same file again adds nothing: each session's id comes from the client and \
            the workout's start. A client imports their own history without --client.
            """)
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Argument(help: "The CSV file.") var file: String
    @Option(help: "The client whose history receives the sessions.") var client: String?
    @Flag(help: "Add exercise names your catalogue does not have to it (coaches).") var createExercises = false
    @Flag(help: "Keep exercise names your catalogue does not have by name only.") var allowNew = false
    @Flag(help: "Show what would be imported; save nothing.") var dryRun = false
    @Option(help: "The unit of a Strong file's weights when it has no Weight Unit column: kg (default) or lb.")
    var unit: String?

    func run() async throws {
        let request = ImportRequest(
            file: file, client: client, createExercises: createExercises, allowNew: allowNew, dryRun: dryRun,
            unit: unit)
        try await present(global) { try await ImportService($0).importSets(request) }
    }
}
