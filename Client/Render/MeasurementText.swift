import Foundation
import GorillaShared

extension MeasurementChange {
    package func text(for viewer: Viewer) -> String {
        guard let entry else {
            return ProgressPhrases.measurementRefused.t(["client": client])
        }
        let day = ProgressDates.day(of: entry)
        switch action {
        case .added:
            return ProgressPhrases.measurementRecorded.t(["client": client, "day": day])
                + Self.bodyText(entry, goalWeight: goalWeight)
        case .updated:
            let figures = entry.figures.map { BodyText.figure($0.measure, $0.value) }
            return ProgressPhrases.measurementUpdated.t([
                "day": day, "client": client, "figures": figures.joined(separator: ", "),
            ]) + Self.bodyText(entry, goalWeight: goalWeight)
        case .deleted:
            return ProgressPhrases.measurementDeleted.t(["day": day, "client": client])
        }
    }

    /// " BMI 24.9 (normal, height 178 cm of 2026-10-02). Goal weight 75 kg: 4 kg to lose." for a weight.
    static func bodyText(_ entry: BodyHistory.Entry, goalWeight: Double?) -> String {
        var text = ""
        if let bmi = entry.bmi { text += " " + ProgressPhrases.bmiSentence.t(["bmi": BodyText.bmi(bmi)]) }
        if let weight = entry.value(.weight), let goalWeight {
            text += " " + ProgressPhrases.goalSentence.t(["goal": BodyText.goal(goalWeight, from: weight)])
        }
        return text
    }
}

extension MeasurementList {
    package func text(for viewer: Viewer) -> String {
        guard !history.entries.isEmpty else {
            let command = "gorilla measurements add --client \"\(client)\" --weight KG --height CM"
            return ProgressPhrases.noMeasurementsYet.t(["client": client, "command": command])
        }
        // Only the figures some entry holds get a column.
        let measures = BodyMeasure.allCases.filter { measure in
            history.entries.contains { $0.value(measure) != nil }
        }
        let rows = history.entries.map { entry -> [String] in
            let figures: [String] = measures.map { entry.value($0).map(BodyText.number) ?? "" }
            let after: [String] = [entry.bmi.map(BodyText.bmi) ?? "", entry.id.short, entry.measurement.note ?? ""]
            return [entry.day] + figures + after
        }
        var lines = [client]
        if let goal = history.goalWeight {
            if let latest = history.latestWeight, let weight = latest.value(.weight) {
                lines.append(
                    ProgressPhrases.listGoalWeight.t([
                        "goal": BodyText.goal(goal, from: weight), "weight": BodyText.number(weight),
                        "day": ProgressDates.day(of: latest),
                    ]))
            } else {
                lines.append(ProgressPhrases.listGoalWeightOnly.t(["goal": BodyText.number(goal)]))
            }
        }
        let header =
            [ProgressPhrases.headerDate.t()] + measures.map(BodyText.column)
            + [ProgressPhrases.headerBMI.t(), ProgressPhrases.headerID.t(), ProgressPhrases.headerNote.t()]
        lines.append(Table(header, rows).render())
        return lines.joined(separator: "\n")
    }
}

/// The words for body figures, the same in `measurements` and `stats`, in the current language.
enum BodyText {
    /// "72.5", "178": a figure as ``BodyMeasure/number(_:)`` writes it, with the language's decimal separator.
    static func number(_ value: Double) -> String { Numbers.spoken(BodyMeasure.number(value)) }

    /// "72.5 kg", "18 %", "178 cm" (``BodyMeasure/format(_:)`` in the current language).
    static func format(_ measure: BodyMeasure, _ value: Double) -> String { "\(number(value)) \(measure.unit)" }

    /// "weight 72.5 kg", "body fat 18 %".
    static func figure(_ measure: BodyMeasure, _ value: Double) -> String {
        "\(label(measure)) \(format(measure, value))"
    }

