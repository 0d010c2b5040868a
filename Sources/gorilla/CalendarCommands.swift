import ArgumentParser
import Foundation
import GorillaClient

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

struct Agenda: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "agenda", abstract: "The day's plan.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Option(help: "How many days, from today (default 1).") var days: Int = 1
    func run() async throws {
        throw ValidationError("not yet")
    }
}
