import ArgumentParser
import Foundation
import GorillaClient

struct Sessions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "The training history: log a session, list, show, delete and export.",
        subcommands: [Log.self, List.self, Show.self, Remove.self, Export.self], defaultSubcommand: List.self)

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Record a finished session without the stopwatch (hands-free).",
            discussion: """
                Each --set is "EXERCISE: SET, SET, ..." where SET is REPSxWEIGHT[kg|lb][@DURATION] with an optional
                type after a space or in parentheses (warmup, drop, failure; normal by default), e.g.
                  --set "Prensa: 12x80kg@40s, 10x85kg@38s" --set "Crunch: 20x0kg" --set "Curl: 8x30lb(drop)"
                --from-file takes the same as JSON: [{"name": "Prensa", "sets": [{"reps": 12, "weight": 80, "unit": "kg", "duration": 40}]}]
                """)
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The client.") var client: String
        @Option(help: "The training (routine) followed.") var training: String?
        @Option(help: "The event this session fulfils (marked done).") var event: String?
        @Option(help: "Local start, \"YYYY-MM-DD HH:MM\" (default now).") var date: String?
        @Option(help: "handsfree (default) or realtime.") var mode: String?
        @Option(name: .customLong("set"), help: "\"EXERCISE: 12x80kg@40s, 10x85kg\" (repeatable).") var sets: [String] =
            []
        @Option(name: .customLong("from-file"), help: "A JSON file with the exercises and sets.") var file: String?
        @Option(help: "A note about the session.") var notes: String?
        @Flag(help: "Keep exercise names your catalogue does not have by name only, instead of refusing them.")
        var allowNew = false

        func run() async throws {
            let request = SessionLogRequest(
                client: client, training: training, event: event, date: date, mode: mode, sets: sets, file: file,
                notes: notes, allowNew: allowNew)
            try await present(global) { try await SessionService($0).log(request) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Sessions, newest first (clients see their own).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "Only this client.") var client: String?
        @OptionGroup var range: RangeOptions
        func run() async throws {
            try await present(global) {
                try await SessionService($0).list(client: client, from: range.from, to: range.to)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "A session's exercises and sets, totals and time under tension.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The session id (or its short form).") var id: String
        func run() async throws { try await present(global) { try await SessionService($0).show(id) } }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a session from the history.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        func run() async throws { try await present(global) { try await SessionService($0).remove(id) } }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Print a session as text, CSV or JSON.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @Option(help: "txt, csv or json.") var format: String = "txt"
        func run() async throws {
            try await present(global) { try await SessionService($0).export(id, format: format) }
        }
    }
}

struct Train: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train a client in real time (stopwatch) or hands-free, full screen.",
        discussion: """
            Start with --client C, --event ID (its client) or --next (the event in progress, else the next
            scheduled one; events name no training, so the session is free unless --training T is given).
            --repeat last starts from the client's previous session: its exercises in order, last time's sets
            shown and its weights prefilled. A session finished without a single set is not saved.
            Keys: Space starts the set's stopwatch, then marks each repetition; Enter ends the set and starts the
            rest timer; ↑/↓ or k/j select the exercise; with --free, a adds and x removes one; w sets the weight;
            t changes the set type (back to normal on another exercise); p pauses; u undoes the last rep or set;
            q finishes (summary, then save y/n); Esc cancels.
            Every step is kept on this device: after a crash, gorilla train --resume continues.
            """)
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Option(help: "The client (taken from the event with --event or --next).") var client: String?
    @Option(help: "The training (routine) to follow.") var training: String?
    @Flag(help: "Add exercises as you go.") var free = false
    @Option(help: "The event this session fulfils (marked done when saved); its client trains.") var event: String?
    @Flag(help: "Start the event in progress now, else the next scheduled one (marked done when saved).")
    var next = false
    @Option(name: .customLong("repeat"), help: "last: start from the client's previous session.")
    var repeating: TrainRequest.Repeat?
    @Flag(name: .customLong("hands-free"), help: "Enter the reps after each set instead of marking them.")
    var handsFree = false
    @Flag(help: "Continue the unfinished session of this device.") var resume = false

    var request: TrainRequest {
        TrainRequest(
            client: client, training: training, free: free, event: event, next: next, repeating: repeating,
            handsFree: handsFree)
    }

    func validate() throws {
        if resume {
            guard client == nil, event == nil, !next, training == nil, !free, repeating == nil else {
                throw ValidationError("--resume continues the unfinished session: give it alone")
            }
            return
        }
        do {
            try request.validate()
        } catch let error as ClientError {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        try await present(global) { context in
            let service = TrainService(context)
            // Every refusal first, then the terminal, and only then is anything kept: a run that cannot show the view
            // leaves nothing for --resume to find.
            let prepared = resume ? nil : try await service.prepare(request)
            let terminal = try TrainView.openTerminal()
            let recorder: SessionRecorder
            if let prepared {
                try service.begin(prepared)
                recorder = prepared
            } else {
                recorder = try service.resume()
            }
            let view = TrainView(recorder: recorder) { try service.persist($0) }
            let final: SessionRecorder
            do {
                final = try await view.run(on: terminal)
            } catch let interruption as TerminalInterruption {
                throw ExitCode(interruption.exitCode)  // every step is saved: gorilla train --resume continues
            } catch let error as ClientError {
                throw error
            } catch {
                throw ClientError(.local, "\(error)")
            }
            return try await service.finish(final)
        }
    }
}

extension TrainRequest.Repeat: ExpressibleByArgument {}
