import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// Ids as text without Foundation's formatter and scanner (`UUIDKey.swift`).
@Suite struct UUIDTextTests {
    @Test func writesWhatFoundationWrites() {
        var random = SeededGenerator.forTest()
        let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        for id in (0..<2_000).map({ _ in random.uuid() }) + [zero] {
            #expect(id.key == id.uuidString.lowercased())
            var upper: [UInt8] = Array("x".utf8)
            id.writeJSON(into: &upper, uppercase: true)
            #expect(String(decoding: upper, as: UTF8.self) == "x\"\(id.uuidString)\"")
            var lower: [UInt8] = []
            id.writeJSON(into: &lower, uppercase: false)
            #expect(String(decoding: lower, as: UTF8.self) == "\"\(id.key)\"")
            #expect(id.withKeyBytes { String(decoding: $0, as: UTF8.self) } == id.key)
        }
    }

    /// Wherever the fast reader reads an id, Foundation reads the same one; it refuses every text that is not the
    /// plain 36-character form, some of which Foundation on Linux reads (so wire readers hand those to `Codable`).
    @Test func readsThePlainFormAsFoundationDoesAndNothingElse() {
        var random = SeededGenerator.forTest()
        let alphabet = Array("0123456789abcdefABCDEFgG-{} +x\u{0}é")
        var read = 0
        for trial in 0..<20_000 {
            let id = random.uuid()
            var characters = Array(trial % 2 == 0 ? id.uuidString : id.key)
            #expect(UUID(text: String(characters)) == id)
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    characters[Int.random(in: 0..<characters.count, using: &random)] = alphabet.randomElement(
                        using: &random)!
                case 1:
                    characters.insert(
                        alphabet.randomElement(using: &random)!,
                        at: Int.random(in: 0...characters.count, using: &random))
                default: characters.remove(at: Int.random(in: 0..<characters.count, using: &random))
                }
            }
            let text = String(characters)
            if let fast = UUID(text: text) {
                read += 1
                #expect(fast == UUID(uuidString: text), "\(text)")
                #expect(text.utf8.count == 36 && text.allSatisfy { $0 == "-" || $0.isHexDigit }, "\(text)")
            }
        }
        #expect(read > 100, "the edits should leave some texts readable (a changed digit)")
        for sloppy in [
            "", "{\(UUID().uuidString)}", UUID().uuidString.replacingOccurrences(of: "-", with: ""),
            " " + UUID().uuidString.dropFirst(), "66FE3757-141E-49D5-9B+1-4B4A0C7F60FB", UUID().uuidString + " ",
        ] {
            #expect(UUID(text: sloppy) == nil, "\(sloppy)")
        }
    }
}
