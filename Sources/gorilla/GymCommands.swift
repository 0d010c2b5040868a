import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// `gorilla gym …`: a coach's gym (``GymService``).
struct GymCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "gym", abstract: GymPhrases.helpGym.t(),
            subcommands: [
                Create.self, Invite.self, Join.self, Show.self, Members.self, Role.self, Leave.self, Remove.self,
                Rename.self, Dissolve.self, Calendar.self, Overview.self,
            ],
            defaultSubcommand: Show.self)
    }

    /// A role as typed (`owner`, `admin`, `coach`), refused in the user's language otherwise.
    static func role(_ text: String) throws -> GymRole {
        guard let role = GymRole(rawValue: text.lowercased()) else {
            throw ValidationError(GymPhrases.roleInvalid.t(["role": text]))
        }
        return role
    }

    struct Create: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "create", abstract: GymPhrases.helpGymCreate.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(GymPhrases.helpGymName.t())) var name: String
        func run() async throws { try await present(global) { try await GymService($0).create(name) } }
    }

    struct Invite: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "invite", abstract: GymPhrases.helpGymInvite.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(GymPhrases.helpGymInviteRole.t())) var role = "coach"
        func validate() throws {
            guard Access.invitableRoles.contains(try GymCommand.role(role)) else {
                throw ValidationError(
                    GymPhrases.inviteRoleInvalid.t([
                        "roles": Access.invitableRoles.map(\.rawValue).joined(separator: ", ")
                    ]))
            }
        }
        func run() async throws {
            try await present(global) { try await GymService($0).invite(role: GymCommand.role(role)) }
        }
    }

    struct Join: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "join", abstract: GymPhrases.helpGymJoin.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(GymPhrases.helpGymCode.t())) var code: String
        func run() async throws { try await present(global) { try await GymService($0).join(code) } }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "show", abstract: GymPhrases.helpGymShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        func run() async throws { try await present(global) { try await GymService($0).show() } }
    }

    struct Members: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "members", abstract: GymPhrases.helpGymMembers.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        func run() async throws { try await present(global) { try await GymService($0).members() } }
    }

    struct Role: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "role", abstract: GymPhrases.helpGymRole.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(GymPhrases.helpGymUser.t())) var user: String
        @Argument(help: ArgumentHelp(GymPhrases.helpGymRoleRole.t())) var role: String
        func validate() throws { _ = try GymCommand.role(role) }
        func run() async throws {
            try await present(global) { try await GymService($0).setRole(user, to: GymCommand.role(role)) }
        }
    }

    struct Leave: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "leave", abstract: GymPhrases.helpGymLeave.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        func run() async throws { try await present(global) { try await GymService($0).leave() } }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "remove", abstract: GymPhrases.helpGymRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(GymPhrases.helpGymUser.t())) var user: String
        func run() async throws { try await present(global) { try await GymService($0).remove(user) } }
    }

    struct Rename: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rename", abstract: GymPhrases.helpGymRename.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(GymPhrases.helpGymName.t())) var name: String
        func run() async throws { try await present(global) { try await GymService($0).rename(name) } }
    }

    struct Dissolve: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "dissolve", abstract: GymPhrases.helpGymDissolve.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Flag(help: ArgumentHelp(GymPhrases.helpGymYes.t())) var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla gym dissolve")
                return try await GymService($0).dissolve(confirmation: confirmation)
            }
        }
    }

    struct Calendar: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "calendar", abstract: GymPhrases.helpGymCalendar.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Flag(help: ArgumentHelp(GymPhrases.helpGymCalendarWeek.t())) var week = false
        @Argument(help: ArgumentHelp(GymPhrases.helpGymCalendarDay.t())) var day: String?
        func run() async throws {
            try await present(global) { try await GymService($0).calendar(day: day, week: week) }
        }
    }

    struct Overview: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "overview", abstract: GymPhrases.helpGymOverview.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(GymPhrases.helpGymOverviewFrom.t())) var from: String?
        @Option(help: ArgumentHelp(GymPhrases.helpGymOverviewTo.t())) var to: String?
        func run() async throws {
            try await present(global) { try await GymService($0).overview(from: from, to: to) }
        }
    }
}
