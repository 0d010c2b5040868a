import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension ClientStats: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch figures {
        case .noSets(let exercise):
            return ProgressPhrases.noSetsYet.t(["exercise": exercise, "client": client])
        case .exercise(let figures):
            return exerciseText(figures, width: min(72, max(40, viewer.width ?? 80)))
        case .overview(let overview, let bodyWeight):
            guard overview.sessions > 0 else {
                let body = bodyLines().joined(separator: "\n")
                guard viewer.keepsClients else {
                    return ProgressPhrases.noSessionsYet.t([
                        "command": #"gorilla sessions log --set "EXERCISE: 10x50kg""#
                    ])
                        + body
                }
                let command = "gorilla sessions log --client \"\(client)\" --set \"EXERCISE: 10x50kg\""
                return ProgressPhrases.noSessionsYetFor.t(["client": client, "command": command]) + body
            }
            return overviewText(overview, bodyWeight: bodyWeight)
        }
    }

    private func exerciseText(_ figures: ExerciseStats, width: Int) -> String {
        guard figures.count == CountMode.reps.rawValue else { return timedText(figures, width: width) }
        let column = Self.column([
            .labelSessions, .labelBestWeight, .labelBestReps, .labelE1RM, .labelVolume, .labelBestDuration,
            .labelLastSession,
        ])
        var lines = [
            "\(figures.exercise) — \(client)",
            column(.labelSessions) + "\(figures.sessions)",
            column(.labelBestWeight) + "\(TextCharts.written(figures.bestWeight)) \(unit)",
            column(.labelBestReps) + "\(figures.bestReps)",
            column(.labelE1RM) + "\(Numbers.writtenFixed(figures.e1rm, decimals: 1)) \(unit)",
            column(.labelVolume) + "\(TextCharts.written(figures.volume)) \(unit)",
        ]
        if let duration = figures.bestDuration {
            lines.append(column(.labelBestDuration) + "\(TextCharts.written(duration)) s")
        }
        if let change = figures.volumeChange, let e1rmChange = figures.e1rmChange {
            lines.append(
                column(.labelLastSession)
                    + ProgressPhrases.lastSessionChange.t([
                        "volume": Numbers.writtenFixed(change, decimals: 1, signed: true), "unit": unit,
                        "e1rm": Numbers.writtenFixed(e1rmChange, decimals: 1, signed: true),
                    ]))
        }
        lines.append("")
        let progress = progress(figures)
        lines.append(TextCharts.line(progress.points, title: progress.title, unit: progress.unit, width: width))
        return (lines + recordLines(figures)).joined(separator: "\n")
    }

    /// An exercise counted by time or distance: durations and distances, no weights or repetitions.
    private func timedText(_ figures: ExerciseStats, width: Int) -> String {
        let column = Self.column([.labelSessions, .labelLongestSet, .labelLongestDistance])
        var lines = ["\(figures.exercise) — \(client)", column(.labelSessions) + "\(figures.sessions)"]
        if let duration = figures.bestDuration {
            lines.append(column(.labelLongestSet) + Numbers.writtenClock(duration))
        }
        if let distance = figures.bestDistance {
            lines.append(column(.labelLongestDistance) + "\(TextCharts.written(distance)) m")
        }
        let progress = progress(figures)
        lines.append("")
        lines.append(TextCharts.line(progress.points, title: progress.title, unit: progress.unit, width: width))
        return (lines + recordLines(figures)).joined(separator: "\n")
    }

    /// The current records (and every improvement with `--history`), each with its date.
    private func recordLines(_ figures: ExerciseStats) -> [String] {
        var lines = ["", ProgressPhrases.personalRecords.t()]
        let nameWidth = max(18, (figures.records.map { Self.recordName($0.kind).count }.max() ?? 0) + 1)
        lines += figures.records.map {
            "  " + Self.padded(Self.recordName($0.kind), nameWidth) + Self.padded(recordValue($0), 14)
                + Self.shortDate($0.date)
        }
        if figures.records.isEmpty { lines.append("  " + ProgressPhrases.noRecordsYet.t()) }
        if !figures.rangeRecords.isEmpty {
            lines.append(ProgressPhrases.heaviestSetPerRange.t())
            lines += figures.rangeRecords.map { record in
                let range = (record.range ?? "").replacingOccurrences(of: "-", with: "–")
                let label = Self.padded(
                    (range == "1" ? ProgressPhrases.rangeOneRep : .rangeReps).t(["range": range]), 12)
                let set = Self.padded("\(TextCharts.written(record.value)) \(unit) × \(record.reps ?? 0)", 20)
                return "  \(label)\(set)\(Self.shortDate(record.date))"
            }
        }
        if showsHistory {
            lines.append(ProgressPhrases.recordHistory.t())
            lines += figures.history.map {
                "  \(Self.shortDate($0.date))  \(Self.recordName($0.kind)) \(recordValue($0))"
            }
        }
        return lines
    }

    /// `text` padded with spaces to `width` characters.
    static func padded(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }

    /// The labels of a block of figures in the current language, padded to one column: the widest of `labels` and a
    /// space, at least `minimum` characters.
    static func column(_ labels: [ProgressPhrases], minimum: Int = 0) -> (ProgressPhrases) -> String {
        let width = max(minimum, (labels.map { $0.t().count }.max() ?? 0) + 1)
        return { padded($0.t(), width) }
    }

    /// "heaviest weight", "best e1RM", … for a record's kind.
    static func recordName(_ kind: String) -> String {
        switch kind {
        case "weight": ProgressPhrases.recordHeaviestWeight.t()
        case "e1rm": ProgressPhrases.recordBestE1RM.t()
        case "reps": ProgressPhrases.recordMostReps.t()
        case "volume": ProgressPhrases.recordSessionVolume.t()
        case "duration": ProgressPhrases.recordLongestDuration.t()
        case "distance": ProgressPhrases.recordLongestDistance.t()
        default: kind
        }
    }

    /// "95 kg", "120.3 kg", "12", "1:30.0", "2000 m".
    private func recordValue(_ record: PersonalRecord) -> String {
        switch record.kind {
        case "reps": "\(Int(record.value))"
        case "e1rm": "\(Numbers.writtenFixed(record.value, decimals: 1)) \(unit)"
        case "duration": Numbers.writtenClock(record.value)
        case "distance": "\(TextCharts.written(record.value)) m"
        default: "\(TextCharts.written(record.value)) \(unit)"
        }
    }

    /// The labels of the overview, in a column at least as wide as the English one.
    private static var overviewColumn: (ProgressPhrases) -> String {
        column(
            [.labelSessions, .labelAttendance, .labelTrainingTime, .labelBodyWeight, .labelGoalWeight], minimum: 18)
    }

    private func overviewText(_ overview: ClientOverview, bodyWeight: [Point]) -> String {
        let attendance = overview.attendance
        let lastTrained = overview.lastTrained.map { EventFormatting.local($0) } ?? ProgressPhrases.neverTrained.t()
        let column = Self.overviewColumn
        var lines = [
            "\(client)",
            column(.labelSessions)
                + ProgressPhrases.overviewSessions.t(["sessions": overview.sessions, "date": lastTrained]),
            column(.labelAttendance)
                + ProgressPhrases.overviewAttendance.t([
                    "done": attendance.done, "missed": attendance.missed, "cancelled": attendance.cancelled,
                    "upcoming": attendance.upcoming,
                ]),
            column(.labelTrainingTime)
                + ProgressPhrases.overviewTrainingTime.t([
                    "training": Self.duration(overview.trainingTime),
                    "tension": Self.duration(overview.timeUnderTension),
                ]),
            "",
            TextCharts.bars(
                weekPoints(overview), title: ProgressPhrases.chartSessionsPerWeek.t(),
                unit: ProgressPhrases.chartUnitSessions.t()),
            "",
        ]
        let rows = overview.exercises.map { figures -> [String] in
            guard figures.count == CountMode.reps.rawValue else {
                let best =
                    figures.count == CountMode.distance.rawValue && figures.bestDistance != nil
                    ? figures.bestDistance.map { "\(TextCharts.written($0)) m" }
                    : figures.bestDuration.map { Numbers.writtenClock($0) }
                return [
                    figures.exercise, "\(figures.sessions)", best ?? "", "", "",
                    TextCharts.sparkline(figures.perSession.map { $0.bestDistance ?? $0.bestDuration ?? 0 }, width: 16),
                ]
            }
            return [
                figures.exercise, "\(figures.sessions)", TextCharts.written(figures.bestWeight),
                Numbers.writtenFixed(figures.e1rm, decimals: 1), TextCharts.written(figures.volume),
                TextCharts.sparkline(figures.perSession.map(\.e1rm), width: 16),
            ]
        }
        let header = [
            ProgressPhrases.headerExercise.t(), ProgressPhrases.headerSessions.t(),
            ProgressPhrases.headerBest.t(["unit": unit.uppercased()]), ProgressPhrases.headerE1RM.t(),
            ProgressPhrases.headerVolume.t(), ProgressPhrases.headerE1RMTrend.t(),
        ]
        lines.append(Table(header, rows).render())
        lines += muscleLines(overview.muscles)
        if bodyWeight.count >= 2 {
            lines.append("")
            lines.append(
                TextCharts.line(
                    bodyWeight.map { (date: $0.date, value: $0.value) }, title: ProgressPhrases.chartBodyWeight.t(),
                    unit: unit, width: 50, height: 5))
        }
        lines += bodyLines()
        return lines.joined(separator: "\n")
    }

    /// The latest body weight with its BMI (and the height it used), and the distance to the goal weight.
    private func bodyLines() -> [String] {
        guard let body else { return [] }
        let scale = unit == "lb" ? 1 / kilogramsPerPound : 1
        let column = Self.overviewColumn
        var lines = [""]
        if let latest = body.latestWeight, let weight = latest.value(.weight) {
            let values: [String: any Sendable] = [
                "weight": BodyText.number(weight * scale), "unit": unit, "day": ProgressDates.day(of: latest),
                "bmi": latest.bmi.map(BodyText.bmi) ?? "",
            ]
            let phrase = latest.bmi == nil ? ProgressPhrases.bodyWeightOn : .bodyWeightOnWithBMI
            lines.append(column(.labelBodyWeight) + phrase.t(values))
            if let goal = body.goalWeight {
                lines.append(column(.labelGoalWeight) + BodyText.goal(goal * scale, from: weight * scale, unit: unit))
            }
        } else if let goal = body.goalWeight {
            lines.append(
                column(.labelGoalWeight)
                    + ProgressPhrases.goalWithoutWeight.t(["goal": BodyText.number(goal * scale), "unit": unit]))
        }
        return lines
    }

    /// Working sets and volume per muscle group, with the sets of each week as a sparkline; with `--muscles`, a
    /// chart of the average sets per week of each group too.
    private func muscleLines(_ muscles: [MuscleStats]) -> [String] {
        guard !muscles.isEmpty, let weeks = muscles.first?.weeks else { return [] }
        let first = weeks.first.map { ProgressDates.day($0.start) } ?? ""
        var lines = ["", ProgressPhrases.perMuscleGroup.t(["count": weeks.count, "day": first])]
        let rows = muscles.map { muscle in
            [
                Self.muscleName(muscle.muscle), "\(muscle.sets)", Numbers.writtenFixed(muscle.setsPerWeek, decimals: 1),
                TextCharts.written(muscle.volume),
                TextCharts.sparkline(muscle.weeks.map { Double($0.sets) }, width: 16),
            ]
        }
        let header = [
            ProgressPhrases.headerMuscle.t(), ProgressPhrases.headerSets.t(), ProgressPhrases.headerSetsPerWeek.t(),
            ProgressPhrases.headerVolumeIn.t(["unit": unit.uppercased()]), ProgressPhrases.headerSetsPerWeekTrend.t(),
        ]
        lines.append(Table(header, rows).render())
        guard showsMuscles else { return lines }
        let names = muscles.map { Self.muscleName($0.muscle) }
        let longest = names.map(\.count).max() ?? 0
        let top = muscles.map(\.setsPerWeek).max() ?? 0
        lines.append("")
        lines.append(ProgressPhrases.workingSetsPerWeek.t())
        for (muscle, name) in zip(muscles, names) {
            let length = top > 0 ? Int((muscle.setsPerWeek / top * 30).rounded()) : 0
            lines.append(
                "  " + name.padding(toLength: longest, withPad: " ", startingAt: 0) + " "
                    + String(repeating: "█", count: length) + " "
                    + Numbers.writtenFixed(muscle.setsPerWeek, decimals: 1))
        }
        return lines
    }

    /// "1 h 5 min", "12 min", "40 s".
    static func duration(_ seconds: Double) -> String { SessionWording.length(seconds) }
}

