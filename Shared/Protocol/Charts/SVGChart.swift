import Foundation

/// The terminal's charts as standalone SVG documents: a line over time for progress, bars for counts, each with a
/// title, the unit, round ticks and gridlines. The numbers shown are written as `language` writes them and the days
/// in `timeZone` (the current ones by default); the `data-` attributes keep machine values (a decimal point). The CLI
/// writes them to files (`gorilla stats --svg`), the web door puts them in its pages.
package enum SVGChart {
    static let width = 640.0, height = 360.0, left = 64.0, right = 24.0, top = 44.0, bottom = 56.0
    static var plotWidth: Double { width - left - right }
    static var plotHeight: Double { height - top - bottom }

    /// Progress over time: each point at its date (a session's place is its day, not its index), joined by a line,
    /// the value axis around the data, the dates ticked evenly in time.
    package static func line(
        _ points: [(date: Date, value: Double)], title: String, unit: String, language: Language = .current,
        timeZone: TimeZone = .current
    ) -> String {
        let scale = ChartScale(points.map(\.value), fromZero: false, whole: false)
        let first = points.first?.date ?? Date(), last = points.last?.date ?? first
        let span = last.timeIntervalSince(first)
        func x(_ date: Date) -> Double {
            left + (span <= 0 ? plotWidth / 2 : plotWidth * date.timeIntervalSince(first) / span)
        }
        var svg = header(title: title, unit: unit) + valueAxis(scale, language)
        let dayCount = max(1, Int((span / 86_400).rounded()))
        let tickCount = span <= 0 ? 1 : min(5, dayCount + 1)
        for index in 0..<tickCount {
            let date =
                tickCount == 1 ? first : first.addingTimeInterval(span * Double(index) / Double(tickCount - 1))
            svg += xLabel(
                day(date, timeZone), at: x(date),
                anchor: tickCount == 1 ? "middle" : index == 0 ? "start" : index == tickCount - 1 ? "end" : "middle")
            svg +=
                "<line x1=\"\(f(x(date)))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(x(date)))\" y2=\"\(f(top + plotHeight + 5))\" stroke=\"black\"/>\n"
        }
        let path = points.map { "\(f(x($0.date))),\(f(y($0.value, scale)))" }
        svg +=
            "<polyline class=\"series\" fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"2\" points=\"\(path.joined(separator: " "))\"/>\n"
        for point in points {
            let label = day(point.date, timeZone)
            svg +=
                "<circle class=\"point\" cx=\"\(f(x(point.date)))\" cy=\"\(f(y(point.value, scale)))\" r=\"3.5\" fill=\"#1f6feb\" data-label=\"\(escape(label))\" data-value=\"\(ChartScale.format(point.value))\"><title>\(escape(label)): \(ChartScale.written(point.value, in: language)) \(escape(unit))</title></circle>\n"
        }
        return svg + "</svg>\n"
    }

    /// Counts (sessions per week, sets per muscle group): one bar per point from zero, whole-number ticks, every
    /// bar labelled under it (slanted when the labels would touch) and its value written above it.
    package static func bars(
        _ points: [(label: String, value: Double)], title: String, unit: String, language: Language = .current
    ) -> String {
        let scale = ChartScale(points.map(\.value), fromZero: true, whole: true)
        var svg = header(title: title, unit: unit) + valueAxis(scale, language)
        let slot = plotWidth / Double(max(1, points.count))
        // About 6 px a character at 11 px: labels wider than their slot are slanted so that none is left out.
        let slanted = points.contains { Double($0.label.count) * 6 > slot * 0.95 }
        for (index, point) in points.enumerated() {
            let x = left + slot * Double(index)
            let barTop = y(point.value, scale)
            svg +=
                "<rect class=\"bar\" x=\"\(f(x + slot * 0.15))\" y=\"\(f(barTop))\" width=\"\(f(slot * 0.7))\" height=\"\(f(top + plotHeight - barTop))\" fill=\"#1f6feb\" data-label=\"\(escape(point.label))\" data-value=\"\(ChartScale.format(point.value))\"><title>\(escape(point.label)): \(ChartScale.written(point.value, in: language)) \(escape(unit))</title></rect>\n"
            svg +=
                "<text class=\"value\" x=\"\(f(x + slot / 2))\" y=\"\(f(barTop - 4))\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"11\">\(escape(ChartScale.written(point.value, in: language)))</text>\n"
            svg += xLabel(point.label, at: x + slot / 2, anchor: slanted ? "end" : "middle", slanted: slanted)
        }
        return svg + "</svg>\n"
    }

    private static func header(title: String, unit: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))">
        <title>\(escape(title))</title>
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(Int(width / 2))" y="26" text-anchor="middle" font-family="sans-serif" font-size="16">\(escape(title))</text>
        <text x="16" y="\(Int(top + plotHeight / 2))" font-family="sans-serif" font-size="12" transform="rotate(-90 16 \(Int(top + plotHeight / 2)))" text-anchor="middle">\(escape(unit))</text>

        """
    }

    /// Gridlines and labels at every tick, and the two axes.
    private static func valueAxis(_ scale: ChartScale, _ language: Language) -> String {
        var svg = ""
        for tick in scale.ticks {
            let at = y(tick, scale)
            svg +=
                "<line x1=\"\(f(left))\" y1=\"\(f(at))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(at))\" stroke=\"#ddd\"/>\n"
            svg +=
                "<text class=\"tick\" x=\"\(Int(left - 8))\" y=\"\(Int(at) + 4)\" text-anchor=\"end\" font-family=\"sans-serif\" font-size=\"11\">\(ChartScale.written(tick, in: language))</text>\n"
        }
        svg +=
            "<line class=\"axis\" x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(top + plotHeight))\" stroke=\"black\"/>\n"
        svg +=
            "<line class=\"axis\" x1=\"\(f(left))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(top + plotHeight))\" stroke=\"black\"/>\n"
        return svg
    }

    private static func xLabel(_ text: String, at x: Double, anchor: String, slanted: Bool = false) -> String {
        let y = Int(height - bottom + (slanted ? 14 : 22))
        let turn = slanted ? " transform=\"rotate(-35 \(f(x)) \(y))\"" : ""
        return
            "<text class=\"date\" x=\"\(f(x))\" y=\"\(y)\" text-anchor=\"\(anchor)\" font-family=\"sans-serif\" font-size=\"11\"\(turn)>\(escape(text))</text>\n"
    }

    private static func y(_ value: Double, _ scale: ChartScale) -> Double {
        top + plotHeight * (1 - scale.fraction(value))
    }

    private static func day(_ date: Date, _ timeZone: TimeZone) -> String {
        let day = Calendars.gregorian(in: timeZone).dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
