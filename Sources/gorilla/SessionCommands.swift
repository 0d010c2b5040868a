import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct Sessions: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sessions", abstract: TrainingPhrases.helpSessions.t(),
            subcommands: [Log.self, List.self, Show.self, Edit.self, Comment.self, Remove.self, Export.self],
            defaultSubcommand: List.self)
    }

    struct Log: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "log", abstract: TrainingPhrases.helpLog.t(),
                discussion: TrainingPhrases.helpLogDiscussion.t([
                    "example":
                        #"[{"name": "Prensa", "sets": [{"reps": 12, "weight": 80, "unit": "kg", "duration": 40}]}]"#
                ]))
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(TrainingPhrases.helpLogClient.t()), completion: .names(.client))
        var client: String?
        @Option(help: ArgumentHelp(TrainingPhrases.helpLogTraining.t())) var training: String?
        @Option(help: ArgumentHelp(TrainingPhrases.helpLogEvent.t())) var event: String?
        @Option(help: ArgumentHelp(TrainingPhrases.helpLogDate.t())) var date: String?
        @Option(help: ArgumentHelp(TrainingPhrases.helpLogMode.t())) var mode: String?
        @Option(name: .customLong("set"), help: ArgumentHelp(TrainingPhrases.helpSet.t())) var sets: [String] = []
        @Option(name: .customLong("from-file"), help: ArgumentHelp(TrainingPhrases.helpLogFile.t())) var file: String?
        @Option(help: ArgumentHelp(TrainingPhrases.helpLogNotes.t())) var notes: String?
        @Option(help: ArgumentHelp(TrainingPhrases.helpLogDuration.t())) var duration: String?
        @Flag(help: ArgumentHelp(TrainingPhrases.helpAllowNew.t())) var allowNew = false

        func run() async throws {
            let request = SessionLogRequest(
                client: client, training: training, event: event, date: date, mode: mode, sets: sets, file: file,
                notes: notes, allowNew: allowNew, duration: duration)
            try await present(global) { try await SessionService($0).log(request) }
        }
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "list", abstract: TrainingPhrases.helpList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(TrainingPhrases.helpListClient.t()), completion: .names(.client))
        var client: String?
        @OptionGroup var range: RangeOptions
        func run() async throws {
            try await present(global) {
                try await SessionService($0).list(client: client, from: range.from, to: range.to)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "show", abstract: TrainingPhrases.helpShow.t(),
                discussion: TrainingPhrases.helpShowDiscussion.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(TrainingPhrases.helpSessionID.t())) var id: String
        @Flag(help: ArgumentHelp(TrainingPhrases.helpShowHistory.t())) var history = false
        func run() async throws {
            if history {
                try await present(global) { try await SessionService($0).history(id) }
            } else {
                try await present(global) { try await SessionService($0).show(id) }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "edit", abstract: TrainingPhrases.helpEdit.t(),
                discussion: TrainingPhrases.helpEditDiscussion.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(TrainingPhrases.helpSessionID.t())) var id: String
        @Option(name: .customLong("set"), help: ArgumentHelp(TrainingPhrases.helpSet.t())) var sets: [String] = []
        @Option(name: .customLong("remove-exercise"), help: ArgumentHelp(TrainingPhrases.helpEditRemoveExercise.t()))
        var removeExercises: [String] = []
        @Option(help: ArgumentHelp(TrainingPhrases.helpEditNotes.t())) var notes: String?
        @Option(help: ArgumentHelp(TrainingPhrases.helpEditDate.t())) var date: String?
        @Option(help: ArgumentHelp(TrainingPhrases.helpEditDuration.t())) var duration: String?
        @Flag(help: ArgumentHelp(TrainingPhrases.helpAllowNew.t())) var allowNew = false

        func run() async throws {
            let request = SessionEditRequest(
                id: id, sets: sets, removeExercises: removeExercises, notes: notes, date: date, allowNew: allowNew,
                duration: duration)
            try await present(global) { try await SessionService($0).edit(request) }
        }
    }

    struct Comment: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "comment", abstract: TrainingPhrases.helpComment.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(TrainingPhrases.helpSessionID.t())) var id: String
        @Argument(help: ArgumentHelp(TrainingPhrases.helpCommentText.t(["limit": Language.current.grouped(Message.maxLength)]))) var text: String
        func run() async throws {
            try await present(global) { try await SessionService($0).comment(on: id, text: text) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rm", abstract: TrainingPhrases.helpRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var id: String
        @Flag(help: ArgumentHelp(TrainingPhrases.helpRemoveYes.t())) var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla sessions rm")
                return try await SessionService($0).remove(id, confirmation: confirmation)
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "export", abstract: TrainingPhrases.helpExport.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var id: String
        @Option(help: ArgumentHelp(TrainingPhrases.helpExportFormat.t())) var format: String = "txt"
        func run() async throws {
            try await present(global) { try await SessionService($0).export(id, format: format) }
        }
    }
}

