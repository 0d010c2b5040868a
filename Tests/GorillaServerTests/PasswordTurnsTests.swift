import Foundation
import Testing

@testable import GorillaServer

/// The password threads' turns: one address cannot hold them all, and waiting addresses are served in turn.
struct PasswordTurnsTests {
    @Test func oneAddressHoldsAtMostItsPartAndTheOthersAreServedInTurn() {
        var turns = PasswordTurns(threads: 1, queueLength: 32)
        #expect(turns.perAddress == 8)
        // A flood from one address: one runs, seven wait, the ninth is refused; another address still gets in.
        let flood = (0..<9).map { _ in turns.admit("10.0.0.9", ticket: UUID()) }
        #expect(flood.first == .running)
        #expect(flood.dropFirst().prefix(7).allSatisfy { $0 == .queued })
        #expect(flood.last == .refused)
        #expect(turns.admit("10.0.0.1", ticket: UUID()) == .queued)
        #expect(turns.admit("10.0.0.2", ticket: UUID()) == .queued)
        // The thread goes to the flood, then to each other address, before the flood's next.
        var served: [String] = []
        var current = "10.0.0.9"
        for _ in 0..<4 {
            _ = turns.finish(current)
            current = turns.lastServed ?? "?"
            served.append(current)
        }
        #expect(served == ["10.0.0.9", "10.0.0.1", "10.0.0.2", "10.0.0.9"])
    }
}
