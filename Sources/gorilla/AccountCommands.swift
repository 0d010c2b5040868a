import ArgumentParser
import Foundation
import GorillaClient
import GorillaShared

struct Connect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Pin a server: shows its certificate fingerprint and asks to trust it.",
        discussion: "The server prints its fingerprint when it starts and writes it to DIR/server.json.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Argument(help: "The server, as HOST:PORT.") var address: String
    @Option(help: "Pin this SHA-256 fingerprint (hex, colons allowed) instead of asking.") var fingerprint: String?
    @Flag(help: "Trust the certificate the server presents without asking.") var trust = false

    func validate() throws {
        if fingerprint != nil && trust { throw ValidationError("use either --fingerprint or --trust") }
    }

    func run() async throws {
        try await present(global) {
            try await AccountService($0).connect(address, fingerprint: fingerprint, trust: trust) { presented in
                FileHandle.standardError.write(
                    Data("The server's certificate has SHA-256 fingerprint\n  \(presented)\n".utf8))
                return Terminal.confirm("Trust it?")
            }
        }
    }
}

struct AccountFields: ParsableArguments {
    @Option(help: "Username (3–32 letters, digits, '.', '_' or '-').") var username: String
    @Option(help: "Email address.") var email: String
    @Option(help: "First name.") var name: String?
    @Option(help: "Surname.") var surname: String?
    @Option(help: "NIF (tax id), optional.") var nif: String?
    @Flag(help: "Read the password from standard input instead of prompting.") var passwordStdin = false
}

struct Register: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Create an account and log in.", subcommands: [Coach.self, Client.self])

    struct Coach: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "coach", abstract: "Sign up as a coach.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @OptionGroup var fields: AccountFields

        func validate() throws {
            if fields.name == nil || fields.surname == nil {
                throw ValidationError("--name and --surname are required for a coach")
            }
        }

        func run() async throws {
            let password = try readNewPassword(fromStandardInput: fields.passwordStdin)
            // The global `--language` (ca, es or en) is also the new account's language.
            let signup = SignupBody(
                username: fields.username, email: fields.email, password: password, name: fields.name,
                surname: fields.surname, nif: fields.nif, language: global.language.flatMap(Language.init(code:)))
            try await present(global) { try await AccountService($0).register(signup) }
        }
    }

    struct Client: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "client", abstract: "Join your coach with the registration code they gave you.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The registration code, XXXX-XXXX.") var code: String
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
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Log in with your username or email.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Argument(help: "Username or email (or give it with --user).") var account: String?
    @Option(help: "Username or email.") var user: String?
    @Flag(help: "Read the password from standard input instead of prompting.") var passwordStdin = false

    func validate() throws {
        switch (account, user) {
        case (nil, nil): throw ValidationError("give your username or email: gorilla login ada (or --user ada)")
        case (let given?, let option?) where given != option: throw ValidationError("give your username or email once")
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
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Log out: revokes this device's session.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    func run() async throws { try await present(global) { try await AccountService($0).logout() } }
}

struct WhoAmI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Show the logged-in account.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    func run() async throws { try await present(global) { try await AccountService($0).whoami() } }
}

struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show or edit your profile.", subcommands: [Show.self, Edit.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show your profile.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        func run() async throws { try await present(global) { try await AccountService($0).profile() } }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change profile fields (only those given).",
            discussion: "--language ca|es|en changes the account's language (of the server's messages and of texts).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option var name: String?
        @Option var surname: String?
        @Option(help: "NIF; an empty string removes it.") var nif: String?
        @Option var email: String?
        @Option(help: "A PNG or JPEG of at most 2 MiB.") var photo: String?
        @Flag(help: "Remove the photo.") var noPhoto = false
        @Option(help: "How long before an appointment reminders come: 30m, 1h, 90 (minutes), 0 (at the start).")
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
                throw ValidationError(
                    "nothing to change: give --name, --surname, --nif, --language, --email, --photo, --no-photo "
                        + "or --reminder")
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
    static let configuration = CommandConfiguration(
        commandName: "password", abstract: "Change or reset your password.", subcommands: [Change.self, Reset.self])

    struct Change: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "change",
            abstract: "Change your password (logs out your other devices).",
            discussion: "With --password-stdin, standard input holds two lines: the current password, then the new one."
        )
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Flag(help: "Read the current and new password from standard input, one per line.") var passwordStdin = false

        func run() async throws {
            let old = try readPassword(fromStandardInput: passwordStdin, prompt: "Current password: ")
            let new = try readNewPassword(fromStandardInput: passwordStdin)
            try await present(global) { try await AccountService($0).changePassword(old: old, new: new) }
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Set a new password with a one-time reset token from the server's operator or your coach.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "Username or email.") var user: String
        @Option(help: "The reset token.") var token: String
        @Flag(help: "Read the new password from standard input instead of prompting.") var passwordStdin = false

        func run() async throws {
            let password = try readNewPassword(fromStandardInput: passwordStdin)
            try await present(global) {
                try await AccountService($0).resetPassword(user: user, token: token, password: password)
            }
        }
    }
}

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Push queued changes and pull new ones now.",
        discussion: """
            With --status: show the queue, the last successful sync and the cursor, without the network. \
            With --conflicts: list the values one device's change replaced on another. \
            With --restore ID: bring back the value a conflict replaced.
            """)
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Flag(help: "Show the queue without syncing.") var status = false
    @Flag(help: "List the conflicts: id, when, what, yours, theirs.") var conflicts = false
    @Option(name: .customLong("restore"), help: "Bring back the value the conflict ID replaced.") var restore: String?

    func validate() throws {
        if [status, conflicts, restore != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--status, --conflicts and --restore are used one at a time")
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
