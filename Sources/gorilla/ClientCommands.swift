import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct Clients: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "clients",
            abstract: CataloguePhrases.helpClients.t(),
            subcommands: [
                Add.self, List.self, Show.self, Edit.self, Code.self, ResetPassword.self, Remove.self, Transfer.self,
                Share.self, Unshare.self,
            ],
            defaultSubcommand: List.self)
    }

    struct Add: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "add",
                abstract: CataloguePhrases.helpClientsAdd.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(CataloguePhrases.helpClientsAddName.t())) var name: String?
        @Option(help: ArgumentHelp(CataloguePhrases.helpClientsAddSurname.t())) var surname: String?
        func run() async throws {
            try await present(global) { try await ClientService($0).add(name: name, surname: surname) }
        }
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "list", abstract: CataloguePhrases.helpClientsList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Flag(help: ArgumentHelp(CataloguePhrases.helpClientsListAll.t())) var all = false
        func run() async throws { try await present(global) { try await ClientService($0).list(all: all) } }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "show", abstract: CataloguePhrases.helpClientsShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(CataloguePhrases.helpClientsShowClient.t()), completion: .names(.client))
        var client: String
        @Flag(
            help: ArgumentHelp(
                CataloguePhrases.helpClientsShowCode.t(),
                discussion: CataloguePhrases.helpClientsShowCodeDiscussion.t()))
        var code = false
        @OptionGroup var photo: SavePhotoOptions
        func run() async throws {
            try await present(global) { try await ClientService($0).show(client, code: code, savePhoto: photo.file) }
        }
    }

    struct Edit: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "edit",
                abstract: CataloguePhrases.helpClientsEdit.t(),
                discussion: CataloguePhrases.helpClientsEditDiscussion.t()
            )
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(CataloguePhrases.helpClientsEditClient.t()), completion: .names(.client))
        var client: String
        @Option(
            name: .customLong("goal-weight"), help: ArgumentHelp(CataloguePhrases.helpClientsEditGoalWeight.t()))
        var goalWeight: String?
        @Option(name: .customLong("per-week"), help: ArgumentHelp(CataloguePhrases.helpClientsEditPerWeek.t()))
        var perWeek: String?
        @Flag(help: ArgumentHelp(CataloguePhrases.helpClientsEditForce.t())) var force = false
        func run() async throws {
            try await present(global) {
                try await ClientService($0).setGoalWeight(client, to: goalWeight, force: force, perWeek: perWeek)
            }
        }
    }

    struct Code: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "code", abstract: CataloguePhrases.helpClientsCode.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.client)) var client: String
        @Flag(name: .long, help: ArgumentHelp(CataloguePhrases.helpClientsCodeLink.t())) var link = false
        func run() async throws {
            try await present(global) { try await ClientService($0).newCode(client, link: link) }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "reset-password",
                abstract: CataloguePhrases.helpClientsResetPassword.t()
            )
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.client)) var client: String
        func run() async throws { try await present(global) { try await ClientService($0).resetPassword(client) } }
    }

    struct Transfer: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "transfer", abstract: GymPhrases.helpClientsTransfer.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(GymPhrases.helpTransferClient.t()), completion: .names(.client))
        var client: String
        @Option(help: ArgumentHelp(GymPhrases.helpTransferTo.t())) var to: String
        func run() async throws {
            try await present(global) { try await ClientService($0).transfer(client, to: to) }
        }
    }

    struct Share: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "share", abstract: SharePhrases.helpClientsShare.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(SharePhrases.helpShareClient.t()), completion: .names(.client))
        var client: String
        @Option(help: ArgumentHelp(SharePhrases.helpShareWith.t())) var with: String
        @Option(help: ArgumentHelp(SharePhrases.helpShareUntil.t())) var until: String?
        func run() async throws {
            try await present(global) { try await ClientService($0).share(client, with: with, until: until) }
        }
    }

    struct Unshare: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "unshare", abstract: SharePhrases.helpClientsUnshare.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(SharePhrases.helpShareClient.t()), completion: .names(.client))
        var client: String
        @Option(help: ArgumentHelp(SharePhrases.helpUnshareWith.t())) var with: String?
        func run() async throws {
            try await present(global) { try await ClientService($0).unshare(client, with: with) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "rm", abstract: CataloguePhrases.helpClientsRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(completion: .names(.client)) var client: String
        @Flag(help: ArgumentHelp(CataloguePhrases.helpClientsRemoveYes.t())) var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla clients rm")
                return try await ClientService($0).remove(client, confirmation: confirmation)
            }
        }
    }
}

struct RangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(CataloguePhrases.helpRangeFrom.t())) var from: String?
    @Option(help: ArgumentHelp(CataloguePhrases.helpRangeTo.t())) var to: String?
}
