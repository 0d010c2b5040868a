import Foundation

/// A plain text table: a header row and aligned columns, two spaces apart.
struct Table {
    let header: [String]
    let rows: [[String]]

    init(_ header: [String], _ rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    func render() -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
