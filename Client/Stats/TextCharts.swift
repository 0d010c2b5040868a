import Foundation

/// Charts drawn with Unicode block characters, for the terminal.
public enum TextCharts {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// A one-line sparkline of `values` (at most `width`, the newest kept).
    public static func sparkline(_ values: [Double], width: Int = 24) -> String {
        let shown = Array(values.suffix(width))
        guard let low = shown.min(), let high = shown.max() else { return "" }
        if high - low < 1e-9 { return String(repeating: levels[shown.first! > 0 ? 3 : 0], count: shown.count) }
        return String(shown.map { levels[min(7, Int(((($0 - low) / (high - low)) * 7).rounded()))] })
    }

    /// A line chart with a labelled y axis (min, max) and x labels (first and last), `height` rows tall.
    ///
    /// Each column is one value; a column is filled up to its value with block characters so that
    /// narrow terminals still read it.
    public static func chart(
        _ points: [(label: String, value: Double)], title: String, unit: String,
        width: Int = 60, height: Int = 8, fromZero: Bool = true
    ) -> String {
        guard !points.isEmpty else { return "\(title): no data" }
        let shown = Array(points.suffix(max(2, width - 12)))
        let values = shown.map(\.value)
        let spread = max(1, values.max()! - values.min()!)
        let low = fromZero ? min(0, values.min()!) : (values.min()! - spread * 0.25).rounded(.down)
        let high = max(values.max()!, low + 1)
        let labelWidth = max(format(high).count, format(low).count) + 1
        var rows: [String] = ["\(title) (\(unit))"]
        for row in (0..<height).reversed() {
            let threshold = low + (high - low) * Double(row) / Double(height)
            let step = (high - low) / Double(height)
            var line = ""
            for value in values {
                if value >= threshold + step {
                    line.append("█")
                } else if value > threshold {
                    let fraction = (value - threshold) / step
                    line.append(levels[max(0, min(7, Int((fraction * 7).rounded())))])
                } else {
                    line.append(" ")
                }
            }
            let axis = row == height - 1 ? format(high) : (row == 0 ? format(low) : "")
            rows.append(axis.leftPadded(to: labelWidth) + "┤" + line)
        }
        rows.append(String(repeating: " ", count: labelWidth) + "└" + String(repeating: "─", count: values.count))
        let first = shown.first!.label, last = shown.last!.label
        let gap = max(1, values.count - first.count - last.count)
        rows.append(
            String(repeating: " ", count: labelWidth + 1)
                + (values.count > first.count + last.count ? first + String(repeating: " ", count: gap) + last : first))
        return rows.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String {
        abs(value - value.rounded()) < 0.005 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// The same charts as standalone SVG documents (axes, labels, the line or bars).
public enum SVGChart {
    /// A line chart of `points` with a title, labelled axes and one circle per point.
    public static func line(_ points: [(label: String, value: Double)], title: String, unit: String) -> String {
        let width = 640.0, height = 360.0, left = 60.0, right = 20.0, top = 40.0, bottom = 50.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let values = points.map(\.value)
        let low = min(0, values.min() ?? 0)
        let high = max(values.max() ?? 1, low + 1)
        func x(_ index: Int) -> Double {
            left + (points.count <= 1 ? plotWidth / 2 : plotWidth * Double(index) / Double(points.count - 1))
        }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - (value - low) / (high - low)) }
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))">
            <title>\(escape(title))</title>
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Int(width / 2))" y="24" text-anchor="middle" font-family="sans-serif" font-size="16">\(escape(title))</text>
            <line class="axis" x1="\(left)" y1="\(top)" x2="\(left)" y2="\(top + plotHeight)" stroke="black"/>
            <line class="axis" x1="\(left)" y1="\(top + plotHeight)" x2="\(left + plotWidth)" y2="\(top + plotHeight)" stroke="black"/>
            <text x="14" y="\(Int(top + plotHeight / 2))" font-family="sans-serif" font-size="12" transform="rotate(-90 14 \(Int(top + plotHeight / 2)))" text-anchor="middle">\(escape(unit))</text>

            """
        for step in 0...4 {
            let value = low + (high - low) * Double(step) / 4
            svg +=
                "<text x=\"\(Int(left - 6))\" y=\"\(Int(y(value)) + 4)\" text-anchor=\"end\" font-family=\"sans-serif\" font-size=\"11\">\(TextCharts.format(value))</text>\n"
            svg +=
                "<line x1=\"\(left)\" y1=\"\(y(value))\" x2=\"\(left + plotWidth)\" y2=\"\(y(value))\" stroke=\"#ddd\"/>\n"
        }
        if let first = points.first {
            svg +=
                "<text x=\"\(Int(x(0)))\" y=\"\(Int(height - 20))\" text-anchor=\"start\" font-family=\"sans-serif\" font-size=\"11\">\(escape(first.label))</text>\n"
        }
        if points.count > 1, let last = points.last {
            svg +=
                "<text x=\"\(Int(x(points.count - 1)))\" y=\"\(Int(height - 20))\" text-anchor=\"end\" font-family=\"sans-serif\" font-size=\"11\">\(escape(last.label))</text>\n"
        }
        let path = points.enumerated().map {
            "\(String(format: "%.1f", x($0.offset))),\(String(format: "%.1f", y($0.element.value)))"
        }
        svg +=
            "<polyline class=\"series\" fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"2\" points=\"\(path.joined(separator: " "))\"/>\n"
        for (index, point) in points.enumerated() {
            svg +=
                "<circle class=\"point\" cx=\"\(String(format: "%.1f", x(index)))\" cy=\"\(String(format: "%.1f", y(point.value)))\" r=\"3\" fill=\"#1f6feb\" data-label=\"\(escape(point.label))\" data-value=\"\(TextCharts.format(point.value))\"><title>\(escape(point.label)): \(TextCharts.format(point.value))</title></circle>\n"
        }
        return svg + "</svg>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
