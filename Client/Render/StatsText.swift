import Foundation
import GorillaShared

extension ClientStats {
    public func text(for viewer: Viewer) -> String {
        switch figures {
        case .noSets(let exercise):
            return "No sets of '\(exercise)' for \(client) yet."
        case .exercise(let figures):
            return exerciseText(figures, width: min(72, max(40, viewer.width ?? 80)))
        case .overview(let overview, let bodyWeight):
            guard overview.sessions > 0 else {
                let body = bodyLines().joined(separator: "\n")
                guard viewer.role == .coach else {
                    return "No training sessions yet. Record one with: gorilla sessions log --set \"EXERCISE: 10x50kg\""
                        + body
                }
                return "No training sessions for \(client) yet. Record one with: "
                    + "gorilla sessions log --client \"\(client)\" --set \"EXERCISE: 10x50kg\"" + body
            }
            return overviewText(overview, bodyWeight: bodyWeight)
        }
    }

    private func exerciseText(_ figures: ExerciseStats, width: Int) -> String {
        guard figures.count == CountMode.reps.rawValue else { return timedText(figures, width: width) }
        var lines = [
            "\(figures.exercise) — \(client)",
            "sessions:      \(figures.sessions)",
            "best weight:   \(TextCharts.format(figures.bestWeight)) \(unit)",
            "best reps:     \(figures.bestReps)",
            "e1RM (Epley):  \(String(format: "%.2f", figures.e1rm)) \(unit)",
            "volume:        \(TextCharts.format(figures.volume)) \(unit)",
        ]
        if let duration = figures.bestDuration { lines.append("best duration: \(TextCharts.format(duration)) s") }
        if let change = figures.volumeChange, let e1rmChange = figures.e1rmChange {
            lines.append(
                String(format: "last session:  volume %+.1f %@, e1RM %+.2f %@", change, unit, e1rmChange, unit))
        }
        lines.append("")
        let progress = progress(figures)
        lines.append(TextCharts.line(progress.points, title: progress.title, unit: progress.unit, width: width))
        return (lines + recordLines(figures)).joined(separator: "\n")
    }

    /// An exercise counted by time or distance: durations and distances, no weights or repetitions.
    private func timedText(_ figures: ExerciseStats, width: Int) -> String {
        var lines = ["\(figures.exercise) — \(client)", "sessions:         \(figures.sessions)"]
        if let duration = figures.bestDuration { lines.append("longest set:      \(Numbers.clock(duration))") }
        if let distance = figures.bestDistance {
            lines.append("longest distance: \(TextCharts.format(distance)) m")
        }
        let progress = progress(figures)
        lines.append("")
        lines.append(TextCharts.line(progress.points, title: progress.title, unit: progress.unit, width: width))
        return (lines + recordLines(figures)).joined(separator: "\n")
    }

