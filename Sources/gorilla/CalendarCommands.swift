import ArgumentParser
import Foundation
import GorillaClient

struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "A month grid (Monday first) with the days of events, training and missed events marked.",
        discussion: """
            Marks: * events, + trained (a session that day), ! an event missed (past, no session for it). \
            With --week, a grid of one week: a column per day, a row per hour, each event in the hour it starts.
            """)
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Flag(help: "Show one week (the one of the day given, YYYY-MM-DD; default: this week).") var week = false
    @Argument(help: "The month, YYYY-MM (default: this month); with --week, a day of the week, YYYY-MM-DD.")
    var date: String?

    func run() async throws {
        if week {
            try await present(global) { try await CalendarService($0).week(date) }
        } else {
            try await present(global) { try await CalendarService($0).month(date) }
        }
    }
}

struct Agenda: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "The day's plan: each appointment with its client, state, gym and note, their last session and "
            + "unread messages.")
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Option(help: "How many days, from today (default 1).") var days: Int = 1

    func validate() throws {
        guard AgendaService.dayRange.contains(days) else {
            throw ValidationError(
                "--days is \(AgendaService.dayRange.lowerBound) to \(AgendaService.dayRange.upperBound)")
        }
    }

    func run() async throws {
        try await present(global) { try await AgendaService($0).agenda(days: days) }
    }
}
