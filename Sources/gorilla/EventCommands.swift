import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct EventOptions: ParsableArguments {
    @Option(help: ArgumentHelp(CalendarPhrases.helpEventAt.t())) var at: String?
    @Option(help: ArgumentHelp(CalendarPhrases.helpEventDuration.t())) var duration: Int?
    @Option(help: ArgumentHelp(CalendarPhrases.helpEventGym.t())) var gym: String?
    @Option(help: ArgumentHelp(CalendarPhrases.helpEventNote.t())) var note: String?
    @Option(help: ArgumentHelp(CalendarPhrases.helpEventTraining.t())) var training: String?
    var fields: EventFields { EventFields(at: at, duration: duration, gym: gym, note: note, training: training) }
}

struct RepeatOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            CalendarPhrases.helpRepeatEvery.t([
                "day": Keyword.day.spelled(), "week": Keyword.week.spelled(), "month": Keyword.month.spelled(),
            ])))
    var every: String?
    @Option(help: ArgumentHelp(CalendarPhrases.helpRepeatDays.t(["days": Weekday.spelled()]))) var days: String?
    @Option(help: ArgumentHelp(CalendarPhrases.helpRepeatUntil.t())) var until: String?
    @Option(help: ArgumentHelp(CalendarPhrases.helpRepeatCount.t())) var count: Int?
    var fields: RepeatFields { RepeatFields(every: every, days: days, until: until, count: count) }
}

struct OccurrenceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(CalendarPhrases.helpOnlyOccurrence.t())) var occurrence: String?
    @Option(help: ArgumentHelp(CalendarPhrases.helpFromOccurrence.t())) var fromOccurrence: String?
    var choice: OccurrenceChoice { OccurrenceChoice(occurrence: occurrence, fromOccurrence: fromOccurrence) }
}

struct Events: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "events",
            abstract: CalendarPhrases.helpEvents.t(),
            discussion: CalendarPhrases.helpEventsDiscussion.t(),
            subcommands: [
                Add.self, List.self, Show.self, Edit.self, Cancel.self, Remove.self, Confirm.self, Decline.self,
                Request.self, Accept.self, Export.self,
            ],
            defaultSubcommand: List.self)
    }

    struct Add: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "add", abstract: CalendarPhrases.helpEventsAdd.t(),
                discussion: CalendarPhrases.helpEventsAddExample.t() + "\n"
                    + CalendarPhrases.helpEventsAddDiscussion.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(CalendarPhrases.helpEventClient.t()), completion: .names(.client))
        var client: String
        @OptionGroup var options: EventOptions
        @OptionGroup(title: CalendarPhrases.helpSeriesTitle.t()) var repeating: RepeatOptions
        func validate() throws {
            if options.at == nil { throw ValidationError(CalendarPhrases.atRequired.t()) }
        }
        func run() async throws {
            var fields = options.fields
            fields.repeating = repeating.fields
            try await present(global) { try await EventService($0).add(client: client, fields) }
        }
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "list",
                abstract: CalendarPhrases.helpEventsList.t(),
                discussion: CalendarPhrases.helpEventsListDiscussion.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @OptionGroup var range: RangeOptions
        @Option(help: ArgumentHelp(CalendarPhrases.helpEventsListClient.t()), completion: .names(.client))
        var client: String?
        func run() async throws {
            try await present(global) {
                try await EventService($0).list(from: range.from, to: range.to, client: client)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "show", abstract: CalendarPhrases.helpEventsShow.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(CalendarPhrases.helpEventsShowID.t())) var id: String
        @Option(help: ArgumentHelp(CalendarPhrases.helpTheOccurrence.t())) var occurrence: String?
        func run() async throws {
            try await present(global) { try await EventService($0).show(id, occurrence: occurrence) }
        }
    }

    struct Edit: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "edit", abstract: CalendarPhrases.helpEventsEdit.t(),
                discussion: CalendarPhrases.helpEventsEditDiscussion.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var id: String
        @OptionGroup var options: EventOptions
        @OptionGroup(title: CalendarPhrases.helpSeriesTitle.t()) var repeating: RepeatOptions
        @OptionGroup(title: CalendarPhrases.helpOccurrencesTitle.t()) var which: OccurrenceOptions
        func run() async throws {
            var fields = options.fields
            fields.repeating = repeating.fields
            try await present(global) { try await EventService($0).edit(id, fields, which.choice) }
        }
    }

    struct Cancel: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "cancel", abstract: CalendarPhrases.helpEventsCancel.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var id: String
        @OptionGroup(title: CalendarPhrases.helpOccurrencesTitle.t()) var which: OccurrenceOptions
        func run() async throws {
            try await present(global) { try await EventService($0).cancel(id, which.choice) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rm", abstract: CalendarPhrases.helpEventsRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var id: String
        @Flag(help: ArgumentHelp(CalendarPhrases.helpYesDelete.t())) var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla events rm")
                return try await EventService($0).remove(id, confirmation: confirmation)
            }
        }
    }

    struct Confirm: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "confirm", abstract: CalendarPhrases.helpEventsConfirm.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var id: String
        @Option(help: ArgumentHelp(CalendarPhrases.helpOnlyOccurrence.t())) var occurrence: String?
        @Flag(help: ArgumentHelp(CalendarPhrases.helpAnswerAll.t())) var all = false
        func run() async throws {
            try await present(global) { try await EventService($0).confirm(id, occurrence: occurrence, all: all) }
        }
    }

    struct Decline: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "decline", abstract: CalendarPhrases.helpEventsDecline.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var id: String
        @Option(help: ArgumentHelp(CalendarPhrases.helpOnlyOccurrence.t())) var occurrence: String?
        @Option(help: ArgumentHelp(CalendarPhrases.helpDeclineReason.t())) var reason: String?
        @Flag(help: ArgumentHelp(CalendarPhrases.helpAnswerAll.t())) var all = false
        func run() async throws {
            try await present(global) {
                try await EventService($0).decline(id, occurrence: occurrence, all: all, reason: reason)
            }
        }
    }

    struct Request: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "request", abstract: CalendarPhrases.helpEventsRequest.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(CalendarPhrases.helpEventAt.t())) var at: String
        @Option(help: ArgumentHelp(CalendarPhrases.helpEventDuration.t())) var duration: Int?
        @Option(help: ArgumentHelp(CalendarPhrases.helpRequestNote.t())) var note: String?
        func run() async throws {
            try await present(global) {
                try await EventService($0).request(EventFields(at: at, duration: duration, note: note))
            }
        }
    }

    struct Accept: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "accept", abstract: CalendarPhrases.helpEventsAccept.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument var id: String
        func run() async throws { try await present(global) { try await EventService($0).accept(id) } }
    }

    struct Export: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "export", abstract: CalendarPhrases.helpEventsExport.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(CalendarPhrases.helpExportICS.t())) var ics: String
        @OptionGroup var range: RangeOptions
        func run() async throws {
            try await present(global) {
                try await EventService($0).export(icsFile: ics, from: range.from, to: range.to)
            }
        }
    }
}
