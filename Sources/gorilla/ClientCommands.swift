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

struct RangeOptions: ParsableArguments {
    @Option(help: "First day, YYYY-MM-DD.") var from: String?
    @Option(help: "Last day, YYYY-MM-DD.") var to: String?
}
