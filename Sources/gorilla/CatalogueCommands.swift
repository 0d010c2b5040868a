import ArgumentParser
import Foundation
import GorillaClient
import GorillaShared

struct Machines: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "machines",
        abstract: "Your machines.", subcommands: [Add.self, List.self, Show.self, Rename.self, Remove.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a machine.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Option(help: "A PNG or JPEG of at most 2 MiB.") var image: String?
        func run() async throws {
            try await present(global) { try await MachineService($0).add(name: name, imageFile: image) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List machines.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        func run() async throws { try await present(global) { try await MachineService($0).list() } }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a machine and the exercises that use it.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "Name or id prefix.") var name: String
        @Option(help: "Save the machine's image to this file.") var saveImage: String?
        func run() async throws {
            try await present(global) { try await MachineService($0).show(name, saveImage: saveImage) }
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a machine.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await CatalogueService($0).rename(.machine, name, to: newName) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a machine no exercise uses.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Flag(help: "Delete without asking (needed when there is no terminal to ask on).") var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla machines rm")
                return try await CatalogueService($0).remove(.machine, name, confirmation: confirmation)
            }
        }
    }
}

struct ExerciseOptions: ParsableArguments {
    @Option(help: "The machine it is done on.") var machine: String?
    @Option(help: "A description.") var description: String?
    @Option(name: .customLong("muscle"), help: "A muscle group (repeat for several).") var muscles: [String] = []
    @Option(help: "How it is counted: reps, time or distance.") var count: String?
}

struct Exercises: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises",
        abstract: "Your exercises.",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Rename.self, Remove.self], defaultSubcommand: List.self
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an exercise.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
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
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List exercises.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "Only those whose name, description, muscles or machine contain this text.") var search: String?
        func run() async throws { try await present(global) { try await ExerciseService($0).list(search: search) } }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show an exercise.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "Name or id prefix.") var name: String
        func run() async throws { try await present(global) { try await ExerciseService($0).show(name) } }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an exercise's machine, description, muscles or count mode.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @OptionGroup var options: ExerciseOptions
        @Flag(help: "Remove the machine.") var noMachine = false
        func run() async throws {
            let fields = ExerciseFields(
                machine: options.machine, clearMachine: noMachine, description: options.description,
                muscles: options.muscles.isEmpty ? nil : options.muscles, count: options.count)
            try await present(global) { try await ExerciseService($0).edit(name, fields) }
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename an exercise.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await CatalogueService($0).rename(.exercise, name, to: newName) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete an exercise (it leaves its trainings; history keeps its name).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Flag(help: "Delete without asking (needed when there is no terminal to ask on).") var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla exercises rm")
                return try await CatalogueService($0).remove(.exercise, name, confirmation: confirmation)
            }
        }
    }
}

struct Trainings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trainings",
        abstract: "Your trainings (routines).",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Duplicate.self, Rename.self, Remove.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a training.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Option(name: .customLong("exercise"), help: "An exercise, in order (repeat).") var exercises: [String] = []
        @Option(
            name: .customLong("plan"),
            help: ArgumentHelp(
                "An exercise with its plan, SETSxREPS@LOAD [rest TIME] (repeat).",
                discussion:
                    "For example \"Squat: 4x12@80kg rest 90s\", \"Press: 12,10,8@60kg\", \"Plank: 3x45s\", \"Rower: 1x2000m\".",
                valueName: "EXERCISE: PLAN")) var plans: [String] = []
        func run() async throws {
            try await present(global) {
                try await TrainingService($0).add(name: name, exercises: exercises, plans: plans)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List trainings with when each was last used.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        func run() async throws { try await present(global) { try await TrainingService($0).list() } }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a training's exercises and their plans.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        func run() async throws { try await present(global) { try await TrainingService($0).show(name) } }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Add, remove, move or plan exercises.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Option(help: "Append an exercise (repeat).") var add: [String] = []
        @Option(help: "Remove an exercise (repeat).") var remove: [String] = []
        @Option(help: "Move this exercise…") var move: String?
        @Option(help: "…to this position (1 = first).") var to: Int?
        @Option(
            name: .customLong("plan"),
            help: ArgumentHelp(
                "Set an exercise's plan, SETSxREPS@LOAD [rest TIME], adding it if missing (repeat).",
                valueName: "EXERCISE: PLAN")) var plans: [String] = []
        func run() async throws {
            try await present(global) {
                try await TrainingService($0).edit(name, add: add, remove: remove, move: move, to: to, plans: plans)
            }
        }
    }

    struct Duplicate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "duplicate", abstract: "Copy a training under a new name.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await TrainingService($0).duplicate(name, as: newName) }
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a training.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Argument var newName: String
        func run() async throws {
            try await present(global) { try await CatalogueService($0).rename(.training, name, to: newName) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a training (sessions keep its name).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var name: String
        @Flag(help: "Delete without asking (needed when there is no terminal to ask on).") var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla trainings rm")
                return try await CatalogueService($0).remove(.training, name, confirmation: confirmation)
            }
        }
    }
}
