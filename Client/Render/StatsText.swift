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
                return "No training sessions for \(client) yet. Record one with: "
                    + "gorilla sessions log --client \"\(client)\" --set \"EXERCISE: 10x50kg\""
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
        lines.append(
            TextCharts.chart(e1rmPoints(figures), title: "estimated 1RM per session", unit: unit, width: width))
        return (lines + recordLines(figures)).joined(separator: "\n")
    }

    /// An exercise counted by time or distance: durations and distances, no weights or repetitions.
    private func timedText(_ figures: ExerciseStats, width: Int) -> String {
        var lines = ["\(figures.exercise) — \(client)", "sessions:         \(figures.sessions)"]
        if let duration = figures.bestDuration { lines.append("longest set:      \(Numbers.clock(duration))") }
        if let distance = figures.bestDistance {
            lines.append("longest distance: \(TextCharts.format(distance)) m")
        }
        let byDistance = figures.count == CountMode.distance.rawValue && figures.bestDistance != nil
        let points = figures.perSession.map {
            (label: Self.shortDate($0.date), value: (byDistance ? $0.bestDistance : $0.bestDuration) ?? 0)
        }
        lines.append("")
        lines.append(
            TextCharts.chart(
                points, title: byDistance ? "longest distance per session" : "longest set per session",
                unit: byDistance ? "m" : "s", width: width))
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
            TextCharts.chart(
                weekPoints(overview), title: "sessions per week, last 12 weeks", unit: "sessions", width: 40,
                height: 5),
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
        if bodyWeight.count >= 2 {
            lines.append("")
            lines.append(
                TextCharts.chart(
                    bodyWeight.map { (label: Self.shortDate($0.date), value: $0.value) }, title: "body weight",
                    unit: unit, width: 50, height: 5, fromZero: false))
        }
        return lines.joined(separator: "\n")
    }

    /// "1 h 5 min", "12 min", "40 s".
    static func duration(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return minutes >= 60
            ? "\(minutes / 60) h \(minutes % 60) min" : (minutes > 0 ? "\(minutes) min" : "\(Int(seconds)) s")
    }
}

extension MeasurementAdded {
    public func text(for viewer: Viewer) -> String {
        var text = "Recorded a measurement for \(client)."
        if let bmi { text += String(format: " BMI %.1f (%@).", bmi, BMI.category(bmi)) }
        return text
    }
}

extension MeasurementList {
    public func text(for viewer: Viewer) -> String {
        guard !measurements.isEmpty else {
            return "No measurements for \(client) yet. Add one with: "
                + "gorilla measurements add --client \"\(client)\" --weight KG --height CM"
        }
        let rows = measurements.map { row -> [String] in
            let entry = row.measurement
            func cell(_ field: String) -> String {
                entry.fields[field]?.doubleValue.map { TextCharts.format($0) } ?? ""
            }
            return [
                String(EventFormatting.local(entry[string: "date"] ?? "").prefix(10)), cell("weight"), cell("height"),
                cell("waist"), cell("chest"), cell("arm"), cell("thigh"),
                row.bmi.map { String(format: "%.1f %@", $0, BMI.category($0)) } ?? "", entry[string: "note"] ?? "",
            ]
        }
        return "\(client)\n"
            + Table(["DATE", "KG", "CM", "WAIST", "CHEST", "ARM", "THIGH", "BMI", "NOTE"], rows).render()
    }
}
