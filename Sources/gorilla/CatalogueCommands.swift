import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct Machines: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "machines",
            abstract: CataloguePhrases.helpMachines.t(),
            subcommands: [Add.self, List.self, Show.self, Rename.self, Remove.self],
            defaultSubcommand: List.self)
    }

    struct Add: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "add", abstract: CataloguePhrases.helpMachinesAdd.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @Option(help: ArgumentHelp(CataloguePhrases.helpMachinesAddImage.t())) var image: String?
        @Flag(help: ArgumentHelp(GymPhrases.helpMachinesGym.t())) var gym = false
        func run() async throws {
            if gym {
                try await present(global) { context in
                    if image != nil { throw ClientError(.usage, GymPhrases.libraryNoImage.t()) }
                    return try await LibraryService(context).addMachine(name)
                }
            } else {
                try await present(global) { try await MachineService($0).add(name: name, imageFile: image) }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "list", abstract: CataloguePhrases.helpMachinesList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        func run() async throws { try await present(global) { try await MachineService($0).list() } }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "show", abstract: CataloguePhrases.helpMachinesShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(CataloguePhrases.helpNameOrID.t()), completion: .names(.machine))
        var name: String
        @Option(help: ArgumentHelp(CataloguePhrases.helpMachinesShowSaveImage.t())) var saveImage: String?
        func run() async throws {
            try await present(global) { try await MachineService($0).show(name, saveImage: saveImage) }
        }
    }

    struct Rename: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rename", abstract: CataloguePhrases.helpMachinesRename.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.machine)) var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await CatalogueService($0).rename(.machine, name, to: newName) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "rm", abstract: CataloguePhrases.helpMachinesRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.machine)) var name: String
        @Flag(help: ArgumentHelp(CataloguePhrases.helpYesDelete.t())) var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla machines rm")
                return try await CatalogueService($0).remove(.machine, name, confirmation: confirmation)
            }
        }
    }
}

struct ExerciseOptions: ParsableArguments {
    @Option(help: ArgumentHelp(CataloguePhrases.helpExerciseMachine.t()), completion: .names(.machine))
    var machine: String?
    @Option(help: ArgumentHelp(CataloguePhrases.helpExerciseDescription.t())) var description: String?
    @Option(name: .customLong("muscle"), help: ArgumentHelp(CataloguePhrases.helpExerciseMuscle.t())) var muscles:
        [String] = []
    @Option(help: ArgumentHelp(CataloguePhrases.helpExerciseCount.t())) var count: String?
}

struct Exercises: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "exercises",
            abstract: CataloguePhrases.helpExercises.t(),
            subcommands: [
                Add.self, List.self, Show.self, Edit.self, Rename.self, Remove.self, LibraryPublish<Self>.self,
                LibraryCopy<Self>.self,
            ],
            defaultSubcommand: List.self
        )
    }

    struct Add: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "add", abstract: CataloguePhrases.helpExercisesAdd.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @OptionGroup var options: ExerciseOptions
        func run() async throws {
            let fields = ExerciseFields(
                machine: options.machine, description: options.description,
                muscles: options.muscles, count: options.count)
            try await present(global) { try await ExerciseService($0).add(name: name, fields) }
        }
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "list", abstract: CataloguePhrases.helpExercisesList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(CataloguePhrases.helpExercisesListSearch.t())) var search: String?
        func run() async throws { try await present(global) { try await ExerciseService($0).list(search: search) } }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "show", abstract: CataloguePhrases.helpExercisesShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(CataloguePhrases.helpNameOrID.t()), completion: .names(.exercise))
        var name: String
        func run() async throws { try await present(global) { try await ExerciseService($0).show(name) } }
    }

    struct Edit: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "edit", abstract: CataloguePhrases.helpExercisesEdit.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.exercise)) var name: String
        @OptionGroup var options: ExerciseOptions
        @Flag(help: ArgumentHelp(CataloguePhrases.helpExercisesEditNoMachine.t())) var noMachine = false
        func run() async throws {
            let fields = ExerciseFields(
                machine: options.machine, clearMachine: noMachine, description: options.description,
                muscles: options.muscles.isEmpty ? nil : options.muscles, count: options.count)
            try await present(global) { try await ExerciseService($0).edit(name, fields) }
        }
    }

    struct Rename: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rename", abstract: CataloguePhrases.helpExercisesRename.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.exercise)) var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await CatalogueService($0).rename(.exercise, name, to: newName) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "rm", abstract: CataloguePhrases.helpExercisesRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.exercise)) var name: String
        @Flag(help: ArgumentHelp(CataloguePhrases.helpYesDelete.t())) var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla exercises rm")
                return try await CatalogueService($0).remove(.exercise, name, confirmation: confirmation)
            }
        }
    }
}

