import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import Testing

@testable import GorillaClient
@testable import GorillaTerminal

/// Tables fit the terminal they are printed on.
@Suite struct TableTests {
    static let table = Table(
        ["CLIENT", "USERNAME", "LAST TRAINED"],
        [
            ["Maria del Carme Castellà i Vilaseca de la Torre", "mcastella", "2026-11-20 10:00"],
            ["Bea Puig", "bea", "never"],
        ])

    @Test func withoutAWidthNothingIsShortened() {
        let text = Self.table.render()
        #expect(text.contains("Maria del Carme Castellà i Vilaseca de la Torre"))
        #expect(!text.contains("…"))
    }

    @Test func onANarrowTerminalLongNamesEndInAnEllipsisAndEveryLineFits() {
        let text = Table.$width.withValue(50) { Self.table.render() }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(text)")
        #expect(lines[1].hasPrefix("Maria del Carme") && lines[1].contains("…"), "\(text)")
        #expect(lines[1].hasSuffix("2026-11-20 10:00"), "the short columns keep their text: \(text)")
        #expect(lines[2].hasPrefix("Bea Puig "), "\(text)")
        // Too narrow for even the narrowest columns: they stop at six characters rather than vanish.
        let tiny = Table.$width.withValue(10) { Self.table.render() }
        #expect(tiny.split(separator: "\n").allSatisfy { $0.count <= 6 * 3 + 4 }, "\(tiny)")
    }
}
