import ArgumentParser
import Foundation
import GorillaClient

struct Clients: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clients",
        abstract: "Your clients and their registration codes.",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Code.self, ResetPassword.self, Remove.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Invite a client: prints the registration code (XXXX-XXXX, valid 14 days) to pass on.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "First name (the client may correct it when registering).") var name: String?
        @Option(help: "Surname.") var surname: String?
        func run() async throws {
            try await present(global) { try await ClientService($0).add(name: name, surname: surname) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List clients, registered and invited, with when each last trained.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Flag(help: "Also list removed clients (marked removed; their history stays readable).") var all = false
        func run() async throws { try await present(global) { try await ClientService($0).list(all: all) } }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "A client's profile, next events, recent sessions and unread messages.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "Name, username or id (a removed client's too).") var client: String
        @Flag(
            help: ArgumentHelp(
                "Show an invited client's registration code; if another of your devices issued it, get a new one.",
                discussion: "The server keeps codes hashed, so only the device that asked for a code holds it."))
        var code = false
        func run() async throws { try await present(global) { try await ClientService($0).show(client, code: code) } }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Set a client's goal weight and the sessions a week their plan asks for.",
            discussion: """
                The goal weight shows in clients show, measurements and stats; the sessions a week are what \
                stats --compliance measures the client against.
                """
        )
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "Name, username or id.") var client: String
        @Option(
            name: .customLong("goal-weight"), help: "The goal weight in kg (plausible: 20–400), or none to remove it.")
        var goalWeight: String?
        @Option(name: .customLong("per-week"), help: "Sessions a week the plan asks for (1–14), or none.")
        var perWeek: String?
        @Flag(help: "Accept a goal weight outside the plausible range.") var force = false
        func run() async throws {
            try await present(global) {
                try await ClientService($0).setGoalWeight(client, to: goalWeight, force: force, perWeek: perWeek)
            }
        }
    }

    struct Code: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "code", abstract: "Issue a new registration code for an invited client.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var client: String
        func run() async throws { try await present(global) { try await ClientService($0).newCode(client) } }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: "A one-time token (24 h) for a client who forgot their password; they use gorilla password reset."
        )
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var client: String
        func run() async throws { try await present(global) { try await ClientService($0).resetPassword(client) } }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Remove a client: they can no longer log in or sync; you keep their history.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var client: String
        @Flag(help: "Remove without asking (needed when there is no terminal to ask on).") var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla clients rm")
                return try await ClientService($0).remove(client, confirmation: confirmation)
            }
        }
    }
}

struct EventOptions: ParsableArguments {
    @Option(help: "Local date and time, \"YYYY-MM-DD HH:MM\".") var at: String?
    @Option(help: "Length in minutes (default 60).") var duration: Int?
    @Option(help: "The gym.") var gym: String?
    @Option(help: "A note.") var note: String?
    var fields: EventFields { EventFields(at: at, duration: duration, gym: gym, note: note) }
}

struct RangeOptions: ParsableArguments {
    @Option(help: "First day, YYYY-MM-DD.") var from: String?
    @Option(help: "Last day, YYYY-MM-DD.") var to: String?
}

struct Events: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Training appointments on the calendar.",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Cancel.self, Remove.self, Export.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Schedule a training with a client (overlaps are warned about).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The client.") var client: String
        @OptionGroup var options: EventOptions
        func validate() throws {
            if options.at == nil { throw ValidationError("--at \"YYYY-MM-DD HH:MM\" is required") }
        }
        func run() async throws {
            try await present(global) { try await EventService($0).add(client: client, options.fields) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List events.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @OptionGroup var range: RangeOptions
        @Option(help: "Only this client's.") var client: String?
        func run() async throws {
            try await present(global) {
                try await EventService($0).list(from: range.from, to: range.to, client: client)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show an event.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The event's id (or the short id lists show).") var id: String
        func run() async throws { try await present(global) { try await EventService($0).show(id) } }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Move or change an event.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @OptionGroup var options: EventOptions
        func run() async throws { try await present(global) { try await EventService($0).edit(id, options.fields) } }
    }

    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel", abstract: "Cancel an event (it stays on the calendar, marked cancelled).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        func run() async throws {
            try await present(global) { try await EventService($0).setStatus(id, to: "cancelled") }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete an event.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @Flag(help: "Delete without asking (needed when there is no terminal to ask on).") var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla events rm")
                return try await EventService($0).remove(id, confirmation: confirmation)
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write events as an iCalendar (.ics) file.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The .ics file to write.") var ics: String
        @OptionGroup var range: RangeOptions
        func run() async throws {
            try await present(global) {
                try await EventService($0).export(icsFile: ics, from: range.from, to: range.to)
            }
        }
    }
}

struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "A month grid (Monday first) with days that have events marked, then the month's events.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Argument(help: "The month, YYYY-MM (default: this month).") var month: String?
    func run() async throws {
        try await present(global) { try await CalendarService($0).month(month) }
    }
}
