import Foundation
import GorillaClient
import GorillaClientCore
import GorillaTerminal

/// A plain text table: a header row and aligned columns, two spaces apart.
///
/// On a terminal the table fits its width (``width``, set for the rendering of a command's text): the widest
/// columns are narrowed first, never below ``narrowest`` cells, and a cell that does not fit ends in "…". Widths are
/// terminal cells (``Swift/Character/cells``): accents, CJK and emoji line up.
struct Table {
    let header: [String]
    let rows: [[String]]

    /// The width the text being rendered must fit, when it goes to a terminal.
    @TaskLocal static var width: Int?
    /// The fewest characters a narrowed column keeps.
    static let narrowest = 6

    init(_ header: [String], _ rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    func render() -> String {
        var widths = header.map(\.cells)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.cells)
            }
        }
        if let limit = Self.width {
            // Two spaces between columns; narrow the widest column until the line fits (or nothing can narrow).
            while widths.reduce(0, +) + 2 * max(0, widths.count - 1) > limit,
                let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > Self.narrowest
            {
                widths[widest] -= 1
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let width = index < widths.count ? widths[index] : cell.cells
                let fitted = cell.fitted(toCells: max(2, width))
                return index == cells.count - 1 ? fitted : fitted.padded(toCells: width)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}

extension Presentable {
    /// The text for `viewer`, with every table fitted to the viewer's width when there is one.
    package func fittedText(for viewer: Viewer) -> String {
        Table.$width.withValue(viewer.width) { text(for: viewer) }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