struct Trainings: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "trainings",
            abstract: CataloguePhrases.helpTrainings.t(),
            subcommands: [
                Add.self, List.self, Show.self, Edit.self, Duplicate.self, Rename.self, Remove.self,
                LibraryPublish<Self>.self, LibraryCopy<Self>.self,
            ],
            defaultSubcommand: List.self)
    }

    struct Add: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "add", abstract: CataloguePhrases.helpTrainingsAdd.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var name: String
        @Option(
            name: .customLong("exercise"), help: ArgumentHelp(CataloguePhrases.helpTrainingsAddExercise.t()),
            completion: .names(.exercise))
        var exercises: [String] = []
        @Option(
            name: .customLong("plan"),
            help: ArgumentHelp(
                CataloguePhrases.helpTrainingsAddPlan.t(),
                discussion: CataloguePhrases.helpTrainingsAddPlanExamples.t(),
                valueName: "EXERCISE: PLAN")) var plans: [String] = []
        func run() async throws {
            try await present(global) {
                try await TrainingService($0).add(name: name, exercises: exercises, plans: plans)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "list", abstract: CataloguePhrases.helpTrainingsList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        func run() async throws { try await present(global) { try await TrainingService($0).list() } }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "show", abstract: CataloguePhrases.helpTrainingsShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.training)) var name: String
        func run() async throws { try await present(global) { try await TrainingService($0).show(name) } }
    }

    struct Edit: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "edit", abstract: CataloguePhrases.helpTrainingsEdit.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.training)) var name: String
        @Option(help: ArgumentHelp(CataloguePhrases.helpTrainingsEditAdd.t())) var add: [String] = []
        @Option(help: ArgumentHelp(CataloguePhrases.helpTrainingsEditRemove.t())) var remove: [String] = []
        @Option(help: ArgumentHelp(CataloguePhrases.helpTrainingsEditMove.t())) var move: String?
        @Option(help: ArgumentHelp(CataloguePhrases.helpTrainingsEditTo.t())) var to: Int?
        @Option(
            name: .customLong("plan"),
            help: ArgumentHelp(
                CataloguePhrases.helpTrainingsEditPlan.t(),
                valueName: "EXERCISE: PLAN")) var plans: [String] = []
        func run() async throws {
            try await present(global) {
                try await TrainingService($0).edit(name, add: add, remove: remove, move: move, to: to, plans: plans)
            }
        }
    }

    struct Duplicate: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "duplicate", abstract: CataloguePhrases.helpTrainingsDuplicate.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.training)) var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await TrainingService($0).duplicate(name, as: newName) }
        }
    }

    struct Rename: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rename", abstract: CataloguePhrases.helpTrainingsRename.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.training)) var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await CatalogueService($0).rename(.training, name, to: newName) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "rm", abstract: CataloguePhrases.helpTrainingsRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.training)) var name: String
        @Flag(help: ArgumentHelp(CataloguePhrases.helpYesDelete.t())) var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla trainings rm")
                return try await CatalogueService($0).remove(.training, name, confirmation: confirmation)
            }
        }
    }
}

/// A command group of one kind of the catalogue (`exercises`, `trainings`, `programs`).
protocol CatalogueGroup: AsyncParsableCommand {
    /// The kind its commands work on.
    static var kind: EntityKind { get }
    /// The names the shell completes for it.
    static var names: CompletionNames.Kind { get }
}

extension Exercises: CatalogueGroup {
    static var kind: EntityKind { .exercise }
    static var names: CompletionNames.Kind { .exercise }
}

extension Trainings: CatalogueGroup {
    static var kind: EntityKind { .training }
    static var names: CompletionNames.Kind { .training }
}

extension Programs: CatalogueGroup {
    static var kind: EntityKind { .program }
    static var names: CompletionNames.Kind { .program }
}

/// `gorilla exercises|trainings|programs publish NAME`: to the gym's library.
struct LibraryPublish<Group: CatalogueGroup>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "publish", abstract: GymPhrases.helpPublish.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Argument(help: ArgumentHelp(GymPhrases.helpLibraryName.t()), completion: .names(Group.names))
    var name: String
    func run() async throws {
        try await present(global) { try await LibraryService($0).publish(Group.kind, name) }
    }
}

/// `gorilla exercises|trainings|programs copy NAME`: from the gym's library into the coach's own catalogue.
struct LibraryCopy<Group: CatalogueGroup>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "copy", abstract: GymPhrases.helpCopy.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Argument(help: ArgumentHelp(GymPhrases.helpLibraryName.t())) var name: String
    func run() async throws {
        try await present(global) { try await LibraryService($0).copy(Group.kind, name) }
    }
}
