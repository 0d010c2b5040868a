import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct Stats: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stats", abstract: ProgressPhrases.helpStatsAbstract.t(),
            discussion: ProgressPhrases.helpStatsDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Option(help: ArgumentHelp(ProgressPhrases.helpClient.t()), completion: .names(.client))
    var client: String?
    @Option(help: ArgumentHelp(ProgressPhrases.helpStatsExercise.t())) var exercise: String?
    @OptionGroup var range: RangeOptions
    @Option(help: ArgumentHelp(ProgressPhrases.helpStatsSVG.t())) var svg: String?
    @Option(help: ArgumentHelp(ProgressPhrases.helpStatsCSV.t())) var csv: String?
    @Option(help: ArgumentHelp(ProgressPhrases.helpStatsUnit.t())) var unit: String?
    @Flag(help: ArgumentHelp(ProgressPhrases.helpStatsHistory.t())) var history = false
    @Flag(help: ArgumentHelp(ProgressPhrases.helpStatsMuscles.t())) var muscles = false
    @Flag(help: ArgumentHelp(ProgressPhrases.helpStatsCompliance.t())) var compliance = false

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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "measurements", abstract: ProgressPhrases.helpMeasurementsAbstract.t(),
            discussion: ProgressPhrases.helpMeasurementsDiscussion.t(),
            subcommands: [Add.self, List.self, Edit.self, Remove.self], defaultSubcommand: List.self)
    }

    /// The figures and the day, shared by `add` and `edit`. The figures are read as typed, so that a decimal comma
    /// (`--weight 62,5`) is as good as a point.
    struct Figures: ParsableArguments {
        @Option(help: ArgumentHelp(ProgressPhrases.helpMeasurementDate.t())) var date: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpWeight.t())) var weight: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpHeight.t())) var height: String?
        @Option(name: .customLong("body-fat"), help: ArgumentHelp(ProgressPhrases.helpBodyFat.t())) var bodyFat: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpNeck.t())) var neck: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpShoulders.t())) var shoulders: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpChest.t())) var chest: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpArm.t())) var arm: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpForearm.t())) var forearm: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpWaist.t())) var waist: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpHips.t())) var hips: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpThigh.t())) var thigh: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpCalf.t())) var calf: String?
        @Option(help: ArgumentHelp(ProgressPhrases.helpNote.t())) var note: String?
        @Flag(help: ArgumentHelp(ProgressPhrases.helpForce.t())) var force = false

        /// The options given, each figure read with a decimal comma or point.
        /// - Throws: ``ClientError`` `.usage` when a figure is no number.
        func fields(clear: [String] = []) throws -> MeasurementFields {
            let given: [(BodyMeasure, String?)] = [
                (.weight, weight), (.height, height), (.bodyFat, bodyFat), (.neck, neck), (.shoulders, shoulders),
                (.chest, chest), (.arm, arm), (.forearm, forearm), (.waist, waist), (.hips, hips), (.thigh, thigh),
                (.calf, calf),
            ]
            var values: [BodyMeasure: Double] = [:]
            for case (let measure, let text?) in given {
                guard let value = Language.parseNumber(text) else {
                    throw ClientError(
                        .usage, ProgressPhrases.notANumber.t(["option": "--\(measure.option)", "text": text]))
                }
                values[measure] = value
            }
            return MeasurementFields(date: date, values: values, clear: clear, note: note, force: force)
        }
    }

    struct Add: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "add", abstract: ProgressPhrases.helpMeasurementsAdd.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(ProgressPhrases.helpClient.t()), completion: .names(.client))
        var client: String?
        @OptionGroup var figures: Figures

        func run() async throws {
            try await present(global) { try await MeasurementService($0).add(client: client, try figures.fields()) }
        }
    }

    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "list", abstract: ProgressPhrases.helpMeasurementsList.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Option(help: ArgumentHelp(ProgressPhrases.helpClient.t()), completion: .names(.client))
        var client: String?
        func run() async throws { try await present(global) { try await MeasurementService($0).list(client: client) } }
    }

    struct Edit: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "edit", abstract: ProgressPhrases.helpMeasurementsEdit.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(ProgressPhrases.helpMeasurementID.t())) var id: String
        @OptionGroup var figures: Figures
        @Option(help: ArgumentHelp(ProgressPhrases.helpClear.t())) var clear: [String] = []

        func run() async throws {
            try await present(global) {
                try await MeasurementService($0).edit(id, try figures.fields(clear: clear))
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "rm", abstract: ProgressPhrases.helpMeasurementsRemove.t())
        }
        @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
        @Argument(help: ArgumentHelp(ProgressPhrases.helpMeasurementID.t())) var id: String
        @Flag(help: ArgumentHelp(ProgressPhrases.helpDeleteWithoutAsking.t())) var yes = false

        func run() async throws {
            try await present(global) {
                let confirmation = try Confirmation(yes: yes, command: "gorilla measurements rm")
                return try await MeasurementService($0).remove(id, confirmation: confirmation)
            }
        }
    }
}
