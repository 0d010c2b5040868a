import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared

extension MeasurementChange: Presentable {
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

extension MeasurementList: Presentable {
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

extension ClientGoal: Presentable {
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
