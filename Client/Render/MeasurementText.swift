import Foundation
import GorillaShared

extension MeasurementChange {
    public func text(for viewer: Viewer) -> String {
        guard let entry else {
            return "The measurement for \(client) was refused by the server and taken back on this device."
        }
        switch action {
        case .added:
            return "Recorded a measurement for \(client) on \(entry.day)."
                + Self.bodyText(entry, goalWeight: goalWeight)
        case .updated:
            let figures = entry.figures.map { "\($0.measure.label) \($0.measure.format($0.value))" }
            return "Updated the measurement of \(entry.day) for \(client): \(figures.joined(separator: ", "))."
                + Self.bodyText(entry, goalWeight: goalWeight)
        case .deleted:
            return "Deleted the measurement of \(entry.day) for \(client)."
        }
    }

    /// " BMI 24.9 (normal, height 178 cm of 2026-10-02). Goal weight 75 kg: 4 kg to lose." for a weight.
    static func bodyText(_ entry: BodyHistory.Entry, goalWeight: Double?) -> String {
        var text = ""
        if let bmi = entry.bmi { text += " BMI \(BodyText.bmi(bmi))." }
        if let weight = entry.value(.weight), let goalWeight {
            text += " Goal weight \(BodyText.goal(goalWeight, from: weight))."
        }
        return text
    }
}

extension MeasurementList {
    public func text(for viewer: Viewer) -> String {
        guard !history.entries.isEmpty else {
            return "No measurements for \(client) yet. Add one with: "
                + "gorilla measurements add --client \"\(client)\" --weight KG --height CM"
        }
        // Only the figures some entry holds get a column.
        let measures = BodyMeasure.allCases.filter { measure in
            history.entries.contains { $0.value(measure) != nil }
        }
        let rows = history.entries.map { entry -> [String] in
            [entry.day] + measures.map { entry.value($0).map(BodyMeasure.number) ?? "" }
                + [entry.bmi.map(BodyText.bmi) ?? "", entry.entity.id.short, entry.entity[string: "note"] ?? ""]
        }
        var lines = [client]
        if let goal = history.goalWeight {
            if let latest = history.latestWeight, let weight = latest.value(.weight) {
                lines.append(
                    "goal weight \(BodyText.goal(goal, from: weight)) (\(BodyMeasure.number(weight)) kg on \(latest.day))"
                )
            } else {
                lines.append("goal weight \(BodyMeasure.number(goal)) kg")
            }
        }
        let header = ["DATE"] + measures.map(BodyText.column) + ["BMI", "ID", "NOTE"]
        lines.append(Table(header, rows).render())
        return lines.joined(separator: "\n")
    }
}

/// The words for body figures, the same in `measurements` and `stats`.
enum BodyText {
    /// "24.9 (normal)" with the entry's own height, "24.9 (normal, height 178 cm of 2026-10-02)" with another's.
    static func bmi(_ bmi: BodyHistory.BMIReading) -> String {
        let value = String(format: "%.1f", bmi.value)
        guard !bmi.ownHeight else { return "\(value) (\(bmi.category))" }
        return "\(value) (\(bmi.category), height \(BodyMeasure.number(bmi.height)) cm of \(bmi.heightDate))"
    }

    /// "75 kg: 4 kg to lose", "80 kg: 2.5 kg to gain", "75 kg: reached", in `unit` (kg or lb, both values in it).
    static func goal(_ goal: Double, from weight: Double, unit: String = "kg") -> String {
        let left = goal - weight
        let distance =
            abs(left) < 0.05
            ? "reached" : "\(BodyMeasure.number(abs(left))) \(unit) to \(left < 0 ? "lose" : "gain")"
        return "\(BodyMeasure.number(goal)) \(unit): \(distance)"
    }

    /// The column title of a figure: "KG", "HEIGHT", "FAT %", "WAIST".
    static func column(_ measure: BodyMeasure) -> String {
        switch measure {
        case .weight: "KG"
        case .bodyFat: "FAT %"
        default: measure.rawValue.uppercased()
        }
    }
}

extension ClientGoal {
    public func text(for viewer: Viewer) -> String {
        guard client != nil else { return "The goal weight of \(name) was refused by the server and taken back." }
        guard let goalWeight else { return "Removed the goal weight of \(name)." }
        guard let latest, let weight = latest.value(.weight) else {
            return "Goal weight of \(name): \(BodyMeasure.weight.format(goalWeight)) (no weight recorded yet)."
        }
        return "Goal weight of \(name): \(BodyText.goal(goalWeight, from: weight)) "
            + "(\(BodyMeasure.weight.format(weight)) on \(latest.day))."
    }
}
