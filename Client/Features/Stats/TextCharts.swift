import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Charts drawn with Unicode characters, for the terminal: bars for counts, a line over time for progress.
package enum TextCharts {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// A one-line sparkline of `values` (at most `width`, the newest kept), scaled from zero to the highest value,
    /// as the bars are: 6 then 4 reads as two thirds, not as a fall to nothing. Zero is the lowest level; any value
    /// above zero shows at least one step above it.
    package static func sparkline(_ values: [Double], width: Int = 24) -> String {
        let shown = Array(values.suffix(width))
        guard let high = shown.max() else { return "" }
        guard high > 1e-9 else { return String(repeating: levels[0], count: shown.count) }
        return String(
            shown.map { value in
                guard value > 1e-9 else { return levels[0] }
                return levels[min(7, max(1, Int((value / high * 7).rounded())))]
            })
    }

    /// A bar chart of counts (sessions per week): one column per point, the axis from zero in whole units, the
    /// first and last labels under the bars.
    package static func bars(
        _ points: [(label: String, value: Double)], title: String, unit: String, height: Int = 5
    ) -> String {
        guard !points.isEmpty else { return ProgressPhrases.chartNoData.t(["title": title]) }
        // Each row is a whole number of units: one per row when they fit in `height` rows.
        let top = max(1, points.map(\.value).max() ?? 1)
        let step = max(1, (top / Double(height)).rounded(.up))
        let rowCount = Int((top / step).rounded(.up))
        let scale = (low: 0.0, high: step * Double(rowCount))
        let labelWidth = written(scale.high).count + 1
        var rows = ["\(title) (\(unit))"]
        for row in (0..<rowCount).reversed() {
            let bottom = scale.low + step * Double(row)
            let line = String(
                points.map { point -> Character in
                    if point.value >= bottom + step { return "█" }
                    if point.value <= bottom { return " " }
                    return levels[max(0, min(7, Int(((point.value - bottom) / step * 8).rounded(.up)) - 1))]
                })
            let axis = row == rowCount - 1 ? written(scale.high) : ""
            rows.append(axis.leftPadded(to: labelWidth) + "┤" + line)
        }
        rows.append(
            written(scale.low).leftPadded(to: labelWidth) + "└" + String(repeating: "─", count: points.count))
        // Labels longer than the bars (a week written in words) may run past the last one.
        let (first, last) = (points.first!.label, points.last!.label)
        rows.append(
            String(repeating: " ", count: labelWidth + 1)
                + ends(first, last, max(points.count, first.count + last.count + 1)))
        return rows.joined(separator: "\n")
    }

    /// Progress over time: each point at its date's column ("●", joined by "·"), the value axis around the data
    /// with round ticks, the dates of the first and last points under it.
    package static func line(
        _ points: [(date: Date, value: Double)], title: String, unit: String, width: Int = 60, height: Int = 8,
        whole: Bool = false
    ) -> String {
        guard let first = points.first?.date, let last = points.last?.date else {
            return ProgressPhrases.chartNoData.t(["title": title])
        }
        let scale = ChartScale(points.map(\.value), fromZero: false, whole: whole, ticks: max(2, height / 2))
        let ticks = scale.ticks
        let labelWidth = ticks.map { written($0).count }.max()! + 1
        let columns = max(2, width - labelWidth - 1)
        let span = last.timeIntervalSince(first)
        func column(_ date: Date) -> Int {
            span <= 0 ? columns / 2 : Int((date.timeIntervalSince(first) / span * Double(columns - 1)).rounded())
        }
        func row(_ value: Double) -> Int { Int((scale.fraction(value) * Double(height - 1)).rounded()) }
        var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: height)
        let placed = points.map { (column: column($0.date), row: row($0.value)) }
        for (from, to) in zip(placed, placed.dropFirst()) where to.column - from.column > 1 {
            for x in (from.column + 1)..<to.column {
                let share = Double(x - from.column) / Double(to.column - from.column)
                grid[Int((Double(from.row) + Double(to.row - from.row) * share).rounded())][x] = "·"
            }
        }
        for point in placed { grid[point.row][point.column] = "●" }
        // A row is labelled with the tick it shows, when one falls on it.
        var labels = [Int: String]()
        for tick in ticks { labels[row(tick)] = labels[row(tick)] ?? written(tick) }
        var rows = ["\(title) (\(unit))"]
        for index in (0..<height).reversed() {
            rows.append((labels[index] ?? "").leftPadded(to: labelWidth) + "┤" + String(grid[index]))
        }
        rows.append(String(repeating: " ", count: labelWidth) + "└" + String(repeating: "─", count: columns))
        let day = { (date: Date) in String(EventFormatting.local(date).prefix(10)) }
        rows.append(
            String(repeating: " ", count: labelWidth + 1)
                + (span <= 0 ? day(first) : ends(day(first), day(last), columns)))
        return rows.joined(separator: "\n")
    }

    /// `first` at the left and `last` at the right of `width` columns (only `first` when both do not fit).
    private static func ends(_ first: String, _ last: String, _ width: Int) -> String {
        width > first.count + last.count
            ? first + String(repeating: " ", count: width - first.count - last.count) + last : first
    }

    /// "80", "112.5" (``ChartScale/format(_:)``).
    package static func format(_ value: Double) -> String { ChartScale.format(value) }

    /// ``format(_:)`` in the current language ("112,5" in Catalan and Spanish), for the texts a person reads.
    package static func written(_ value: Double) -> String { ChartScale.written(value) }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
