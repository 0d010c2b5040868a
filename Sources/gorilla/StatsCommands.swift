import ArgumentParser
import Foundation
import GorillaClient

struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "A client's statistics: an overview, or one exercise's figures and progress.",
        discussion: """
            A coach names the client; a client sees their own. Figures are computed from this device's copy, so they work offline.
            e1RM is Epley's estimate, weight × (1 + reps / 30) (the weight itself for a single rep). Volume is Σ weight × reps.
            Warm-up sets count in volume but never towards bests or records. Records are kept per measure and for
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

    func run() async throws {
        let request = StatsRequest(
            client: client, exercise: exercise, from: range.from, to: range.to, svg: svg, csv: csv, unit: unit,
            history: history)
        try await present(global) { try await StatsService($0).stats(request) }
    }
}

struct Measurements: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measurements",
        abstract: "Body measurements (weight, height, girths) with BMI.", subcommands: [Add.self, List.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Record a measurement (clients may record their own).")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The client (coaches).") var client: String?
        @Option(help: "YYYY-MM-DD or \"YYYY-MM-DD HH:MM\" (default: now).") var date: String?
        @Option(help: "Body weight in kg.") var weight: Double?
        @Option(help: "Height in cm.") var height: Double?
        @Option(help: "Waist in cm.") var waist: Double?
        @Option(help: "Chest in cm.") var chest: Double?
        @Option(help: "Arm in cm.") var arm: Double?
        @Option(help: "Thigh in cm.") var thigh: Double?
        @Option(help: "A note.") var note: String?

        func run() async throws {
            var values: [String: Double] = [:]
            for (key, value) in [
                ("weight", weight), ("height", height), ("waist", waist), ("chest", chest), ("arm", arm),
                ("thigh", thigh),
            ] {
                if let value { values[key] = value }
            }
            try await present(global) {
                try await MeasurementService($0).add(client: client, date: date, values: values, note: note)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List measurements with BMI and its WHO category.")
        @OptionGroup(title: "Global options") var global: GlobalOptions
        @Option(help: "The client (coaches).") var client: String?
        func run() async throws { try await present(global) { try await MeasurementService($0).list(client: client) } }
    }
}