    /// The words a person reads for a figure: "weight", "body fat", "neck".
    static func label(_ measure: BodyMeasure) -> String {
        let phrase: ProgressPhrases =
            switch measure {
            case .weight: .figureWeight
            case .height: .figureHeight
            case .bodyFat: .figureBodyFat
            case .neck: .figureNeck
            case .shoulders: .figureShoulders
            case .chest: .figureChest
            case .arm: .figureArm
            case .forearm: .figureForearm
            case .waist: .figureWaist
            case .hips: .figureHips
            case .thigh: .figureThigh
            case .calf: .figureCalf
            }
        return phrase.t()
    }

    /// "24.9 (normal)" with the entry's own height, "24.9 (normal, height 178 cm of 2026-10-02)" with another's.
    static func bmi(_ bmi: BodyHistory.BMIReading) -> String {
        let value = Numbers.writtenFixed(bmi.value, decimals: 1)
        guard !bmi.ownHeight else { return "\(value) (\(bmi.categoryName))" }
        return ProgressPhrases.bmiWithHeightOf.t([
            "bmi": value, "category": bmi.categoryName, "height": number(bmi.height),
            "day": ProgressDates.day(bmi.heightDate),
        ])
    }

    /// "75 kg: 4 kg to lose", "80 kg: 2.5 kg to gain", "75 kg: reached", in `unit` (kg or lb, both values in it).
    static func goal(_ goal: Double, from weight: Double, unit: String = "kg") -> String {
        let left = goal - weight
        let distance =
            abs(left) < 0.05
            ? ProgressPhrases.goalReached.t()
            : (left < 0 ? ProgressPhrases.goalToLose : .goalToGain).t(["amount": number(abs(left)), "unit": unit])
        return "\(number(goal)) \(unit): \(distance)"
    }

    /// The column title of a figure: "KG", "HEIGHT", "FAT %", "WAIST".
    static func column(_ measure: BodyMeasure) -> String {
        switch measure {
        case .weight: "KG"
        case .bodyFat: ProgressPhrases.headerBodyFat.t()
        default: label(measure).uppercased()
        }
    }

    /// Why a figure cannot be recorded (``GorillaShared/Measurement/Problem``), naming it `option` ("--weight"):
    /// "--weight 600 kg is outside the plausible range 20–400 kg".
    static func problem(_ problem: GorillaShared.Measurement.Problem, naming option: String) -> String {
        let shown = problem.value.isFinite ? format(problem.measure, problem.value) : "\(problem.value)"
        let range =
            "\(number(problem.allowed.lowerBound))–\(number(problem.allowed.upperBound)) \(problem.measure.unit)"
        return (problem.forceable ? ProgressPhrases.figureImplausible : .figureBeyondLimits).t([
            "option": option, "value": shown, "range": range,
        ])
    }
}

extension ClientGoal {
    package func text(for viewer: Viewer) -> String {
        guard row != nil else { return ProgressPhrases.goalRefused.t(["name": name]) }
        var lines: [String] = []
        if changesPerWeek {
            if let perWeek {
                let since = perWeekSince
                lines.append(
                    ProgressPhrases.perWeekSet.t([
                        "name": name, "count": perWeek,
                        "day": since.map { ProgressDates.day($0) } ?? ProgressDates.day(Date()),
                    ]))
            } else {
                lines.append(ProgressPhrases.perWeekRemoved.t(["name": name]))
            }
        }
        if changesGoal { lines.append(goalSentence) }
        return lines.joined(separator: "\n")
    }

    /// What the goal weight is now, beside the latest weight.
    private var goalSentence: String {
        guard let goalWeight else { return ProgressPhrases.goalRemoved.t(["name": name]) }
        guard let latest, let weight = latest.value(.weight) else {
            return ProgressPhrases.goalWithoutWeightSentence.t([
                "name": name, "goal": BodyText.format(.weight, goalWeight),
            ])
        }
        return ProgressPhrases.goalWithWeightSentence.t([
            "name": name, "goal": BodyText.goal(goalWeight, from: weight), "weight": BodyText.format(.weight, weight),
            "day": ProgressDates.day(of: latest),
        ])
    }
}
