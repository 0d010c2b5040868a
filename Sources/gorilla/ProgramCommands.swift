import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// The options that set a program's length, days, progressions and deload (`programs add|edit`).
struct ProgramOptions: ParsableArguments {
    @Option(help: ArgumentHelp(ProgramPhrases.helpWeeks.t())) var weeks: Int?
    @Option(help: ArgumentHelp(ProgramPhrases.helpCycle.t())) var cycle: Int?
    @Option(name: .customLong("day"), help: ArgumentHelp(ProgramPhrases.helpDay.t())) var days: [String] = []
    @Option(help: ArgumentHelp(ProgramPhrases.helpProgress.t())) var progress: [String] = []
    @Option(help: ArgumentHelp(ProgramPhrases.helpDeload.t())) var deload: String?
    @Option(help: ArgumentHelp(ProgramPhrases.helpNotes.t())) var notes: String?

    func fields(dropProgress: [String] = [], dropDeload: Bool = false) -> ProgramFields {
        ProgramFields(
            weeks: weeks, cycle: cycle, days: days, progress: progress, dropProgress: dropProgress, deload: deload,
            dropDeload: dropDeload, notes: notes)
    }
}

struct Programs: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "programs",
            abstract: ProgramPhrases.helpPrograms.t(),
            subcommands: [
                Add.self, List.self, Show.self, Edit.self, Rename.self, Duplicate.self, Remove.self, Assign.self,
                Unassign.self, Shift.self, LibraryPublish<Programs>.self, LibraryCopy<Programs>.self,
            ],
            defaultSubcommand: List.self)
    }

    struct Add: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "add", abstract: ProgramPhrases.helpProgramsAdd.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @OptionGroup var options: ProgramOptions
        func run() async throws {
            try await present(global) { try await ProgramService($0).add(name: name, options.fields()) }
        }
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "list", abstract: ProgramPhrases.helpProgramsList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        func run() async throws { try await present(global) { try await ProgramService($0).list() } }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "show", abstract: ProgramPhrases.helpProgramsShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(CataloguePhrases.helpNameOrID.t())) var name: String
        func run() async throws { try await present(global) { try await ProgramService($0).show(name) } }
    }

    struct Edit: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "edit", abstract: ProgramPhrases.helpProgramsEdit.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(CataloguePhrases.helpNameOrID.t())) var name: String
        @OptionGroup var options: ProgramOptions
        @Option(help: ArgumentHelp(ProgramPhrases.helpNoProgress.t())) var noProgress: [String] = []
        @Flag(help: ArgumentHelp(ProgramPhrases.helpNoDeload.t())) var noDeload = false
        func run() async throws {
            try await present(global) {
                try await ProgramService($0).edit(name, options.fields(dropProgress: noProgress, dropDeload: noDeload))
            }
        }
    }

    struct Rename: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rename", abstract: ProgramPhrases.helpProgramsRename.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await ProgramService($0).rename(name, to: newName) }
        }
    }

    struct Duplicate: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "duplicate", abstract: ProgramPhrases.helpProgramsDuplicate.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await ProgramService($0).duplicate(name, as: newName) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rm", abstract: ProgramPhrases.helpProgramsRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @Flag(help: ArgumentHelp(CataloguePhrases.helpYesDelete.t())) var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla programs rm")
                return try await ProgramService($0).remove(name, confirmation: confirmation)
            }
        }
    }

    struct Assign: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "assign", abstract: ProgramPhrases.helpProgramsAssign.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @Option(help: ArgumentHelp(ProgramPhrases.helpClient.t()), completion: .names(.client)) var client: String
        @Option(help: ArgumentHelp(ProgramPhrases.helpStart.t())) var start: String
        @Option(help: ArgumentHelp(ProgramPhrases.helpAt.t())) var at: String?
        @Flag(help: ArgumentHelp(ProgramPhrases.helpBook.t())) var book = false
        @Flag(name: .customLong("repeat"), help: ArgumentHelp(ProgramPhrases.helpRepeat.t())) var repeats = false
        @Option(help: ArgumentHelp(ProgramPhrases.helpBaseline.t())) var baseline: [String] = []
        func run() async throws {
            let fields = AssignmentFields(start: start, at: at, book: book, repeats: repeats, baselines: baseline)
            try await present(global) { try await AssignmentService($0).assign(name, client: client, fields) }
        }
    }

    struct Unassign: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "unassign", abstract: ProgramPhrases.helpProgramsUnassign.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @Option(help: ArgumentHelp(ProgramPhrases.helpClient.t()), completion: .names(.client)) var client: String
        func run() async throws {
            try await present(global) { try await AssignmentService($0).unassign(name, client: client) }
        }
    }

    struct Shift: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "shift", abstract: ProgramPhrases.helpProgramsShift.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(ProgramPhrases.helpProgramOptional.t())) var name: String?
        @Option(help: ArgumentHelp(ProgramPhrases.helpClient.t()), completion: .names(.client)) var client: String
        @Option(help: ArgumentHelp(ProgramPhrases.helpShiftDays.t())) var days: Int
        @Option(help: ArgumentHelp(ProgramPhrases.helpShiftFrom.t())) var from: String?
        func run() async throws {
            try await present(global) {
                try await AssignmentService($0).shift(name, client: client, days: days, from: from)
            }
        }
    }
}

struct Today: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "today", abstract: ProgramPhrases.helpToday.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Option(help: ArgumentHelp(ProgramPhrases.helpClient.t()), completion: .names(.client)) var client: String?
    @Option(help: ArgumentHelp(ProgramPhrases.helpDate.t())) var date: String?
    func run() async throws {
        try await present(global) { try await TodayService($0).today(client: client, date: date) }
    }
}
