import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaTerminal
import Testing

/// The one key decoder of the full-screen views: every sequence it knows, split anywhere, and what it swallows.
@Suite struct KeyDecoderTests {
    static func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8)) + decoder.flush()
    }

    /// Feeds `bytes` one read at a time, split at every position; each split must give the same keys.
    static func expectSameKeysAtEverySplit(
        _ bytes: [UInt8], _ expected: [Key], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for split in 0...bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...]) + decoder.flush()
            #expect(keys == expected, "split at \(split)", sourceLocation: sourceLocation)
        }
        var decoder = KeyDecoder()
        let oneByOne = bytes.flatMap { decoder.decode([$0]) } + decoder.flush()
        #expect(oneByOne == expected, "one byte per read", sourceLocation: sourceLocation)
    }

    static let sequences: [(String, Key)] = [
        ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[3;5~", .delete),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
        ("\u{1B}[11~", .function(1)), ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)),
        ("\u{1B}[21~", .function(10)), ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)),
        ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)), ("\u{1B}OM", .enter),
    ]

    @Test(arguments: KeyDecoderTests.sequences.indices)
    func everyEscapeSequenceIsOneKeyWhereverTheReadsSplitIt(_ index: Int) {
        let (text, key) = Self.sequences[index]
        Self.expectSameKeysAtEverySplit(Array(("a" + text + "b").utf8), [.character("a"), key, .character("b")])
    }

    @Test func singleByteKeys() {
        #expect(Self.decode("\r") == [.enter])
        #expect(Self.decode("\n") == [.enter])
        #expect(Self.decode("\t") == [.tab])
        #expect(Self.decode("\u{7F}") == [.backspace])
        #expect(Self.decode("\u{8}") == [.backspace])
        #expect(Self.decode("\u{3}") == [.interrupt])
        #expect(Self.decode("\u{4}") == [.control(4)])
        #expect(Self.decode(" ") == [.character(" ")])
        #expect(Self.decode("q~") == [.character("q"), .character("~")])
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        // PgUp, Home and F5 as the views see them, then sequences no view uses: none of their bytes is typed.
        Self.expectSameKeysAtEverySplit(
            Array("x\u{1B}[5~\u{1B}[1~\u{1B}[15~y".utf8),
            [.character("x"), .pageUp, .home, .function(5), .character("y")])
        for unknown in [
            "\u{1B}[99~", "\u{1B}[Z", "\u{1B}[?1;2c", "\u{1B}[200~", "\u{1B}[1;5P", "\u{1B}Oz", "\u{1B}[[Z", "\u{1B}x",
        ] {
            Self.expectSameKeysAtEverySplit(Array(("a" + unknown + "b").utf8), [.character("a"), .character("b")])
        }
    }

    @Test func anOverlongSequenceIsDroppedAndTheDecoderRecovers() {
        let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "A"
        let keys = Self.decode(long + "z")
        #expect(keys.last == .character("z"))
        #expect(!keys.contains(.up))
        var decoder = KeyDecoder()
        _ = decoder.decode(Array(long.utf8))
        #expect(!decoder.hasPendingBytes)
    }

    @Test func aLoneEscapeWaitsForFlushAndADoubleEscapeIsTwoKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.isWaitingAfterEscape)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingBytes)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
        // Escape, then an arrow in the same read.
        #expect(decoder.decode(Array("\u{1B}\u{1B}[A".utf8)) == [.escape, .up])
    }

    @Test func aSequenceInterruptedByAControlByteDropsTheSequenceAndKeepsTheByte() {
        #expect(Self.decode("\u{1B}[1\r") == [.enter])
    }

    @Test func halfASequenceIsDroppedOnFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[1".utf8)).isEmpty)
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("~".utf8)) == [.character("~")])
    }

    @Test func multiByteCharactersSplitAcrossReads() {
        let text = "aé€𝄞ñ😀"
        Self.expectSameKeysAtEverySplit(Array(text.utf8), text.map { .character($0) })
        #expect(Self.decode("Dominada à l'aire") == "Dominada à l'aire".map { .character($0) })
    }

    @Test func invalidUTF8IsDroppedWithoutLosingTheNextKey() {
        var decoder = KeyDecoder()
        // A stray continuation byte, an invalid lead byte, a lead byte cut short by ASCII, an overlong encoding.
        #expect(decoder.decode([0x80, 0xFF, 0x61]) == [.character("a")])
        #expect(decoder.decode([0xE2, 0x82, 0x62]) == [.character("b")])
        #expect(decoder.decode([0xE0, 0x80, 0x80, 0x63]) == [.character("c")])
        #expect(decoder.decode([0xC3]).isEmpty)
        #expect(decoder.decode([0x1B]).isEmpty)  // the broken character is dropped, the Escape kept
        #expect(decoder.flush() == [.escape])
    }

    @Test func unicodeControlCharactersAreNotTyped() {
        #expect(Self.decode("\u{85}x") == [.character("x")])  // NEL, two bytes in UTF-8
    }
}
