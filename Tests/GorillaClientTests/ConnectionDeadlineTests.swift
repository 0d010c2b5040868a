@testable import GorillaClientCore
@testable import GorillaTerminal
import NIOCore
import Testing

@testable import GorillaClient
@testable import GorillaPresenters

/// When a connection's requests time out, on a hand-moved clock.
@Suite struct ConnectionDeadlineTests {
    static func at(_ seconds: Double) -> NIODeadline {
        .uptimeNanoseconds(UInt64(1_000_000_000 + seconds * 1_000_000_000))
    }

    @Test func theHandshakeDeadlineHoldsWhateverArrives() {
        var deadline = ReplyDeadline(silence: .seconds(30), handshakeEnds: Self.at(5))
        deadline.sent(1, op: "hello", at: Self.at(0))
        // Bytes trickling in (a TLS handshake that never ends) do not extend it.
        #expect(deadline.expiry(lastRead: Self.at(4.9)) == Self.at(5))
        deadline.answered(1)
        deadline.handshakeDone()
        #expect(deadline.expiry(lastRead: Self.at(4.9)) == nil)
    }

    @Test func aReplyExpiresAfterTheSilenceSinceItWasSent() {
        var deadline = ReplyDeadline(silence: .seconds(30), handshakeEnds: nil)
        deadline.sent(2, op: "sync.pull", at: Self.at(10))
        #expect(deadline.expiry(lastRead: Self.at(1)) == Self.at(40))
        #expect(deadline.oldestOperation == "sync.pull")
    }

    @Test func aLongReplyThatKeepsArrivingIsNeverCutOff() {
        var deadline = ReplyDeadline(silence: .seconds(30), handshakeEnds: nil)
        deadline.sent(2, op: "sync.pull", at: Self.at(10))
        // A big page read for minutes, a little every few seconds: the deadline moves with each read.
        for second in stride(from: 10.0, through: 600.0, by: 5) {
            let expiry = try! #require(deadline.expiry(lastRead: Self.at(second)))
            #expect(expiry == Self.at(second + 30))
        }
    }

    @Test func theOldestUnansweredRequestCounts() {
        var deadline = ReplyDeadline(silence: .seconds(30), handshakeEnds: nil)
        deadline.sent(2, op: "sync.push", at: Self.at(10))
        deadline.sent(3, op: "sync.pull", at: Self.at(20))
        #expect(deadline.expiry(lastRead: Self.at(0)) == Self.at(40))
        deadline.answered(2)
        #expect(deadline.expiry(lastRead: Self.at(15)) == Self.at(50))
        #expect(deadline.oldestOperation == "sync.pull")
    }

    @Test func aConnectionWithNothingInFlightNeverExpires() {
        // A live view waiting for pushes.
        var deadline = ReplyDeadline(silence: .seconds(1), handshakeEnds: nil)
        #expect(deadline.expiry(lastRead: Self.at(0)) == nil)
        deadline.sent(4, op: "messages.list", at: Self.at(100))
        deadline.answered(4)
        #expect(deadline.expiry(lastRead: Self.at(0)) == nil)
    }

    @Test func oneBudgetOfSilenceBoundsEveryStepAndTheEnvironmentSetsIt() {
        #expect(ConnectionDeadlines.fromEnvironment([:]) == .standard)
        #expect(ConnectionDeadlines.standard == ConnectionDeadlines(silence: .seconds(10)))
        let short = ConnectionDeadlines.fromEnvironment(["GORILLA_TIMEOUT": "0.5"])
        #expect(
            short
                == ConnectionDeadlines(
                    connect: .milliseconds(500), handshake: .milliseconds(500), reply: .milliseconds(500)))
        let nonsense = ConnectionDeadlines.fromEnvironment(["GORILLA_TIMEOUT": "soon"])
        #expect(nonsense == .standard)
        #expect(ConnectionDeadlines.fromEnvironment(["GORILLA_TIMEOUT": "-3"]) == .standard)
        #expect(ConnectionDeadlines.describe(.seconds(5)) == "5 s")
        #expect(ConnectionDeadlines.describe(.milliseconds(1500)) == "1.5 s")
    }
}
