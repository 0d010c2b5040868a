import ArgumentParser
import Foundation
import GorillaClient
import GorillaShared
import GorillaTerminal

struct CalendarCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "calendar",
            abstract: CalendarPhrases.helpCalendar.t(),
            discussion: CalendarPhrases.helpCalendarDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Flag(help: ArgumentHelp(CalendarPhrases.helpCalendarWeek.t())) var week = false
    @Argument(help: ArgumentHelp(CalendarPhrases.helpCalendarDate.t()))
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
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "agenda", abstract: CalendarPhrases.helpAgenda.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Option(help: ArgumentHelp(CalendarPhrases.helpAgendaDays.t())) var days: Int = 1

    func validate() throws {
        guard AgendaService.dayRange.contains(days) else {
            throw ValidationError(AgendaService.dayRangeProblem)
        }
    }

    func run() async throws {
        try await present(global) { try await AgendaService($0).agenda(days: days) }
    }
}
