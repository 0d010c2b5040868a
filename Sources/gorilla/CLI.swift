import ArgumentParser
import Foundation
import GorillaClient
import GorillaShared

#if canImport(Glibc)
import Glibc
#endif

/// Options of the root command that every command honours (`gorilla --json machines` or `gorilla machines --json`).
struct GlobalOptions: ParsableArguments {
    @Flag(help: "Print one JSON value on standard output; errors go to standard error.") var json = false
}

/// What this process shares: the device context and, for the commands not yet moved to services, the app.
enum Runtime {
    static let context = DeviceContext()
    static let app = GorillaApp()
}

/// Runs a command body and prints its output or error the same way for every command.
func perform(_ root: Gorilla, _ body: () async throws -> CommandOutput) async throws {
    let json = root.global.json
    defer { showWarnings() }
    do {
        let output = try await Runtime.context.command { try await Runtime.app.refreshingLocalRefusals(body) }
        show(output.text, json: output.json, notes: output.notes, asJSON: json)
    } catch let error as ClientError {
        showWarnings()
        report(error, asJSON: json)
        throw ExitCode(error.exitCode)
    }
}

/// Runs a service call for the device context and prints its result (or error) the same way for every command.
func present<Result: Presentable>(
    _ root: Gorilla, _ body: (DeviceContext) async throws -> Result
) async throws {
    let context = Runtime.context
    let json = root.global.json
    defer { showWarnings() }
    do {
        let result = try await context.command { try await context.refreshingLocalRefusals { try await body(context) } }
        let viewer = context.viewer(
            width: Terminal.isInteractive ? FullScreenTerminal.size.columns : nil, style: .forDescriptor())
        let text = json ? "" : result.text(for: viewer)
        show(text, json: json ? try result.json : .null, notes: context.takeNotes() + result.notes(for: viewer),
            asJSON: json)
    } catch let error as ClientError {
        showWarnings()
        report(error, asJSON: json)
        throw ExitCode(error.exitCode)
    }
}

/// Prints a command's warnings and notes on standard error and its output on standard output.
private func show(_ text: String, json: JSONValue, notes: [String], asJSON: Bool) {
    showWarnings()
    for note in notes + Runtime.context.takeNotes() { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
    if asJSON {
        // Encoding a JSONValue cannot fail.
        print(String(decoding: (try? WireCoding.encoder.encode(json)) ?? Data("null".utf8), as: UTF8.self))
    } else if !text.isEmpty {
        print(text)
    }
}

/// Prints the warnings the command found (a lost cache) on standard error, once.
func showWarnings() {
    for warning in Runtime.app.takeWarnings() + Runtime.context.takeWarnings() { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
}

func report(_ error: ClientError, asJSON: Bool) {
    if asJSON {
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
        try await present(self) { try await OverviewService($0).overview() }
    }

    static func main() async {
        umask(0o077)  // the cache and session hold credentials and clients' personal data
        Runtime.app.home.tightenPermissions()
        do {
            var command = try parseAsRoot()
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
