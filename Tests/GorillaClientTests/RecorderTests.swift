import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import Testing

/// The real-time recorder: a pure state machine fed keys at chosen times.
@Suite struct RecorderTests {
    /// A clock the test moves by hand.
    struct Clock {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        mutating func advance(_ seconds: Double) -> Date {
            now = now.addingTimeInterval(seconds)
            return now
        }
    }

    static func recorder(
        free: Bool = false, realTime: Bool = true, at now: Date,
        exercises: [String] = ["Prensa", "Crunch"]
    ) -> SessionRecorder {
        SessionRecorder(
            client: UUID(), clientName: "Bea", realTime: realTime, free: free,
            items: exercises.map { SessionRecorder.Item(performed: PerformedExercise(name: $0)) }, at: now)
    }

    @Test func spaceStartsTheSetMarksEachRepAndEnterRecordsIt() {
        var clock = Clock()
        var recorder = Self.recorder(at: clock.now)
        recorder.handle(.space, at: clock.advance(2))  // start
        recorder.handle(.space, at: clock.advance(1.5))  // rep 1
        recorder.handle(.space, at: clock.advance(2.0))  // rep 2
        recorder.handle(.space, at: clock.advance(2.25))  // rep 3
        #expect(recorder.setElapsed(at: clock.advance(0.25)) == 6)
        recorder.handle(.enter, at: clock.now)
        let set = recorder.items[0].performed.sets[0]
        #expect(set.reps == 3)
        #expect(set.repTimes == [1.5, 3.5, 5.75])
        #expect(set.duration == 6)
        #expect(set.rest == nil)
        #expect(recorder.isSetRunning == false)
        #expect(recorder.restElapsed(at: clock.advance(30)) == 30)

        // The next set records the rest before it.
        recorder.handle(.space, at: clock.advance(15))
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items[0].performed.sets[1].rest == 45)
        #expect(recorder.items[0].performed.sets[1].repTimes == [1])
    }

    @Test func undoRemovesTheLastRepThenTheSetThenTheRecordedSet() {
        var clock = Clock()
        var recorder = Self.recorder(at: clock.now)
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))  // set 1 of Prensa: 1 rep
        recorder.handle(.down, at: clock.advance(10))
        recorder.handle(.space, at: clock.advance(5))  // set 1 of Crunch starts after 15 s rest
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.character("u"), at: clock.advance(1))
        #expect(recorder.repTimes == [1])
        recorder.handle(.character("u"), at: clock.advance(1))
        #expect(recorder.repTimes.isEmpty)
        #expect(recorder.isSetRunning)
        recorder.handle(.character("u"), at: clock.advance(1))
        #expect(!recorder.isSetRunning)
        #expect(recorder.restElapsed(at: clock.now) == 20)  // the rest goes on as if the set never started
        recorder.handle(.character("u"), at: clock.advance(1))
        #expect(recorder.items.allSatisfy { $0.performed.sets.isEmpty })
        #expect(recorder.selected == 0)
        recorder.handle(.character("u"), at: clock.advance(1))
        #expect(recorder.message == "nothing to undo")
    }

    @Test func pauseStopsTheStopwatchAndIsLeftOutOfRepTimes() {
        var clock = Clock()
        var recorder = Self.recorder(at: clock.now)
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.space, at: clock.advance(2))
        recorder.handle(.character("p"), at: clock.advance(1))
        #expect(recorder.isPaused)
        recorder.handle(.space, at: clock.advance(5))  // ignored while paused
        #expect(recorder.setElapsed(at: clock.advance(55)) == 3)
        recorder.handle(.character("p"), at: clock.now)  // 60 s paused
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        let set = recorder.items[0].performed.sets[0]
        #expect(set.repTimes == [2, 4])
        #expect(set.duration == 5)
        #expect(recorder.pausedTotal == 60)
        #expect(recorder.sessionElapsed(at: clock.now) == 6)
    }

    @Test func finishingAsksBeforeSavingAndNoGoesBack() {
        var clock = Clock()
        var recorder = Self.recorder(at: clock.now)
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.character("q"), at: clock.advance(1))  // ends the running set too
        #expect(recorder.prompt == .confirmSave)
        #expect(recorder.items[0].performed.sets.count == 1)
        recorder.handle(.character("n"), at: clock.advance(1))
        #expect(recorder.prompt == nil)
        #expect(recorder.outcome == .recording)
        recorder.handle(.character("q"), at: clock.advance(1))
        recorder.handle(.character("y"), at: clock.advance(1))
        #expect(recorder.outcome == .save)
        #expect(recorder.performed.map(\.name) == ["Prensa"])  // exercises without sets are left out
        recorder.handle(.space, at: clock.advance(1))
        #expect(recorder.outcome == .save)
    }

    @Test func escapeCancelsOnlyAfterConfirmation() {
        var clock = Clock()
        var recorder = Self.recorder(at: clock.now)
        recorder.handle(.escape, at: clock.advance(1))
        #expect(recorder.prompt == .confirmCancel)
        recorder.handle(.character("n"), at: clock.advance(1))
        #expect(recorder.outcome == .recording)
        recorder.handle(.escape, at: clock.advance(1))
        recorder.handle(.character("y"), at: clock.advance(1))
        #expect(recorder.outcome == .discard)
    }

    @Test func weightTypeAndLastTimeValuesGoIntoTheSet() {
        var clock = Clock()
        var items = [
            SessionRecorder.Item(
                performed: PerformedExercise(name: "Prensa"),
                previous: [PerformedSet(reps: 10, weight: 80, unit: .kg)])
        ]
        items.append(SessionRecorder.Item(performed: PerformedExercise(name: "Curl")))
        var recorder = SessionRecorder(client: UUID(), clientName: "Bea", items: items, at: clock.now)
        #expect(recorder.nextWeight(0) == (80, .kg))
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items[0].performed.sets[0].weight == 80)
        for key in [
            SessionRecorder.Key.character("w"), .character("2"), .character("2"), .character("."), .character("5"),
            .character("l"), .character("b"), .enter, .character("t"),
        ] {
            recorder.handle(key, at: clock.advance(0.1))
        }
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        let second = recorder.items[0].performed.sets[1]
        #expect(second.weight == 22.5)
        #expect(second.unit == .lb)
        #expect(second.type == .warmup)
        recorder.handle(.character("w"), at: clock.advance(1))
        recorder.handle(.character("x"), at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.prompt == .weight)
        #expect(recorder.message?.contains("weight") == true)
    }

    @Test func theSetTypeGoesBackToNormalOnAnotherExerciseAndStaysWithinOne() {
        var clock = Clock()
        var recorder = Self.recorder(at: clock.now, exercises: ["Prensa", "Crunch", "Curl"])
        recorder.handle(.character("t"), at: clock.advance(1))
        #expect(recorder.setType == .warmup)
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items[0].performed.sets[0].type == .warmup)
        #expect(recorder.setType == .warmup, "the type stays for the next set of the same exercise")
        recorder.handle(.down, at: clock.advance(1))
        #expect(recorder.setType == .normal)
        recorder.handle(.space, at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items[1].performed.sets[0].type == .normal)
        recorder.handle(.character("t"), at: clock.advance(1))
        recorder.handle(.character("t"), at: clock.advance(1))
        #expect(recorder.setType == .drop)
        recorder.handle(.up, at: clock.advance(1))
        #expect(recorder.selected == 0 && recorder.setType == .normal)
        recorder.handle(.character("t"), at: clock.advance(1))
        recorder.handle(.up, at: clock.advance(1))  // already on the first row: the selection does not move
        #expect(recorder.selected == 0 && recorder.setType == .warmup)
        recorder.handle(.character("u"), at: clock.advance(1))  // removes Crunch's set: Crunch is selected again
        #expect(recorder.selected == 1 && recorder.setType == .normal)

        // Free mode: an added exercise starts normal too; removing one selects another.
        var free = Self.recorder(free: true, at: clock.now, exercises: ["Prensa"])
        free.handle(.character("t"), at: clock.advance(1))
        free.handle(.character("a"), at: clock.advance(1))
        for character in "Curl" { free.handle(.character(character), at: clock.advance(0.1)) }
        free.handle(.enter, at: clock.advance(1))
        #expect(free.selected == 1 && free.setType == .normal)
        free.handle(.character("t"), at: clock.advance(1))
        free.handle(.character("x"), at: clock.advance(1))
        #expect(free.selected == 0 && free.setType == .normal)
    }

    @Test func freeSessionsAddAndRemoveExercises() {
        var clock = Clock()
        var recorder = Self.recorder(free: true, at: clock.now, exercises: [])
        recorder.handle(.space, at: clock.advance(1))
        #expect(!recorder.isSetRunning)
        for key in [SessionRecorder.Key.character("a")] + "Dominada".map({ .character($0) }) + [.enter] {
            recorder.handle(key, at: clock.advance(0.1))
        }
        for key in [SessionRecorder.Key.character("a")] + "Fons".map({ .character($0) }) + [.enter] {
            recorder.handle(key, at: clock.advance(0.1))
        }
        #expect(recorder.items.map(\.performed.name) == ["Dominada", "Fons"])
        #expect(recorder.selected == 1)
        recorder.handle(.character("k"), at: clock.advance(1))
        recorder.handle(.character("x"), at: clock.advance(1))
        #expect(recorder.items.map(\.performed.name) == ["Fons"])
    }

    @Test func aRecorderSavedAfterEveryKeyResumesAfterACrashExactlyWhereItWas() throws {
        var clock = Clock()
        let keys: [(SessionRecorder.Key, Double)] = [
            (.space, 1), (.space, 1), (.space, 1.5), (.character("p"), 1), (.character("p"), 20),
            (.space, 1), (.enter, 1), (.down, 5), (.space, 40), (.space, 2),
        ]
        var uninterrupted = Self.recorder(at: clock.now)
        var saved = try JSONEncoder().encode(uninterrupted)
        var times: [Date] = []
        for (key, delay) in keys {
            let time = clock.advance(delay)
            times.append(time)
            uninterrupted.handle(key, at: time)
        }
        // The same keys, but the process dies after the sixth and a new one decodes the saved state.
        var first = try JSONDecoder().decode(SessionRecorder.self, from: saved)
        for index in 0..<6 {
            first.handle(keys[index].0, at: times[index])
            saved = try JSONEncoder().encode(first)
        }
        var resumed = try JSONDecoder().decode(SessionRecorder.self, from: saved)
        for index in 6..<keys.count { resumed.handle(keys[index].0, at: times[index]) }
        #expect(resumed == uninterrupted)
        #expect(resumed.items[0].performed.sets[0].repTimes == [1, 2.5, 4.5])  // the 20 s pause is left out
        #expect(resumed.repTimes == [2])
    }
}
