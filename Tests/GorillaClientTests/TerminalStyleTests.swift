import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// One set of styles: colours only on a terminal without `NO_COLOR`, attributes only on a terminal.
@Suite struct TerminalStyleTests {
    /// The SGR parameters of every `ESC [ … m` in `text`.
    static func sgrParameters(_ text: String) -> [Int] {
        var parameters: [Int] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !$0.isNumber && $0 != ";" }) else { break }
            if rest[end] == "m" { parameters += rest[..<end].split(separator: ";").compactMap { Int($0) } }
            rest = rest[end...]
        }
        return parameters
    }

    static func hasColour(_ text: String) -> Bool {
        sgrParameters(text).contains { (30...49).contains($0) || (90...107).contains($0) }
    }

    @Test func aTerminalGetsColoursAndAttributes() {
        let style = TerminalStyle.forOutput(isTerminal: true, environment: [:])
        #expect(style("x", .bold, .foreground(.blue)) == "\u{1B}[1;34mx\u{1B}[0m")
        #expect(style("x", .reverse) == "\u{1B}[7mx\u{1B}[0m")
    }

    @Test func noColorKeepsAttributesAndDropsColours() {
        let style = TerminalStyle.forOutput(isTerminal: true, environment: ["NO_COLOR": "1"])
        #expect(style("x", .bold, .foreground(.blue)) == "\u{1B}[1mx\u{1B}[0m")
        #expect(style("x", .foreground(.yellow)) == "x")
        // no-color.org: an empty NO_COLOR is as if it were not set.
        #expect(TerminalStyle.forOutput(isTerminal: true, environment: ["NO_COLOR": ""]).colours)
    }

    @Test func anOutputThatIsNotATerminalGetsPlainText() {
        let style = TerminalStyle.forOutput(isTerminal: false, environment: [:])
        #expect(style == .plain)
        #expect(style("x", .bold, .reverse, .dim, .foreground(.red)) == "x")
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        #expect(TerminalStyle.forDescriptor(devNull, environment: [:]) == .plain)
    }

    static func recorder(realTime: Bool) -> SessionRecorder {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", realTime: realTime, free: false,
            items: [SessionRecorder.Item(performed: PerformedExercise(name: "Prensa"))], at: now)
        recorder.handle(.space, at: now.addingTimeInterval(1))
        return recorder
    }

    @Test(arguments: [true, false])
    func theTrainScreenHasNoColourUnderNoColorButKeepsItsSelectionMark(realTime: Bool) {
        let recorder = Self.recorder(realTime: realTime)
        let now = Date(timeIntervalSince1970: 1_800_000_003)
        let coloured = TrainScreen.render(recorder, at: now, style: .forOutput(isTerminal: true, environment: [:]))
        #expect(Self.hasColour(coloured))
        let plain = TrainScreen.render(
            recorder, at: now, style: .forOutput(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!Self.hasColour(plain), "\(plain.debugDescription)")
        #expect(Self.sgrParameters(plain).contains(7), "the selected exercise is still in reverse video")
        #expect(plain.contains(">   Prensa"), "\(plain.debugDescription)")
    }

    @Test func theChatScreenHasNoColourUnderNoColorAndPlainTextElsewhere() {
        let frame = ChatScreen.render(
            with: "Ada", status: "connected", thread: ["[10:00] Ada: hi"], input: Array("yo"),
            rows: 10, columns: 40, style: .forOutput(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!Self.hasColour(frame))
        #expect(frame.contains("Chat with Ada"))
        #expect(frame.hasSuffix("> yo"))
        let plain = ChatScreen.render(
            with: "Ada", status: "connected", thread: [], input: [], rows: 10, columns: 40, style: .plain)
        #expect(Self.sgrParameters(plain).isEmpty)
    }
}
