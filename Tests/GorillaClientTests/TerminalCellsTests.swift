import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// Text measured in terminal cells: accents, CJK and emoji sequences line up in tables and are never cut in half.
struct TerminalCellsTests {
    @Test func charactersTakeTheCellsATerminalGivesThem() {
        #expect("Núria".cells == 5)
        #expect("Nu\u{301}ria".cells == 5, "a combining accent takes no cell")
        #expect("漢字".cells == 4)
        #expect("👍".cells == 2)
        #expect("👩‍💻".cells == 2, "a ZWJ sequence is one glyph")
        #expect("❤️".cells == 2, "a variation selector makes an emoji")
        #expect("🇪🇸".cells == 2)
        #expect("👋🏽".cells == 2, "a skin tone modifies the emoji before it")
        #expect("a\u{7}b".cells == 2)
    }

    @Test func cuttingNeverSplitsACharacterAndPaddingCountsCells() {
        #expect("👩‍💻👩‍💻abc".prefix(cells: 3) == "👩‍💻")
        #expect("漢字漢字".fitted(toCells: 5) == "漢字…")
        #expect("Josep Maria".fitted(toCells: 20) == "Josep Maria")
        #expect("漢字".padded(toCells: 6) == "漢字  ")
    }

    @Test func tableColumnsLineUpWithAccentsCJKAndZWJEmoji() {
        let table = Table(
            ["NAME", "KG"],
            [["Núria 👩‍💻", "62,5"], ["Nu\u{301}ria", "60"], ["李小龍", "70"], ["Ada", "55"]]
        ).render()
        let lines = table.split(separator: "\n").map(String.init)
        // The second column starts at the same cell on every line.
        let starts = lines.map { line -> Int in
            var cells = 0
            var seenGap = false
            var previousSpace = false
            for character in line {
                if character == " " && previousSpace { seenGap = true }
                if seenGap && character != " " { return cells }
                previousSpace = character == " "
                cells += character.cells
            }
            return -1
        }
        #expect(Set(starts).count == 1, "\(table)\n\(starts)")
        let narrow = Table.$width.withValue(12) { Table(["NAME", "KG"], [["李小龍李小龍李小龍", "70"]]).render() }
        #expect(narrow.split(separator: "\n").allSatisfy { $0.cells <= 12 }, "\(narrow)")
        #expect(narrow.contains("…"))
    }
}

/// The chat wraps and cuts by cells too.
struct ChatCellsTests {
    @Test func theChatWrapsWideTextByCellsAndNeverSplitsAnEmoji() {
        let lines = ChatScreen.wrapped(["Núria: 漢字漢字漢字漢字漢字漢字 👩‍💻👩‍💻👩‍💻"], columns: 10)
        #expect(lines.allSatisfy { $0.cells <= 10 }, "\(lines)")
        #expect(lines.joined() == "Núria: 漢字漢字漢字漢字漢字漢字 👩‍💻👩‍💻👩‍💻")
        #expect(ChatScreen.tail("ab漢字👩‍💻", cells: 5) == "字👩‍💻")
    }
}
