import Foundation

/// How many terminal cells text takes: what tables, the calendar and the full-screen views align by.
///
/// A character (a grapheme cluster: a letter with its combining accents, an emoji with its joiners and variation
/// selectors) takes two cells when it is East Asian wide or full-width or shows as an emoji, none when it is only
/// controls or format characters, else one. This follows what terminals do (wcwidth, with emoji sequences as one wide
/// glyph), close enough that columns line up with accents, CJK and ZWJ emoji.
extension Character {
    /// Cells this character takes on a terminal: 0, 1 or 2.
    package var cells: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1, first.value < 0x7F { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        if scalars.allSatisfy({ Self.isZeroWidth($0) }) { return 0 }
        // An emoji: shown as one (shown as a picture), or made one by a variation selector or a joiner.
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji
                && scalars.contains {
                    $0.value == 0xFE0F || $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value)
                })
            || (0x1F1E6...0x1F1FF).contains(first.value)
        {
            return 2
        }
        return Self.isWide(first) ? 2 : 1
    }

    /// Controls, format characters, combining marks and variation selectors: they take no cell of their own.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark: true
        default: (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    /// East Asian wide and full-width characters (Unicode's EastAsianWidth W and F).
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}

extension StringProtocol {
    /// Cells the text takes on a terminal.
    package var cells: Int { reduce(0) { $0 + $1.cells } }

    /// The longest beginning of the text that takes at most `cells` cells; never splits a character.
    package func prefix(cells limit: Int) -> String {
        var taken = 0
        var out = ""
        for character in self {
            let width = character.cells
            if taken + width > limit { break }
            taken += width
            out.append(character)
        }
        return out
    }

    /// The text cut to `cells` cells, ending in "…" when it had to be cut.
    package func fitted(toCells limit: Int) -> String {
        guard cells > limit else { return String(self) }
        guard limit > 0 else { return "" }
        return prefix(cells: limit - 1) + "…"
    }

    /// The text with spaces after it up to `cells` cells (unchanged when it is as wide or wider).
    package func padded(toCells width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - cells))
    }
}
