import ArgumentParser
import Foundation
import GorillaClient
import GorillaShared

struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "A client's statistics: an overview, or one exercise's figures and progress.",
        discussion: """
            A coach names the client; a client sees their own. Figures are computed from this device's copy, so they work offline. \
            e1RM is Epley's estimate, weight × (1 + reps / 30) (the weight itself for a single rep). Volume is Σ weight × reps. \
            Warm-up sets count in volume but never towards bests or records. Records are kept per measure and for \
            each range of repetitions (1, 2-3, 4-6, 7-10, 11-15, 16+); --history lists every improvement.
            """)
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Option(help: "The client (coaches).") var client: String?
    @Option(help: "One exercise's figures and progress.") var exercise: String?
    @OptionGroup var range: RangeOptions
    @Option(help: "Also write the chart as an SVG file.") var svg: String?
    @Option(help: "Also write every set as CSV (date, client, exercise, set, type, reps, weight, unit, duration).")
    var csv: String?
    @Option(help: "Show weights in kg or lb (default: kg, or the device's setting).") var unit: String?
    @Flag(help: "With --exercise: list every improvement of each record, not just the current records.")
    var history = false
    @Flag(help: "Detail the work per muscle group (a chart of sets per week; --svg then charts it).")
    var muscles = false
    @Flag(help: "Appointments kept and the plan's sessions a week met: every client, or --client C week by week.")
    var compliance = false

    func run() async throws {
        var request = StatsRequest(
            client: client, exercise: exercise, from: range.from, to: range.to, svg: svg, csv: csv, unit: unit,
            history: history)
        request.muscles = muscles
        if compliance {
            try await present(global) { try await StatsService($0).compliance(request) }
        } else {
            try await present(global) { try await StatsService($0).stats(request) }
        }
    }
}

struct Measurements: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measurements",
        abstract: "Body measurements (weight, height, body fat, girths) with BMI.",
        discussion: """
            A measurement's date is a calendar day, the same on every device. Figures outside the plausible range for \
            an adult (e.g. a height under 100 cm) are refused unless --force is given.
            """,
        subcommands: [Add.self, List.self, Edit.self, Remove.self], defaultSubcommand: List.self)

    /// The figures and the day, shared by `add` and `edit`.
    struct Figures: ParsableArguments {
        @Option(help: "The day, YYYY-MM-DD (add: default today).") var date: String?
        @Option(help: "Body weight in kg (plausible: 20–400).") var weight: Double?
        @Option(help: "Height in cm (plausible: 100–250).") var height: Double?
        @Option(name: .customLong("body-fat"), help: "Body fat in % (plausible: 2–70).") var bodyFat: Double?
        @Option(help: "Neck in cm.") var neck: Double?
        @Option(help: "Shoulders in cm.") var shoulders: Double?
        @Option(help: "Chest in cm.") var chest: Double?
        @Option(help: "Arm in cm.") var arm: Double?
        @Option(help: "Forearm in cm.") var forearm: Double?
        @Option(help: "Waist in cm.") var waist: Double?
        @Option(help: "Hips in cm.") var hips: Double?
        @Option(help: "Thigh in cm.") var thigh: Double?
        @Option(help: "Calf in cm.") var calf: Double?
        @Option(help: "A note (edit: \"\" removes it).") var note: String?
        @Flag(help: "Record a figure outside its plausible range (a real but unusual value).") var force = false

        func fields(clear: [String] = []) -> MeasurementFields {
            let given: [(BodyMeasure, Double?)] = [
                (.weight, weight), (.height, height), (.bodyFat, bodyFat), (.neck, neck), (.shoulders, shoulders),
                (.chest, chest), (.arm, arm), (.forearm, forearm), (.waist, waist), (.hips, hips), (.thigh, thigh),
                (.calf, calf),
            ]
            var values: [BodyMeasure: Double] = [:]
            for case (let measure, let value?) in given { values[measure] = value }
            return MeasurementFields(date: date, values: values, clear: clear, note: note, force: force)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Record a measurement (clients may record their own).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The client (coaches).") var client: String?
        @OptionGroup var figures: Figures

        func run() async throws {
            try await present(global) { try await MeasurementService($0).add(client: client, figures.fields()) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract:
                "List measurements with BMI (from the height nearest in time) and the distance to the goal weight.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The client (coaches).") var client: String?
        func run() async throws { try await present(global) { try await MeasurementService($0).list(client: client) } }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Correct a measurement: changes only the figures, day or note given.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The measurement's id (or the short id the list shows).") var id: String
        @OptionGroup var figures: Figures
        @Option(help: "Remove a figure from the measurement (e.g. --clear waist); repeatable.") var clear: [String] = []

        func run() async throws {
            try await present(global) { try await MeasurementService($0).edit(id, figures.fields(clear: clear)) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a measurement (asks first on a terminal; --yes otherwise).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Argument(help: "The measurement's id (or the short id the list shows).") var id: String
        @Flag(help: "Delete without asking (needed when there is no terminal to ask on).") var yes = false

        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla measurements rm")
                return try await MeasurementService($0).remove(id, confirmation: confirmation)
            }
        }
    }
}
