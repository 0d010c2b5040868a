import ArgumentParser
import Foundation
import GorillaClient

struct Sessions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "The training history: log a session, list, show, correct, comment, delete and export.",
        subcommands: [Log.self, List.self, Show.self, Edit.self, Comment.self, Remove.self, Export.self],
        defaultSubcommand: List.self)

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Record a finished session without the stopwatch (hands-free).",
            discussion: """
                Each --set is "EXERCISE: SET, SET, ..." where SET is REPSxWEIGHT[kg|lb][@DURATION] (or METRESm[@DURATION] \
                for a distance exercise) with an optional type after a space or in parentheses (warmup, drop, failure; \
                normal by default), e.g.
                  --set "Prensa: 12x80kg@40s, 10x85kg@38s" --set "Crunch: 20x0kg" --set "Curl: 8x30lb(drop)"
                  --set "Rower: 2000m@7:30"
                A client logs their own training: without --client. \
                --from-file takes the same as JSON: [{"name": "Prensa", "sets": [{"reps": 12, "weight": 80, "unit": "kg", "duration": 40}]}]
                """)
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The client (a client logging their own training leaves it out).") var client: String?
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
            commandName: "show",
            abstract: "A session's exercises and sets, totals, time under tension and comments.",
            discussion: "--history lists every revision of the session (kept on the server: it needs the network).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The session id (or its short form).") var id: String
        @Flag(help: "Every revision: when, by whom and what changed, oldest first.") var history = false
        func run() async throws {
            if history {
                try await present(global) { try await SessionService($0).history(id) }
            } else {
                try await present(global) { try await SessionService($0).show(id) }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Correct a finished session (a new revision; earlier ones stay readable with show --history).",
            discussion: """
                --set "EXERCISE: SET, SET" replaces that exercise's sets, with the syntax of sessions log (the exercise \
                is added when the session does not have it); --remove-exercise takes one out. A client corrects only \
                the sessions they logged themselves.
                """)
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The session id (or its short form).") var id: String
        @Option(name: .customLong("set"), help: "\"EXERCISE: 12x80kg@40s, 10x85kg\" (repeatable).") var sets: [String] =
            []
        @Option(name: .customLong("remove-exercise"), help: "An exercise to take out (repeatable).")
        var removeExercises: [String] = []
        @Option(help: "The session's notes (\"\" removes them).") var notes: String?
        @Option(help: "Local start, \"YYYY-MM-DD HH:MM\" (the end moves with it).") var date: String?
        @Flag(help: "Keep exercise names your catalogue does not have by name only, instead of refusing them.")
        var allowNew = false

        func run() async throws {
            let request = SessionEditRequest(
                id: id, sets: sets, removeExercises: removeExercises, notes: notes, date: date, allowNew: allowNew)
            try await present(global) { try await SessionService($0).edit(request) }
        }
    }

    struct Comment: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "comment",
            abstract: "Comment on a session: the coach to the client, or the client to the coach.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The session id (or its short form).") var id: String
        @Argument(help: "The comment (1–2,000 characters).") var text: String
        func run() async throws {
            try await present(global) { try await SessionService($0).comment(on: id, text: text) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a session from the history.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @Flag(help: "Delete without asking (needed when there is no terminal to ask on).") var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla sessions rm")
                return try await SessionService($0).remove(id, confirmation: confirmation)
            }
        }
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
        abstract: "Train a client in real time (stopwatch) or fill in a hands-free session, full screen.",
        discussion: """
            Start with --client C, --event ID (its client) or --next (the event in progress, else the next \
            scheduled one; events name no training, so the session is free unless --training T is given). \
            --repeat last starts from the client's previous session: its exercises in order, last time's sets \
            shown and its weights prefilled. A session finished without a single set is not saved.

            The view follows the training's plan: each exercise shows its sets done against planned, the plan and \
            last time's sets; when an exercise's planned sets are done the next one is selected, and exercises of \
            one group (a superset or circuit, "group A" in the plan) take turns. After a set the planned rest counts \
            down and the terminal bell rings when it is over (without a planned rest the rest counts up).

            Real time: Space starts the set's stopwatch, then marks each repetition; Enter ends the set; w sets the \
            weight; p pauses.

            Hands-free (--hands-free, in yellow): a form, nothing timed. Each planned set is shown prefilled from \
            the plan and last time: Enter confirms it, or type the set as done (10, 10x82.5kg, 45s) and Enter; \
            s passes over a set. The session's times are the event's, else the training's length up to now, or \
            --start/--end.

            Both: ↑/↓ or k/j select an exercise; a picks one from the catalogue (type to narrow, small typos are \
            forgiven, ↑/↓ and Enter; the last line creates a new exercise); x removes one; K/J move it up or down; \
            e edits the sets of the selected exercise (←/→ choose, Enter change, d delete, t type); t changes the \
            next set's type (back to normal on another exercise); n writes a note; u undoes the last rep, set or \
            pass; q finishes (summary, then Enter or y saves); Esc cancels.

            Every step is kept on this device: after a crash, gorilla train --resume continues.

            --edit ID opens a finished session in the same view (as a form) to correct it: e edits or deletes \
            its sets, a typed set adds one, a/x/K/J add, remove and move exercises, n changes the note; saving \
            stores a new revision of it (gorilla sessions show ID --history lists them).
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
    @Flag(name: .customLong("hands-free"), help: "Fill in the session afterwards as a form: no stopwatch.")
    var handsFree = false
    @Option(help: "Hands-free: when the session started, \"YYYY-MM-DD HH:MM\" (default: the event's start).")
    var start: String?
    @Option(help: "Hands-free: when it ended, \"YYYY-MM-DD HH:MM\" or \"HH:MM\" (default: start + length).")
    var end: String?
    @Flag(help: "Continue the unfinished session of this device, else the newest of your other devices.")
    var resume = false
    @Option(help: "Open the view on a finished session to correct it (a new revision of it).") var edit: String?

    var request: TrainRequest {
        TrainRequest(
            client: client, training: training, free: free, event: event, next: next, repeating: repeating,
            handsFree: handsFree, start: start, end: end)
    }

    func validate() throws {
        if edit != nil {
            guard client == nil, event == nil, !next, training == nil, !free, repeating == nil, !handsFree,
                start == nil, end == nil, !resume
            else {
                throw ValidationError("--edit ID opens that session to correct it: give it alone")
            }
            return
        }
        if resume {
            guard client == nil, event == nil, !next, training == nil, !free, repeating == nil, !handsFree,
                start == nil, end == nil
            else {
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
            let prepared: SessionRecorder? =
                if let edit { try await service.prepareEdit(edit) } else if resume { nil } else {
                    try await service.prepare(request)
                }
            let resumed = resume ? try await service.prepareResume() : nil
            if let notice = resumed?.notice { return notice }  // the session went on on another device
            let terminal = try TrainView.openTerminal()
            let recorder: SessionRecorder
            if let prepared {
                try await service.begin(prepared)
                recorder = prepared
            } else {
                recorder = try await service.takeOver(resumed!)
            }
            let view = TrainView(recorder: recorder) { try service.persist($0) }
            let final: SessionRecorder
            do {
                final = try await view.run(on: terminal)
            } catch let interruption as TerminalInterruption {
                try? service.keepUnfinished()  // queued for the account's other devices; synced by the next command
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
