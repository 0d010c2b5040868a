import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct Connect: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "connect", abstract: AccountPhrases.helpConnect.t(),
            discussion: AccountPhrases.helpConnectDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Argument(help: ArgumentHelp(AccountPhrases.helpConnectAddress.t())) var address: String
    @Option(help: ArgumentHelp(AccountPhrases.helpConnectFingerprint.t())) var fingerprint: String?
    @Flag(help: ArgumentHelp(AccountPhrases.helpConnectTrust.t())) var trust = false

    func validate() throws {
        if fingerprint != nil && trust { throw ValidationError(AccountPhrases.fingerprintOrTrust.t()) }
    }

    func run() async throws {
        try await present(global) {
            try await AccountService($0).connect(address, fingerprint: fingerprint, trust: trust) { presented in
                FileHandle.standardError.write(
                    Data(AccountPhrases.certificatePresented.t(["fingerprint": presented]).utf8))
                return Terminal.confirm(AccountPhrases.trustQuestion.t())
            }
        }
    }
}

struct AccountFields: ParsableArguments {
    @Option(help: ArgumentHelp(AccountPhrases.helpUsername.t())) var username: String
    @Option(help: ArgumentHelp(AccountPhrases.helpEmail.t())) var email: String
    @Option(help: ArgumentHelp(AccountPhrases.helpFirstName.t())) var name: String?
    @Option(help: ArgumentHelp(AccountPhrases.helpSurname.t())) var surname: String?
    @Option(help: ArgumentHelp(AccountPhrases.helpNIF.t())) var nif: String?
    @Flag(help: ArgumentHelp(AccountPhrases.helpPasswordStdin.t())) var passwordStdin = false
}

struct Register: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "register", abstract: AccountPhrases.helpRegister.t(), subcommands: [Coach.self, Client.self])
    }

    struct Coach: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "coach", abstract: AccountPhrases.helpRegisterCoach.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @OptionGroup var fields: AccountFields
        @Option(name: .customLong("gym-code"), help: ArgumentHelp(GymPhrases.helpRegisterGymCode.t()))
        var gymCode: String?

        func validate() throws {
            if fields.name == nil || fields.surname == nil {
                throw ValidationError(AccountPhrases.coachNeedsName.t())
            }
        }

        func run() async throws {
            let password = try readNewPassword(fromStandardInput: fields.passwordStdin)
            // The global `--language` (ca, es or en) is also the new account's language.
            let signup = SignupBody(
                username: fields.username, email: fields.email, password: password, name: fields.name,
                surname: fields.surname, nif: fields.nif, language: global.language.flatMap(Language.init(code:)),
                gymCode: gymCode)
            try await present(global) { try await AccountService($0).register(signup) }
        }
    }

    struct Client: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "client", abstract: AccountPhrases.helpRegisterClient.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(AccountPhrases.helpRegistrationCode.t())) var code: String
        @OptionGroup var fields: AccountFields

        func run() async throws {
            let password = try readNewPassword(fromStandardInput: fields.passwordStdin)
            // The global `--language` (ca, es or en) is also the new account's language.
            let signup = SignupBody(
                username: fields.username, email: fields.email, password: password, name: fields.name,
                surname: fields.surname, nif: fields.nif, language: global.language.flatMap(Language.init(code:)),
                code: code)
            try await present(global) { try await AccountService($0).register(signup) }
        }
    }
}

struct Login: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "login", abstract: AccountPhrases.helpLogin.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Argument(help: ArgumentHelp(AccountPhrases.helpLoginAccount.t())) var account: String?
    @Option(help: ArgumentHelp(AccountPhrases.helpUserOrEmail.t())) var user: String?
    @Flag(help: ArgumentHelp(AccountPhrases.helpPasswordStdin.t())) var passwordStdin = false

    func validate() throws {
        switch (account, user) {
        case (nil, nil): throw ValidationError(AccountPhrases.loginNeedsUser.t())
        case (let given?, let option?) where given != option: throw ValidationError(AccountPhrases.loginUserTwice.t())
        default: break
        }
    }

    func run() async throws {
        let password = try readPassword(fromStandardInput: passwordStdin)
        let login = user ?? account ?? ""
        try await present(global) { try await AccountService($0).login(user: login, password: password) }
    }
}

struct Logout: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "logout", abstract: AccountPhrases.helpLogout.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Flag(name: .long, help: ArgumentHelp(AccountPhrases.helpLogoutAll.t())) var all = false
    func run() async throws {
        try await present(global) { context in
            all ? try await AccountService(context).logoutEverywhere() : try await AccountService(context).logout()
        }
    }
}

