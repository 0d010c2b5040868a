import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct Messages: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "messages", abstract: MessagePhrases.helpMessages.t(),
            subcommands: [List.self, Show.self, Send.self], defaultSubcommand: List.self)
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "list", abstract: MessagePhrases.helpMessagesList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        func run() async throws { try await present(global) { try await MessageService($0).conversations() } }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "show", abstract: MessagePhrases.helpMessagesShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(MessagePhrases.helpMessagesShowWith.t())) var with: String?
        @Option(help: ArgumentHelp(MessagePhrases.helpMessagesShowLimit.t())) var limit: Int?
        func run() async throws {
            try await present(global) { try await MessageService($0).thread(with: with, limit: limit) }
        }
    }

    struct Send: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "send", abstract: MessagePhrases.helpMessagesSend.t(),
                discussion: MessagePhrases.helpMessagesSendDiscussion.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(MessagePhrases.helpMessagesSendTo.t())) var to: String
        @Argument(help: ArgumentHelp(MessagePhrases.helpMessagesSendText.t(["limit": Language.current.grouped(Message.maxLength)]))) var text: String?
        func run() async throws {
            let body = text ?? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            try await present(global) { try await MessageService($0).send(to: to, text: body) }
        }
    }
}

struct Chat: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "chat", abstract: MessagePhrases.helpChat.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Argument(help: ArgumentHelp(MessagePhrases.helpChatWith.t())) var with: String?
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
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "news", abstract: MessagePhrases.helpNews.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    func run() async throws { try await present(global) { try await NewsService($0).list() } }
}
