import Foundation
import GorillaTesting
import Testing

/// What the tests themselves must keep to, read from the source tree: every random choice from a seeded generator,
/// every tmux test skipped visibly without tmux, one tmux driver and one polling helper (in GorillaTesting).
@Suite struct TestSourceRulesTests {
    /// The package's root folder (this file is `Tests/GorillaSharedTests/TestSourceRulesTests.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `Tests/`, as (path from the root, text).
    static func testSources() throws -> [(path: String, text: String)] {
        let tests = root.appendingPathComponent("Tests")
        let files =
            FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { file in
            (String(file.path.dropFirst(root.path.count + 1)), try String(contentsOf: file, encoding: .utf8))
        }.sorted { $0.path < $1.path }
    }

    /// The text from `open` (an opening brace) to its closing brace.
    static func block(in text: String, from open: String.Index) -> Substring {
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { return text[open...index] }
            }
            index = text.index(after: index)
        }
        return text[open...]
    }

    /// The call's text from `start` up to its closing parenthesis.
    static func call(in text: String, from start: String.Index) -> Substring {
        var depth = 0
        var index = start
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return text[start...index] }
            }
            index = text.index(after: index)
        }
        return text[start...]
    }

    /// Where a random call or generator in `text` does not draw from a generator it is given.
    static func unseededRandom(in text: String) -> [String] {
        var found: [String] = []
        // (The names are put together here so that a search of the tests for them finds only real calls.)
        let system = "System" + "RandomNumberGenerator"
        if text.contains(system) { found.append(system) }
        for name in ["random(", "randomElement(", "shuffled(", "shuffle("].map({ "." + $0 }) {
            var rest = text.startIndex
            while let hit = text.range(of: name, range: rest..<text.endIndex) {
                let open = text.index(before: hit.upperBound)
                let arguments = call(in: text, from: open)
                if !arguments.contains("using:") { found.append(String(text[hit.lowerBound...].prefix(60))) }
                rest = hit.upperBound
            }
        }
        return found
    }

    /// The first `{` after `start` outside parentheses (a loop's body, not a closure in its condition).
    static func openingBrace(in text: String, from start: String.Index) -> String.Index? {
        var depth = 0
        var index = start
        while index < text.endIndex {
            switch text[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "{" where depth == 0: return index
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Loops that sleep until a clock passes a deadline: waits the shared `eventually` helper does.
    static func pollingLoops(in text: String) -> [String] {
        var found: [String] = []
        for keyword in ["while ", "repeat {"] {
            var rest = text.startIndex
            while let hit = text.range(of: keyword, range: rest..<text.endIndex) {
                rest = hit.upperBound
                // Only a statement: the keyword first on its line (not a word in a comment or a string).
                let lineStart =
                    text[..<hit.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                guard text[lineStart..<hit.lowerBound].allSatisfy(\.isWhitespace) else { continue }
                let from = keyword == "repeat {" ? text.index(before: hit.upperBound) : hit.upperBound
                guard let open = Self.openingBrace(in: text, from: from) else { break }
                let body = block(in: text, from: open)
                var condition = text[hit.lowerBound..<open]
                if keyword == "repeat {" {
                    let after = text[body.endIndex...].prefix(120)
                    guard after.drop(while: \.isWhitespace).hasPrefix("while") else { continue }
                    condition = after.prefix { $0 != "\n" }
                }
                if condition.contains(".now"), body.contains("sleep(") {
                    found.append(String(text[hit.lowerBound...].prefix(80)))
                }
            }
        }
        return found
    }

    @Test func everyRandomChoiceInTheTestsComesFromAGeneratorItIsGiven() throws {
        var offences: [String] = []
        for (path, text) in try Self.testSources() where !path.hasSuffix("TestSourceRulesTests.swift") {
            offences += Self.unseededRandom(in: text).map { "\(path): \($0)" }
        }
        #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
    }

    @Test func theRuleFindsUnseededRandomAndLetsSeededThrough() {
        #expect(Self.unseededRandom(in: "let x = Int." + "random(in: 0..<3)").count == 1)
        #expect(Self.unseededRandom(in: "[1, 2].random" + "Element()!").count == 1)
        #expect(Self.unseededRandom(in: "var g = System" + "RandomNumberGenerator()").count == 1)
        #expect(
            Self.unseededRandom(in: "Int.random(in: 0..<(n - 1), using: &g) + [1].randomElement(\n using: &g)!")
                .isEmpty)
    }

    @Test func theSameSeedAndTestMakeTheSameChoicesAndAnotherTestOthers() {
        var first = SeededGenerator(seed: TestSeed.mix(42, "A a()"))
        var again = SeededGenerator(seed: TestSeed.mix(42, "A a()"))
        var other = SeededGenerator(seed: TestSeed.mix(42, "A b()"))
        let drawn = (0..<8).map { _ in first.next() }
        #expect(drawn == (0..<8).map { _ in again.next() })
        #expect(drawn != (0..<8).map { _ in other.next() })
        #expect(TestSeed.seed(from: ["GORILLA_TEST_SEED": "1234"]) == 1234)
        #expect(TestSeed.seed(from: ["GORILLA_TEST_SEED": "soon"]) == nil)
        #expect(TestSeed.seed(from: [:]) == nil)
    }

    @Test func everyTestThatDrivesTmuxIsSkippedVisiblyWithoutIt() throws {
        var unmarked: [String] = []
        for (path, text) in try Self.testSources()
        where !path.contains("GorillaTesting/") && !path.hasSuffix("TestSourceRulesTests.swift") {
            guard text.contains("Tmux()") else { continue }
            // Either the suite carries the trait, or every test that makes a Tmux does.
            let suites = text.components(separatedBy: "\n").filter { $0.hasPrefix("@Suite") }
            if !suites.isEmpty, suites.allSatisfy({ $0.contains(".requiresTmux") }) { continue }
            for test in text.components(separatedBy: "@Test").dropFirst() where test.contains("Tmux()") {
                let declaration = test.prefix { $0 != "{" }
                if !declaration.contains(".requiresTmux") { unmarked.append("\(path): @Test\(declaration.prefix(90))") }
            }
        }
        #expect(unmarked.isEmpty, "\(unmarked.joined(separator: "\n"))")
    }

    @Test func oneTmuxDriverOneTestClientAndOnePollingHelperLiveInGorillaTesting() throws {
        var offences: [String] = []
        for (path, text) in try Self.testSources()
        where !path.contains("GorillaTesting/") && !path.hasSuffix("TestSourceRulesTests.swift") {
            for declaration in ["class Tmux", "class ChatTmux", "final class TestClient", "func eventually("]
            where text.contains(declaration) {
                offences.append("\(path): \(declaration)")
            }
            if text.contains("system(") && text.contains("tmux") { offences.append("\(path): runs tmux itself") }
            offences += Self.pollingLoops(in: text).map { "\(path): \($0)" }
        }
        #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
    }

    @Test func theRuleFindsALoopThatSleepsUntilADeadline() {
        let polling = """
            while !done, ContinuousClock.now < deadline {
                done = check()
                try await Task.sleep(for: .milliseconds(50))
            }
            """
        let repeating =
            "repeat {\n if ok() { return }\n try await Task.sleep(for: .seconds(1))\n} while clock.now < until"
        let pacing = "while !Task.isCancelled {\n sample()\n try? await Task.sleep(for: .milliseconds(50))\n}"
        let closure =
            "while clock.now < until, box.withLockedValue({ $0.count }) < 3 {\n"
            + " try await Task.sleep(for: .seconds(1))\n}"
        #expect(Self.pollingLoops(in: polling).count == 1)
        #expect(Self.pollingLoops(in: closure).count == 1)
        #expect(Self.pollingLoops(in: repeating).count == 1)
        #expect(Self.pollingLoops(in: pacing).isEmpty)
        #expect(
            Self.pollingLoops(in: "// waits while the clock.now moves {\n try await Task.sleep(for: .seconds(1)) }")
                .isEmpty)
    }
}
