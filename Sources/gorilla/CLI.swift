import ArgumentParser
import Foundation
import GorillaClient
import GorillaShared

#if canImport(Glibc)
import Glibc
#endif

/// Options shared by every command (shown in help; `--json` is honoured anywhere before `--`).
struct GlobalOptions: ParsableArguments {
    @Flag(help: "Print one JSON value on standard output; errors go to standard error.") var json = false
}

/// Whether `--json` was given anywhere on the command line.
enum Runtime {
    static let arguments: [String] = {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let end = arguments.firstIndex(of: "--") {
            arguments = Array(arguments[..<end]).filter { $0 != "--json" } + arguments[end...]
        } else {
            arguments = arguments.filter { $0 != "--json" }
        }
        return arguments
    }()
    static let json: Bool = {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        return arguments[..<end].contains("--json")
    }()
    static let app = GorillaApp()
}

/// Runs a command body and prints its output or error the same way for every command.
func perform(_ body: () async throws -> CommandOutput) async throws {
    defer { showWarnings() }
    do {
        let output = try await Runtime.app.refreshingLocalRefusals(body)
        showWarnings()
        for note in output.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
        if Runtime.json {
            print(String(decoding: try WireCoding.encoder.encode(output.json), as: UTF8.self))
        } else if !output.text.isEmpty {
            print(output.text)
        }
    } catch let error as ClientError {
        showWarnings()
        report(error)
        throw ExitCode(error.exitCode)
    }
}

/// Prints the warnings the command found (a lost cache) on standard error, once.
func showWarnings() {
    for warning in Runtime.app.takeWarnings() { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
}

func report(_ error: ClientError) {
    if Runtime.json {
        var object: [String: JSONValue] = ["kind": .string(error.kindName), "message": .string(error.message)]
        if let wire = error.wire { object["code"] = .number(Double(wire.code.rawValue)) }
        let line =
            (try? WireCoding.encoder.encode(JSONValue.object(["error": .object(object)]))).map {
                String(decoding: $0, as: UTF8.self)
            } ?? error.message
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    } else {
        FileHandle.standardError.write(Data("gorilla: \(error.message)\n".utf8))
    }
}

/// Reads a password from standard input (`--password-stdin`) or prompts without echo.
func readPassword(fromStandardInput: Bool, prompt: String = "Password: ") throws -> String {
    if fromStandardInput {
        guard let line = Terminal.readLine(), !line.isEmpty else {
            throw ValidationError("--password-stdin: no password on standard input")
        }
        return line
    }
    guard let secret = Terminal.readSecret(prompt: prompt) else {
        throw ValidationError("no terminal to ask for the password; use --password-stdin")
    }
    return secret
}

@main
struct Gorilla: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gorilla",
        abstract:
            "GorillaCoach from the terminal: clients, catalogue, calendar, training sessions, statistics, messages.",
        discussion: """
            Works offline: changes are kept on this device and synced when the server is reachable.
            State lives in $GORILLA_HOME (or the XDG config and data folders). Add --json to any command for JSON output.
            Start with: gorilla connect HOST:PORT, then gorilla register coach ... or gorilla login --user U.
            """,
        subcommands: [
            Connect.self, Register.self, Login.self, Logout.self, WhoAmI.self, ProfileCommand.self,
            PasswordCommand.self,
            Machines.self, Exercises.self, Trainings.self, Clients.self, Events.self, CalendarCommand.self,
            Sessions.self, Train.self,
            Stats.self, Measurements.self, Messages.self, Chat.self, NewsCommand.self, SyncCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await perform { try await Runtime.app.overview() }
    }

    static func main() async {
        umask(0o077)  // the cache and session hold credentials and clients' personal data
        Runtime.app.home.tightenPermissions()
        do {
            var command = try parseAsRoot(Runtime.arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