    /// The current records (and every improvement with `--history`), each with its date.
    private func recordLines(_ figures: ExerciseStats) -> [String] {
        var lines = ["", "personal records (warm-ups left out):"]
        lines += figures.records.map {
            "  " + Self.padded(Self.recordName($0.kind), 18) + Self.padded(recordValue($0), 14)
                + Self.shortDate($0.date)
        }
        if figures.records.isEmpty { lines.append("  none yet") }
        if !figures.rangeRecords.isEmpty {
            lines.append("heaviest set per range of reps:")
            lines += figures.rangeRecords.map { record in
                let range = (record.range ?? "").replacingOccurrences(of: "-", with: "–")
                let label = Self.padded("\(range) rep\(range == "1" ? "" : "s")", 12)
                let set = Self.padded("\(TextCharts.format(record.value)) \(unit) × \(record.reps ?? 0)", 20)
                return "  \(label)\(set)\(Self.shortDate(record.date))"
            }
        }
        if showsHistory {
            lines.append("record history:")
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

    /// "heaviest weight", "best e1RM", … for a record's kind.
    static func recordName(_ kind: String) -> String {
        switch kind {
        case "weight": "heaviest weight"
        case "e1rm": "best e1RM"
        case "reps": "most reps"
        case "volume": "session volume"
        case "duration": "longest duration"
        case "distance": "longest distance"
        default: kind
        }
    }

    /// "95 kg", "120.3 kg", "12", "1:30.0", "2000 m".
    private func recordValue(_ record: PersonalRecord) -> String {
        switch record.kind {
        case "reps": "\(Int(record.value))"
        case "e1rm": String(format: "%.1f %@", record.value, unit)
        case "duration": Numbers.clock(record.value)
        case "distance": "\(TextCharts.format(record.value)) m"
        default: "\(TextCharts.format(record.value)) \(unit)"
        }
    }

    private func overviewText(_ overview: ClientOverview, bodyWeight: [Point]) -> String {
        let attendance = overview.attendance
        let lastTrained = overview.lastTrained.map { EventFormatting.local($0) } ?? "never"
        var lines = [
            "\(client)",
            "sessions:         \(overview.sessions)   last trained: \(lastTrained)",
            "attendance:       \(attendance.done) done, \(attendance.missed) missed, "
                + "\(attendance.cancelled) cancelled, \(attendance.upcoming) upcoming",
            "training time:    \(Self.duration(overview.trainingTime))   "
                + "time under tension: \(Self.duration(overview.timeUnderTension))",
            "",
            TextCharts.bars(weekPoints(overview), title: "sessions per week, last 12 weeks", unit: "sessions"),
            "",
        ]
        let rows = overview.exercises.map { figures -> [String] in
            guard figures.count == CountMode.reps.rawValue else {
                let best =
                    figures.count == CountMode.distance.rawValue && figures.bestDistance != nil
                    ? figures.bestDistance.map { "\(TextCharts.format($0)) m" }
                    : figures.bestDuration.map { Numbers.clock($0) }
                return [
                    figures.exercise, "\(figures.sessions)", best ?? "", "", "",
                    TextCharts.sparkline(figures.perSession.map { $0.bestDistance ?? $0.bestDuration ?? 0 }, width: 16),
                ]
            }
            return [
                figures.exercise, "\(figures.sessions)", TextCharts.format(figures.bestWeight),
                String(format: "%.1f", figures.e1rm), TextCharts.format(figures.volume),
                TextCharts.sparkline(figures.perSession.map(\.e1rm), width: 16),
            ]
        }
        lines.append(
            Table(["EXERCISE", "SESSIONS", "BEST \(unit.uppercased())", "E1RM", "VOLUME", "E1RM TREND"], rows).render())
        lines += muscleLines(overview.muscles)
        if bodyWeight.count >= 2 {
            lines.append("")
            lines.append(
                TextCharts.line(
                    bodyWeight.map { (date: $0.date, value: $0.value) }, title: "body weight", unit: unit, width: 50,
                    height: 5))
        }
        lines += bodyLines()
        return lines.joined(separator: "\n")
    }

    /// The latest body weight with its BMI (and the height it used), and the distance to the goal weight.
    private func bodyLines() -> [String] {
        guard let body else { return [] }
        let scale = unit == "lb" ? 1 / kilogramsPerPound : 1
        var lines = [""]
        if let latest = body.latestWeight, let weight = latest.value(.weight) {
            var line = "body weight:      \(BodyMeasure.number(weight * scale)) \(unit) on \(latest.day)"
            if let bmi = latest.bmi { line += ", BMI \(BodyText.bmi(bmi))" }
            lines.append(line)
            if let goal = body.goalWeight {
                lines.append("goal weight:      \(BodyText.goal(goal * scale, from: weight * scale, unit: unit))")
            }
        } else if let goal = body.goalWeight {
            lines.append("goal weight:      \(BodyMeasure.number(goal * scale)) \(unit) (no weight recorded yet)")
        }
        return lines
    }

    /// Working sets and volume per muscle group, with the sets of each week as a sparkline; with `--muscles`, a
    /// chart of the average sets per week of each group too.
    private func muscleLines(_ muscles: [MuscleStats]) -> [String] {
        guard !muscles.isEmpty, let weeks = muscles.first?.weeks else { return [] }
        let first = weeks.first.map { Self.shortDate($0.start) } ?? ""
        var lines = ["", "per muscle group, \(weeks.count) week\(weeks.count == 1 ? "" : "s") from \(first) (warm-ups left out):"]
        let rows = muscles.map { muscle in
            [
                muscle.muscle, "\(muscle.sets)", String(format: "%.1f", muscle.setsPerWeek), TextCharts.format(muscle.volume),
                TextCharts.sparkline(muscle.weeks.map { Double($0.sets) }, width: 16),
            ]
        }
        lines.append(Table(["MUSCLE", "SETS", "SETS/WEEK", "VOLUME \(unit.uppercased())", "SETS PER WEEK"], rows).render())
        guard showsMuscles else { return lines }
        let longest = muscles.map(\.muscle.count).max() ?? 0
        let top = muscles.map(\.setsPerWeek).max() ?? 0
        lines.append("")
        lines.append("working sets per week, on average:")
        for muscle in muscles {
            let length = top > 0 ? Int((muscle.setsPerWeek / top * 30).rounded()) : 0
            lines.append(
                "  " + muscle.muscle.padding(toLength: longest, withPad: " ", startingAt: 0) + " "
                    + String(repeating: "█", count: length) + " " + String(format: "%.1f", muscle.setsPerWeek))
        }
        return lines
    }

    /// "1 h 5 min", "12 min", "40 s".
    static func duration(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return minutes >= 60
            ? "\(minutes / 60) h \(minutes % 60) min" : (minutes > 0 ? "\(minutes) min" : "\(Int(seconds)) s")
    }
}
