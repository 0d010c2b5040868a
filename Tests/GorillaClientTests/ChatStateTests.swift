import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// The chat's line editor and status: keys it does not use type nothing, the network's slowness shows.
@Suite struct ChatStateTests {
    static func typing(_ keys: [Key]) -> (ChatState, [ChatState.Action]) {
        var state = ChatState()
        let actions = keys.compactMap { state.handle($0) }
        return (state, actions)
    }

    @Test func keysTheChatDoesNotUseTypeNothing() {
        var decoder = KeyDecoder()
        // "ab", PgUp, Home, F5, End, Delete, an arrow, Tab, Ctrl-A, then "cd", as the terminal sends them.
        let keys = decoder.decode(Array("ab\u{1B}[5~\u{1B}[1~\u{1B}[15~\u{1B}[4~\u{1B}[3~\u{1B}[A\t\u{1}cd".utf8))
        let (state, actions) = Self.typing(keys)
        #expect(String(state.input) == "abcd")
        #expect(actions.isEmpty)
    }

    @Test func pageUpAndPageDownScrollTheThreadAndSendingComesBack() {
        let thread = (1...40).map { "line \($0)" }
        func visible(_ state: ChatState) -> [String] {
            ChatScreen.render(
                with: "Bea", status: "connected", thread: thread, input: state.input, rows: 13, columns: 40,
                style: .plain, scrolledBack: state.scrolledBack
            ).components(separatedBy: "\r\n").filter { $0.hasPrefix("line ") }
        }
        var state = ChatState()
        #expect(visible(state).last == "line 40" && visible(state).count == 10)
        _ = state.handle(.pageUp)
        #expect(visible(state).first == "line 21" && visible(state).last == "line 30")
        for _ in 0..<9 { _ = state.handle(.pageUp) }
        #expect(visible(state).first == "line 1", "never past the first line")
        _ = state.handle(.pageDown)
        #expect(state.scrolledBack == 90)
        _ = state.handle(.character("x"))
        #expect(state.handle(.enter) == .send("x"))
        #expect(state.scrolledBack == 0 && visible(state).last == "line 40")
        _ = state.handle(.pageDown)
        #expect(state.scrolledBack == 0)
    }

    @Test func enterSendsTheTrimmedLineAndClearsItAndAnEmptyLineSendsNothing() {
        let (state, actions) = Self.typing([
            .character(" "), .character("h"), .character("i"), .character(" "), .enter, .enter,
        ])
        #expect(actions == [.send("hi")])
        #expect(state.input.isEmpty)
    }

    @Test func backspaceEscapeAndCtrlC() {
        let (state, actions) = Self.typing([.character("a"), .character("b"), .backspace, .backspace, .backspace])
        #expect(state.input.isEmpty)
        #expect(actions.isEmpty)
        #expect(Self.typing([.escape]).1 == [.quit])
        #expect(Self.typing([.interrupt]).1 == [.quit])
    }

    @Test func theLineStopsAtTheLongestMessage() {
        let (state, _) = Self.typing(Array(repeating: .character("x"), count: ChatState.longestLine + 5))
        #expect(state.input.count == ChatState.longestLine)
    }

    @Test func aNetworkStepThatTakesTooLongShowsTheServerIsNotAnswering() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var state = ChatState()
        #expect(state.status(at: start) == "connecting…")
        state.networkStarted(at: start)
        #expect(state.status(at: start.addingTimeInterval(ChatState.patience - 0.1)) == "connecting…")
        #expect(state.status(at: start.addingTimeInterval(ChatState.patience)) == ChatState.notAnswering)
        // A second step while the first is under way keeps the first one's start.
        state.networkStarted(at: start.addingTimeInterval(2))
        #expect(state.status(at: start.addingTimeInterval(ChatState.patience + 0.5)) == ChatState.notAnswering)
        // Typing goes on while the server does not answer.
        #expect(state.handle(.character("k")) == nil)
        #expect(String(state.input) == "k")
        state.networkFinished("connected")
        #expect(state.status(at: start.addingTimeInterval(60)) == "connected")
    }

    @Test func aFailureSaysOfflineWhenQuickAndNotAnsweringWhenSlowOrTimedOut() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var state = ChatState()
        state.networkStarted(at: start)
        state.networkFailed(at: start.addingTimeInterval(0.01), timedOut: false)  // refused at once
        #expect(state.status(at: start.addingTimeInterval(10)) == "offline — reconnecting…")
        state.networkStarted(at: start.addingTimeInterval(20))
        state.networkFailed(at: start.addingTimeInterval(20 + ChatState.patience + 1), timedOut: false)
        #expect(state.status(at: start.addingTimeInterval(30)) == ChatState.notAnsweringReconnecting)
        state.networkStarted(at: start.addingTimeInterval(40))
        state.networkFailed(at: start.addingTimeInterval(41), timedOut: true)  // a short deadline passed
        #expect(state.status(at: start.addingTimeInterval(42)) == ChatState.notAnsweringReconnecting)
        #expect(state.waitingSince == nil)
    }

    @Test func theTrainViewPassesTheRecorderTheKeysItUsesAndNoOthers() {
        #expect(TrainView.recorderKey(.character(" ")) == .space)
        #expect(TrainView.recorderKey(.character("w")) == .character("w"))
        #expect(TrainView.recorderKey(.enter) == .enter)
        #expect(TrainView.recorderKey(.up) == .up)
        #expect(TrainView.recorderKey(.down) == .down)
        #expect(TrainView.recorderKey(.escape) == .escape)
        #expect(TrainView.recorderKey(.backspace) == .backspace)
        #expect(TrainView.recorderKey(.delete) == .backspace)
        #expect(TrainView.recorderKey(.left) == .left && TrainView.recorderKey(.right) == .right)  // editing sets
        for ignored: Key in [.home, .function(5), .tab, .control(1)] {
            #expect(TrainView.recorderKey(ignored) == nil)
        }
    }
}