struct Feed: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "feed", abstract: AccountPhrases.helpFeed.t(),
            discussion: AccountPhrases.helpFeedDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Flag(name: .long, help: ArgumentHelp(AccountPhrases.helpFeedReset.t())) var reset = false
    func run() async throws { try await present(global) { try await AccountService($0).feed(reset: reset) } }
}

struct WhoAmI: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "whoami", abstract: AccountPhrases.helpWhoami.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    func run() async throws { try await present(global) { try await AccountService($0).whoami() } }
}

struct ProfileCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "profile", abstract: AccountPhrases.helpProfile.t(), subcommands: [Show.self, Edit.self],
            defaultSubcommand: Show.self)
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "show", abstract: AccountPhrases.helpProfileShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @OptionGroup var photo: SavePhotoOptions
        func run() async throws {
            try await present(global) { try await AccountService($0).profile(savePhoto: photo.file) }
        }
    }

    struct Edit: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "edit", abstract: AccountPhrases.helpProfileEdit.t(),
                discussion: AccountPhrases.helpProfileEditDiscussion.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option var name: String?
        @Option var surname: String?
        @Option(help: ArgumentHelp(AccountPhrases.helpProfileNIF.t())) var nif: String?
        @Option var email: String?
        @Option(help: ArgumentHelp(AccountPhrases.helpProfilePhoto.t())) var photo: String?
        @Flag(help: ArgumentHelp(AccountPhrases.helpProfileNoPhoto.t())) var noPhoto = false
        @Option(help: ArgumentHelp(AccountPhrases.helpProfileReminder.t()))
        var reminder: String?

        /// The global `--language` (ca, es or en) is also the account's language to set.
        var language: String? { global.language }

        func validate() throws {
            if let reminder, ReminderTime.minutes(reminder).map(Profile.reminderRange.contains) != true {
                throw ValidationError(ReminderTime.rangeProblem(option: "--reminder", given: reminder))
            }
            if name == nil && surname == nil && nif == nil && language == nil && email == nil && photo == nil
                && !noPhoto && reminder == nil
            {
                throw ValidationError(AccountPhrases.nothingToChangeInProfile.t())
            }
        }

        func run() async throws {
            let update = ProfileUpdateBody(
                name: name, surname: surname, nif: nif, language: language.flatMap(Language.init(code:)),
                email: email, photo: noPhoto ? "" : nil, reminder: reminder.flatMap(ReminderTime.minutes))
            try await present(global) { try await AccountService($0).editProfile(update, photoFile: photo) }
        }
    }
}

struct PasswordCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "password", abstract: AccountPhrases.helpPassword.t(),
            subcommands: [Change.self, Reset.self])
    }

    struct Change: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "change",
                abstract: AccountPhrases.helpPasswordChange.t(),
                discussion: AccountPhrases.helpPasswordChangeDiscussion.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Flag(help: ArgumentHelp(AccountPhrases.helpPasswordChangeStdin.t())) var passwordStdin = false

        func run() async throws {
            let old = try readPassword(
                fromStandardInput: passwordStdin, prompt: AccountPhrases.currentPasswordPrompt.t())
            let new = try readNewPassword(fromStandardInput: passwordStdin)
            try await present(global) { try await AccountService($0).changePassword(old: old, new: new) }
        }
    }

    struct Reset: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "reset", abstract: AccountPhrases.helpPasswordReset.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(AccountPhrases.helpUserOrEmail.t())) var user: String
        @Option(help: ArgumentHelp(AccountPhrases.helpResetToken.t())) var token: String
        @Flag(help: ArgumentHelp(AccountPhrases.helpNewPasswordStdin.t())) var passwordStdin = false

        func run() async throws {
            let password = try readNewPassword(fromStandardInput: passwordStdin)
            try await present(global) {
                try await AccountService($0).resetPassword(user: user, token: token, password: password)
            }
        }
    }
}

struct SyncCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sync", abstract: AccountPhrases.helpSync.t(),
            discussion: AccountPhrases.helpSyncDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Flag(help: ArgumentHelp(AccountPhrases.helpSyncStatus.t())) var status = false
    @Flag(help: ArgumentHelp(AccountPhrases.helpSyncConflicts.t())) var conflicts = false
    @Option(name: .customLong("restore"), help: ArgumentHelp(AccountPhrases.helpSyncRestore.t()))
    var restore: String?

    func validate() throws {
        if [status, conflicts, restore != nil].filter({ $0 }).count > 1 {
            throw ValidationError(AccountPhrases.syncOptionsOneAtATime.t())
        }
    }

    func run() async throws {
        if status {
            try await present(global) { try SyncService($0).status() }
        } else if conflicts {
            try await present(global) { try await SyncService($0).conflicts() }
        } else if let restore {
            try await present(global) { try await SyncService($0).restore(restore) }
        } else {
            try await present(global) { try await SyncService($0).sync() }
        }
    }
}
