import ArgumentParser
import Foundation
import GorillaClient

struct Messages: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "messages",
        abstract: "Messages between a coach and their clients.",
        subcommands: [List.self, Show.self, Send.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "One line per conversation with its last message and unread count.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        func run() async throws { try await present(global) { try await MessageService($0).conversations() } }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "A conversation, oldest first; marks the shown messages read.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The client (a client's own coach needs no name).") var with: String?
        @Option(help: "Only the last N messages.") var limit: Int?
        func run() async throws {
            try await present(global) { try await MessageService($0).thread(with: with, limit: limit) }
        }
    }

    struct Send: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "send",
            abstract: "Send a message (works offline; delivered once on the next sync).",
            discussion: "Without TEXT the message is read from standard input.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The client (clients write to their coach: any word, e.g. 'coach').") var to: String
        @Argument(help: "The text (1–2,000 characters).") var text: String?
        func run() async throws {
            let body = text ?? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            try await present(global) { try await MessageService($0).send(to: to, text: body) }
        }
    }
}

struct Chat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "A live chat: new messages appear as they arrive; Enter sends; Esc or Ctrl-C leaves.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Argument(help: "The client (a client chats with their coach and needs no name).") var with: String?
    func run() async throws {
        try await present(global) {
            do {
                return try await MessageService($0).chat(with: with)
            } catch let interruption as TerminalInterruption {
                throw ExitCode(interruption.exitCode)
            }
        }
    }
}

struct NewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "news", abstract: "News from the server's operator.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    func run() async throws { try await present(global) { try await NewsService($0).list() } }
}