struct Train: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "train", abstract: TrainingPhrases.helpTrain.t(),
            discussion: TrainingPhrases.helpTrainDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Option(help: ArgumentHelp(TrainingPhrases.helpTrainClient.t()), completion: .names(.client))
    var client: String?
    @Option(help: ArgumentHelp(TrainingPhrases.helpTrainTraining.t())) var training: String?
    @Flag(help: ArgumentHelp(TrainingPhrases.helpTrainFree.t())) var free = false
    @Option(help: ArgumentHelp(TrainingPhrases.helpTrainEvent.t())) var event: String?
    @Flag(help: ArgumentHelp(TrainingPhrases.helpTrainNext.t())) var next = false
    @Flag(help: ArgumentHelp(ProgramPhrases.helpTrainToday.t())) var today = false
    /// `--repeat`'s value as typed, read by ``TrainRequest/Repeat/init(typed:)`` in any language.
    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(TrainingPhrases.helpTrainRepeat.t(["last": Keyword.last.spelled()])))
    var repeating: String?
    @Flag(name: .customLong("hands-free"), help: ArgumentHelp(TrainingPhrases.helpTrainHandsFree.t()))
    var handsFree = false
    @Option(help: ArgumentHelp(TrainingPhrases.helpTrainStart.t())) var start: String?
    @Option(help: ArgumentHelp(TrainingPhrases.helpTrainEnd.t())) var end: String?
    @Flag(help: ArgumentHelp(TrainingPhrases.helpTrainResume.t())) var resume = false
    @Option(help: ArgumentHelp(TrainingPhrases.helpTrainEdit.t())) var edit: String?

    /// What to train, as asked.
    /// - Throws: ``ClientError`` `.usage` when `--repeat`'s value names nothing.
    var request: TrainRequest {
        get throws {
            var request = TrainRequest(
                client: client, training: training, free: free, event: event, next: next,
                repeating: try repeating.map(TrainRequest.Repeat.init(typed:)),
                handsFree: handsFree, start: start, end: end)
            request.today = today
            // --next asks which appointment when it is not certain; without a terminal (or with --json) it says what to pass.
            if next, !global.json, Terminal.canAsk { request.chooseNext = Self.askWhichAppointment }
            return request
        }
    }

    /// Lists the appointments numbered on standard error and reads the number chosen (nil for none).
    @Sendable static func askWhichAppointment(_ title: String, _ lines: [String]) -> Int? {
        let numbered = lines.enumerated().map { "  \($0.offset + 1)) \($0.element)" }
        let prompt = CalendarPhrases.nextChoosePrompt.t(["count": lines.count])
        FileHandle.standardError.write(Data(([title] + numbered + [prompt]).joined(separator: "\n").utf8))
        guard let answer = readLine(), let number = Int(answer.trimmingCharacters(in: .whitespaces)) else {
            return nil
        }
        return number - 1
    }

    func validate() throws {
        if edit != nil {
            guard client == nil, event == nil, !next, training == nil, !free, repeating == nil, !handsFree,
                start == nil, end == nil, !resume, !today
            else {
                throw ValidationError(TrainingPhrases.trainEditAlone.t())
            }
            return
        }
        if resume {
            guard client == nil, event == nil, !next, training == nil, !free, repeating == nil, !handsFree,
                start == nil, end == nil, !today
            else {
                throw ValidationError(TrainingPhrases.trainResumeAlone.t())
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
                    try await service.prepare(try request)
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
