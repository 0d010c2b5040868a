import Foundation
import GorillaClientCore
import GorillaShared

/// The words for body figures, the same in `measurements` and `stats`, in the current language.
package enum BodyText {
    /// "72.5", "178": a figure as ``BodyMeasure/number(_:)`` writes it, with the language's decimal separator.
    package static func number(_ value: Double) -> String { Numbers.spoken(BodyMeasure.number(value)) }

    /// "72.5 kg", "18 %", "178 cm" (``BodyMeasure/format(_:)`` in the current language).
    package static func format(_ measure: BodyMeasure, _ value: Double) -> String { "\(number(value)) \(measure.unit)" }

    /// "weight 72.5 kg", "body fat 18 %".
    package static func figure(_ measure: BodyMeasure, _ value: Double) -> String {
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
    package static func bmi(_ bmi: BodyHistory.BMIReading) -> String {
        let value = Numbers.writtenFixed(bmi.value, decimals: 1)
        guard !bmi.ownHeight else { return "\(value) (\(bmi.categoryName))" }
        return ProgressPhrases.bmiWithHeightOf.t([
            "bmi": value, "category": bmi.categoryName, "height": number(bmi.height),
            "day": ProgressDates.day(bmi.heightDate),
        ])
    }

    /// "75 kg: 4 kg to lose", "80 kg: 2.5 kg to gain", "75 kg: reached", in `unit` (kg or lb, both values in it).
    package static func goal(_ goal: Double, from weight: Double, unit: String = "kg") -> String {
        let left = goal - weight
        let distance =
            abs(left) < 0.05
            ? ProgressPhrases.goalReached.t()
            : (left < 0 ? ProgressPhrases.goalToLose : .goalToGain).t(["amount": number(abs(left)), "unit": unit])
        return "\(number(goal)) \(unit): \(distance)"
    }

    /// The column title of a figure: "KG", "HEIGHT", "FAT %", "WAIST".
    package static func column(_ measure: BodyMeasure) -> String {
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
