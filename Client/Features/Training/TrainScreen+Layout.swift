import Foundation
import GorillaClientCore
import GorillaTerminal

/// How the train view fits its terminal: columns of the exercise table, a window of its rows, the help wrapped
/// between its key groups, and styled lines cut to the width (so that a line never wraps onto the next).
extension TrainScreen {
    /// The widths of the table's columns (name, done, plan, last time) for `width` cells with two spaces between
    /// them: each as wide as its widest value, the name and the plan shrinking when the line would not fit; last
    /// time gets what is left.
    static func columnWidths(_ rows: [[String]], titles: [String], width: Int) -> [Int] {
        let widest = (0..<titles.count).map { column in
            ([titles[column]] + rows.map { $0[column] }).map(\.cells).max() ?? 0
        }
        let hasPlan = rows.contains { !$0[2].isEmpty }
        let done = widest[1]
        var name = min(widest[0], 28)
        var plan = hasPlan ? min(widest[2], 26) : 0
        let gaps = hasPlan ? 6 : 4
        let room = width - done - gaps
        // Last time keeps at least a third of the room; the name and the plan share the rest.
        let shared = max(0, room - max(12, room / 3))
        if name + plan > shared {
            let fair = shared / (hasPlan ? 2 : 1)
            if name > fair && plan > fair {
                (name, plan) = (fair, hasPlan ? shared - fair : 0)
            } else if name > fair {
                name = shared - plan
            } else {
                plan = shared - name
            }
        }
        name = max(6, name)
        let last = max(4, width - name - done - plan - gaps)
        return [name, done, plan, last]
    }

    /// The indices of at most `rows` items out of `count`, in order, keeping `selected` among them.
    static func window(count: Int, around selected: Int, rows: Int) -> Range<Int> {
        let rows = max(1, rows)
        guard count > rows else { return 0..<count }
        let first = min(max(0, selected - rows / 2), count - rows)
        return first..<(first + rows)
    }

    /// `text` in lines of at most `width` cells, broken between the groups of keys (two spaces apart), else cut.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for group in text.components(separatedBy: "  ") where !group.isEmpty {
            let candidate = line.isEmpty ? group : line + "  " + group
            if candidate.cells <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = group
            }
        }
        lines.append(line)
        return lines.map { $0.fitted(toCells: width) }
    }

    /// `line` cut to `width` cells (ending in "…" when cut), its styles' escape sequences kept and not counted; a
    /// style left open by the cut is reset.
    static func clipStyled(_ line: String, _ width: Int) -> String {
        let visible = line.replacingOccurrences(of: #"\x{1B}\[[0-9;]*[A-Za-z]"#, with: "", options: .regularExpression)
        guard visible.cells > width else { return line }
        var out = ""
        var taken = 0
        var escape = false
        var styled = false
        for character in line {
            if escape {
                out.append(character)
                if character.isLetter { escape = false }
                continue
            }
            if character == "\u{1B}" {
                escape = true
                styled = true
                out.append(character)
                continue
            }
            if taken + character.cells > width - 1 { break }
            taken += character.cells
            out.append(character)
        }
        return out + "…" + (styled ? "\u{1B}[0m" : "")
    }
}
