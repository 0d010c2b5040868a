import ArgumentParser
import Foundation
import GorillaClient

struct EventOptions: ParsableArguments {
    @Option(help: "Local date and time, \"YYYY-MM-DD HH:MM\".") var at: String?
    @Option(help: "Length in minutes (default 60).") var duration: Int?
    @Option(help: "The gym.") var gym: String?
    @Option(help: "A note.") var note: String?
    var fields: EventFields { EventFields(at: at, duration: duration, gym: gym, note: note) }
}

struct RepeatOptions: ParsableArguments {
    @Option(
        help: """
            Repeat: day, week or month, or a number of them ("2 weeks"). Occurrences keep their local time across \
            daylight-saving changes.
            """)
    var every: String?
    @Option(help: "The weekdays of a weekly series, e.g. mon,thu (default: the weekday of --at).") var days: String?
    @Option(help: "The last day of the series, YYYY-MM-DD.") var until: String?
    @Option(help: "How many occurrences the series has.") var count: Int?
    var fields: RepeatFields { RepeatFields(every: every, days: days, until: until, count: count) }
}

struct OccurrenceOptions: ParsableArguments {
    @Option(help: "Only the occurrence of the series on this day, YYYY-MM-DD.") var occurrence: String?
    @Option(help: "The occurrence on this day, YYYY-MM-DD, and every one after it.") var fromOccurrence: String?
    var choice: OccurrenceChoice { OccurrenceChoice(occurrence: occurrence, fromOccurrence: fromOccurrence) }
}

struct Events: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Training appointments on the calendar: single ones and weekly series, answered and requested.",
        discussion: """
            An occurrence of a series is named ID@YYYY-MM-DD (as lists show it), or ID with --occurrence DATE.
            """,
        subcommands: [
            Add.self, List.self, Show.self, Edit.self, Cancel.self, Remove.self, Confirm.self, Decline.self,
            Request.self, Accept.self, Export.self,
        ],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Schedule a training with a client, once or as a series.",
            discussion: """
                gorilla events add --client Anna --at "2026-12-01 18:00" --every week --days tue,thu --until 2027-03-31
                Overlaps with other appointments are warned about.
                """)
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The client.") var client: String
        @OptionGroup var options: EventOptions
        @OptionGroup(title: "Series") var repeating: RepeatOptions
        func validate() throws {
            if options.at == nil { throw ValidationError("--at \"YYYY-MM-DD HH:MM\" is required") }
        }
        func run() async throws {
            var fields = options.fields
            fields.repeating = repeating.fields
            try await present(global) { try await EventService($0).add(client: client, fields) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List appointments, each occurrence of a series on its own line.",
            discussion: "Without --to, a series that does not end is shown eight weeks ahead.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @OptionGroup var range: RangeOptions
        @Option(help: "Only this client's.") var client: String?
        func run() async throws {
            try await present(global) {
                try await EventService($0).list(from: range.from, to: range.to, client: client)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show an appointment.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The event's id (or the short id lists show, ID@YYYY-MM-DD for an occurrence).") var id: String
        @Option(help: "The occurrence of the series on this day, YYYY-MM-DD.") var occurrence: String?
        func run() async throws {
            try await present(global) { try await EventService($0).show(id, occurrence: occurrence) }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Move or change an appointment, a series, or some of its occurrences.",
            discussion: """
                Without --occurrence or --from-occurrence, a series changes as a whole. --from-occurrence ends the \
                series the day before and continues it, changed, as a new series.
                """)
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @OptionGroup var options: EventOptions
        @OptionGroup(title: "Series") var repeating: RepeatOptions
        @OptionGroup(title: "Occurrences") var which: OccurrenceOptions
        func run() async throws {
            var fields = options.fields
            fields.repeating = repeating.fields
            try await present(global) { try await EventService($0).edit(id, fields, which.choice) }
        }
    }

    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Cancel an appointment, a series, or some of its occurrences (they stay on the calendar, marked)."
        )
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @OptionGroup(title: "Occurrences") var which: OccurrenceOptions
        func run() async throws {
            try await present(global) { try await EventService($0).cancel(id, which.choice) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete an appointment or a whole series.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @Flag(help: "Delete without asking (needed when there is no terminal to ask on).") var yes = false
        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla events rm")
                return try await EventService($0).remove(id, confirmation: confirmation)
            }
        }
    }

    struct Confirm: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "confirm",
            abstract: "Confirm an appointment your coach scheduled (client), one occurrence or a whole series.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @Option(help: "Only the occurrence of the series on this day, YYYY-MM-DD.") var occurrence: String?
        func run() async throws {
            try await present(global) { try await EventService($0).confirm(id, occurrence: occurrence) }
        }
    }

    struct Decline: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decline",
            abstract: "Decline an appointment (client), or a client's request (coach).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        @Option(help: "Only the occurrence of the series on this day, YYYY-MM-DD.") var occurrence: String?
        @Option(help: "Why, for the other side to read.") var reason: String?
        func run() async throws {
            try await present(global) {
                try await EventService($0).decline(id, occurrence: occurrence, reason: reason)
            }
        }
    }

    struct Request: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "request", abstract: "Ask your coach for an appointment (client).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "Local date and time, \"YYYY-MM-DD HH:MM\".") var at: String
        @Option(help: "Length in minutes (default 60).") var duration: Int?
        @Option(help: "A note for your coach.") var note: String?
        func run() async throws {
            try await present(global) {
                try await EventService($0).request(EventFields(at: at, duration: duration, note: note))
            }
        }
    }

    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "accept", abstract: "Accept a client's request: it is scheduled (coach).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument var id: String
        func run() async throws { try await present(global) { try await EventService($0).accept(id) } }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write appointments as an iCalendar (.ics) file.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The .ics file to write.") var ics: String
        @OptionGroup var range: RangeOptions
        func run() async throws {
            try await present(global) {
                try await EventService($0).export(icsFile: ics, from: range.from, to: range.to)
            }
        }
    }
}
