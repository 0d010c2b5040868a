import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal
import Testing

/// The progress line's state machine, fed reports at instants the test moves by hand: nothing before the work has run
/// for a moment, then at most ten draws a second, a report kept back drawn when the wait is over, cleared when the work
/// ends, and its words.
@Suite struct ProgressLineTests {
    /// A clock the test moves by hand.
    struct Clock {
        var now = ContinuousClock.now
        mutating func advance(_ duration: Duration) -> ContinuousClock.Instant {
            now = now + duration
            return now
        }
    }

    static func pulled(_ done: Int, of total: Int? = 5_000, bytes: Int = 0) -> WorkProgress {
        WorkProgress(.pull, done: done, total: total, bytes: bytes)
    }

    @Test func reportsEveryMillisecondAreDrawnAtMostTenTimesASecondAfterAFirstMoment() {
        var clock = Clock()
        let start = clock.now
        var line = ProgressLine(language: .en)
        var draws: [ContinuousClock.Instant] = []
        var flushAt: ContinuousClock.Instant?
        for done in 1...3_000 {
            let now = clock.advance(.milliseconds(1))
            if let due = flushAt, now >= due, case .draw = line.flush(at: now, width: 80) {
                draws.append(now)
                flushAt = nil
            }
            switch line.report(Self.pulled(done), at: now, width: 80) {
            case .draw: draws.append(now)
            case .flush(let due): flushAt = due
            case .none, .clear: break
            }
        }
        // Three seconds of reports: none drawn in the first moment, then ten draws a second at most, and no two closer
        // than the interval.
        #expect(draws.first.map { $0 - start >= ProgressLine.delay } == true, "\(draws.first.map { $0 - start }!)")
        #expect(draws.count <= 29, "\(draws.count) draws")
        #expect(draws.count >= 27, "\(draws.count) draws: the kept reports are drawn when the interval ends")
        for (earlier, later) in zip(draws, draws.dropFirst()) { #expect(later - earlier >= ProgressLine.interval) }
    }

    @Test func aReportKeptBackIsDrawnWhenTheWaitIsOverAndTheEndClearsTheLine() {
        var clock = Clock()
        let start = clock.now
        var line = ProgressLine(language: .en)
        #expect(line.report(Self.pulled(1_000), at: start, width: 80) == .flush(at: start + ProgressLine.delay))
        #expect(
            line.report(Self.pulled(2_000), at: clock.advance(.milliseconds(30)), width: 80)
                == .flush(at: start + ProgressLine.delay))
        #expect(line.flush(at: clock.advance(.milliseconds(20)), width: 80) == .flush(at: start + ProgressLine.delay))
        #expect(!line.showing)
        #expect(
            line.flush(at: start + ProgressLine.delay, width: 80) == .draw("pulling 2,000 of 5,000 changes · 0 B"),
            "the newest report kept")
        let drawn = start + ProgressLine.delay
        #expect(
            line.report(Self.pulled(3_000), at: drawn + .milliseconds(30), width: 80)
                == .flush(at: drawn + ProgressLine.interval))
        #expect(
            line.flush(at: drawn + ProgressLine.interval, width: 80) == .draw("pulling 3,000 of 5,000 changes · 0 B"))
        #expect(line.flush(at: drawn + .seconds(1), width: 80) == .none, "nothing kept: nothing drawn")
        #expect(line.showing)
        var finished = Self.pulled(5_000)
        finished.finished = true
        #expect(line.report(finished, at: drawn + .seconds(1), width: 80) == .clear)
        #expect(!line.showing)

        // Work that ends within the first moment draws nothing, and has nothing to clear.
        let next = drawn + .seconds(2)
        #expect(line.report(WorkProgress(.push, done: 0, total: 1, bytes: 0), at: next, width: 80) != .none)
        #expect(!line.showing)
        var pushed = WorkProgress(.push, done: 1, total: 1, bytes: 200)
        pushed.finished = true
        #expect(line.report(pushed, at: next + .milliseconds(40), width: 80) == .none)
        #expect(line.flush(at: next + .seconds(1), width: 80) == .none)
    }

    @Test func theLineSaysRowsOfTheTotalBytesAndTheTimeLeftInTheUsersLanguage() {
        let english = ProgressLine(language: .en)
        #expect(
            english.text(Self.pulled(1_000, bytes: 1_540_000), elapsed: .seconds(2))
                == "pulling 1,000 of 5,000 changes · 1.5 MB · about 8 s left")
        #expect(
            english.text(Self.pulled(1_000, bytes: 1_540_000), elapsed: .milliseconds(100))
                == "pulling 1,000 of 5,000 changes · 1.5 MB", "no estimate from a tenth of a second")
        #expect(
            english.text(Self.pulled(1_000, of: nil, bytes: 820_400), elapsed: .seconds(2))
                == "pulling 1,000 changes · 820 kB", "a server that does not count: no total, no estimate")
        #expect(
            english.text(WorkProgress(.push, done: 100, total: 1_300, bytes: 96), elapsed: .seconds(10))
                == "pushing 100 of 1,300 changes · 96 B · about 2 min left")
        let catalan = ProgressLine(language: .ca)
        #expect(
            catalan.text(WorkProgress(.export, done: 2_000, total: 3_000, bytes: 2_250_000), elapsed: .seconds(4))
                == "exportant 2.000 de 3.000 files · 2,3 MB · falten uns 2 s")
        let spanish = ProgressLine(language: .es)
        #expect(
            spanish.text(WorkProgress(.import, done: 3, total: 12, bytes: 4_000), elapsed: .seconds(1))
                == "importando 3 de 12 sesiones · 4 kB · quedan unos 3 s")
    }

    @Test func aLineLongerThanTheTerminalIsCutSoThatItNeverWraps() {
        var line = ProgressLine(language: .en)
        let start = ContinuousClock.now
        _ = line.report(Self.pulled(1_000), at: start, width: 20)
        guard case .draw(let text) = line.flush(at: start + ProgressLine.delay, width: 20) else {
            Issue.record("not drawn")
            return
        }
        #expect(text == "pulling 1,000 of 5,")
    }
}
