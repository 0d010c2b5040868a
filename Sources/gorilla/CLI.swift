import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Options every command takes: the root's, and each command's own copy of the same group, so that argument-parser
/// reads `--json` wherever it stands (`gorilla --json machines`, `gorilla machines --json`) and every `--help` lists
/// it.
struct GlobalOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(HelpPhrases.jsonHelp.t())) var json = false
    @Option(help: ArgumentHelp(HelpPhrases.languageHelp.t())) var language: String?
    @Flag(help: ArgumentHelp(HelpPhrases.quietHelp.t())) var quiet = false

    func validate() throws {
        if let language, Language(code: language) == nil {
            throw ValidationError(HelpPhrases.languageInvalid.t())
        }
    }
}

/// What this process shares: its device context, and the umask it was started with.
enum Runtime {
    static let context = DeviceContext()
    /// The umask the command was started with, before ``Gorilla/main()`` made its own files private: files the user
    /// asks for (`--save-photo`) are made with it.
    nonisolated(unsafe) static var startingUmask: mode_t = 0o022
}

/// Runs a service call on the process's device context and prints its result (or error) the same way for every
/// command: the text for a person, or the result's JSON with `--json`; notes and warnings on standard error, and a
/// progress line while long work runs (``showingProgress(_:)``).
func present<Result: Presentable>(
    _ options: GlobalOptions, _ body: (DeviceContext) async throws -> Result
) async throws {
    let context = Runtime.context
    defer { showWarnings() }
    let meter = showingProgress(options)
    do {
        let result = try await context.speaking {
            defer { meter?.finish() }
            return try await context.command {
                try await context.refreshingLocalRefusals { try await body(context) }
            }
        }
        let viewer = context.viewer(
            width: Terminal.isInteractive ? FullScreenTerminal.size.columns : nil, style: .forDescriptor())
        showWarnings()
        try await context.speaking {
            for note in context.takeNotes() + result.notes(for: viewer) {
                FileHandle.standardError.write(Data("\(note)\n".utf8))
            }
            if options.json {
                print(try result.jsonText)
            } else {
                let text = result.fittedText(for: viewer)
                if !text.isEmpty { print(text) }
            }
        }
    } catch let error as ClientError {
        showWarnings()
        report(error, asJSON: options.json)
        throw ExitCode(error.exitCode)
    } catch {
        // A network failure or a cache that cannot be written (a full disk) that reached here unnamed is still said
        // in plain words, in the user's language (never a system call's name or an SQLite code).
        guard
            let lost = ClientError.lostConnection(error)
                ?? ClientError.cacheFailure(error, path: Runtime.context.home.cachePath)
        else { throw error }
        showWarnings()
        report(lost, asJSON: options.json)
        throw ExitCode(lost.exitCode)
    }
}

/// Draws long work's progress on standard error when it is a terminal, unless `--json` or `--quiet` (which also keeps
/// the context's chatter back); returns the meter, to be finished before anything else is printed.
func showingProgress(_ options: GlobalOptions) -> ProgressMeter? {
    let context = Runtime.context
    if options.quiet { context.side.keepQuiet() }
    guard !options.json, !options.quiet, let meter = ProgressMeter.onStandardError(language: context.language) else {
        return nil
    }
    context.side.reportProgress(to: { meter.report($0) })
    return meter
}

/// Prints the warnings the command found (a lost cache) on standard error, once.
func showWarnings() {
    for warning in Runtime.context.takeWarnings() { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
}

/// Prints an error as one line on standard error (a JSON object with `--json`).
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
func readPassword(fromStandardInput: Bool, prompt: String = AccountPhrases.passwordPrompt.t()) throws -> String {
    if fromStandardInput {
        guard let line = Terminal.readLine(), !line.isEmpty else {
            throw ValidationError(AccountPhrases.noPasswordOnStandardInput.t())
        }
        return line
    }
    guard let secret = Terminal.readSecret(prompt: prompt) else {
        throw ValidationError(AccountPhrases.noTerminalForPassword.t())
    }
    return secret
}

/// Reads a new password from standard input (`--password-stdin`, once) or asks on the terminal: typed twice, and
/// asked again when the two differ or it is too short.
func readNewPassword(fromStandardInput: Bool) throws -> String {
    if fromStandardInput { return try readPassword(fromStandardInput: true) }
    guard let prompt = NewPasswordPrompt.onTerminal() else {
        throw ValidationError(AccountPhrases.noTerminalForPassword.t())
    }
    do {
        return try prompt.ask()
    } catch let error as ClientError {
        throw ValidationError(error.message)
    }
}

@main
struct Gorilla: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "gorilla",
            abstract: AccountPhrases.helpRoot.t(),
            discussion: AccountPhrases.helpRootDiscussion.t(),
            subcommands: [
                Connect.self, Register.self, Login.self, Logout.self, WhoAmI.self, ProfileCommand.self,
                PasswordCommand.self,
                Machines.self, Exercises.self, Trainings.self, Programs.self, Today.self, Clients.self, Events.self,
                CalendarCommand.self, Feed.self,
                Agenda.self, Sessions.self, Train.self,
                Stats.self, Measurements.self, Messages.self, Chat.self, Watch.self, NewsCommand.self,
                SyncCommand.self, ExportCommand.self, ImportCommand.self, SettingsCommand.self, GymCommand.self,
            ]
        )
    }

    @OptionGroup var global: GlobalOptions

    /// The language `--language ca|es|en` (or `--language=…`) asks for, when given and known.
    static func languageAsked(_ arguments: [String]) -> Language? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--language", index + 1 < arguments.count { return Language(code: arguments[index + 1]) }
            if argument.hasPrefix("--language=") { return Language(code: String(argument.dropFirst(11))) }
        }
        return nil
    }

    func run() async throws {
        try await present(global) { try await OverviewService($0).overview() }
    }

    static func main() async {
        Runtime.startingUmask = umask(0o077)  // the cache and session hold credentials and clients' personal data
        Runtime.context.home.tightenPermissions()
        // `--language` is read before the arguments are parsed: the help and the parser's errors speak it too.
        if let language = Self.languageAsked(CommandLine.arguments) { Runtime.context.speak(language) }
        await Runtime.context.speaking {
            do {
                var command = try parseAsRoot()
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } catch {
                HelpLanguage.exit(for: error)
            }
        }
    }
}

extension CompletionKind {
    /// Completes the names of `kind` held in this device's cache (``CompletionNames``): the shell's script calls the
    /// CLI back with `---completion`, which answers from the cache alone, quickly and silently.
    static func names(_ kind: CompletionNames.Kind) -> CompletionKind {
        .custom { _, _, prefix in
            let names = CompletionNames.names(kind, prefix: prefix)
            return CompletionShell.requesting == .zsh ? names.map(forZsh) : names
        }
    }

    /// `name` as zsh's `_describe` reads a completion: a colon would start a description (`Cable: high` offered as
    /// `Cable`), so it and the backslash are escaped.
    static func forZsh(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
    }
}
