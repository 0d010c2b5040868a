import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// What a target, a set and "last time" read as, by the exercise's count mode, and how lengths and times are written,
/// in Catalan, Spanish and English: the view and the form (a clock the test moves by hand), `sessions show` and
/// `sessions export`.
@Suite struct TrainCountModeTests {
    typealias Clock = RecorderTests.Clock

    static func item(
        _ name: String, _ plan: String?, previous: [PerformedSet], count: CountMode
    )
        -> SessionRecorder.Item
    {
        RecorderPlanTests.item(name, plan, previous: previous, count: count)
    }

    @Test func lengthsSetTimesAndCountdownsAreWrittenOneWayInEveryLanguage() {
        for language in Language.allCases {
            Language.$current.withValue(language) {
                #expect(SessionWording.length(3600) == "1 h")
                #expect(SessionWording.length(4500) == "1 h 15 min")
                #expect(SessionWording.length(2700) == "45 min")
                #expect(SessionWording.length(40) == "40 s")
                #expect(SessionWording.clock(45) == "0:45")
                #expect(SessionWording.clock(90) == "1:30")
                #expect(SessionWording.clock(116.3, roundingUp: true) == "1:57")
                #expect(SessionWording.clock(3725) == "1:02:05")
            }
        }
        Language.$current.withValue(.ca) {
            #expect(SessionWording.distance(2000) == "2.000 m")
            #expect(
                SessionWording.set(PerformedSet(reps: 0, duration: 370, distance: 1500), count: .distance)
                    == "1.500 m en 6:10")
            #expect(SessionWording.set(PerformedSet(reps: 8, weight: 52.5), count: .reps) == "8 × 52,5 kg")
            #expect(SessionWording.set(PerformedSet(reps: 20), count: .reps) == "20 repeticions")
        }
        Language.$current.withValue(.es) {
            #expect(
                SessionWording.set(PerformedSet(reps: 0, duration: 370, distance: 1500), count: .distance)
                    == "1.500 m en 6:10")
            #expect(SessionWording.set(PerformedSet(reps: 1), count: .reps) == "1 repetición")
        }
        Language.$current.withValue(.en) {
            #expect(SessionWording.set(PerformedSet(reps: 1, duration: 40), count: .time) == "0:40")
            #expect(
                SessionWording.set(PerformedSet(reps: 0, duration: 370, distance: 2000), count: .distance)
                    == "2,000 m in 6:10")
        }
    }

    @Test func aTimedExerciseWithHistoryShowsTimesNeverKilograms() {
        Language.$current.withValue(.ca) {
            var clock = Clock()
            // Logged as `Planxa: 1@40s` last time: one "rep" of 40 seconds.
            var recorder = SessionRecorder(
                client: UUID(), clientName: "Núria", realTime: false,
                items: [
                    Self.item("Planxa", "3x45s", previous: [PerformedSet(reps: 1, duration: 40)], count: .time),
                    Self.item(
                        "Rem", nil, previous: [PerformedSet(reps: 0, duration: 370, distance: 1500)], count: .distance),
                ],
                at: clock.now, until: clock.now.addingTimeInterval(3600))
            let target = recorder.items[0].target
            #expect(target?.duration == 45 && target?.reps == 0 && target?.weight == 0)
            let screen = TrainScreen.render(recorder, at: clock.now, style: .plain)
            #expect(screen.contains("Sèrie 1 de 3 · Planxa  0:45"), "\(screen)")
            #expect(screen.contains("> 45s"), "the form is prefilled in the way it reads a time back: \(screen)")
            #expect(screen.contains("0:40"), "last time: \(screen)")
            #expect(screen.contains("1.500 m en 6:10"), "a rower's last time: \(screen)")
            #expect(!screen.contains(" kg") && !screen.contains("1 × 0"), "\(screen)")
            recorder.handle(.enter, at: clock.advance(1))
            #expect(recorder.items[0].performed.sets.first == PerformedSet(reps: 0, duration: 45))
        }
    }

    @Test func aPassedOverSetIsNotShownAsDoneAndTheSummaryGivesTheLength() {
        var clock = Clock()
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", realTime: false,
            items: [RecorderPlanTests.item("Prensa", "3x10@50kg")], at: clock.now,
            until: clock.now.addingTimeInterval(3600))
        recorder.handle(.enter, at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        recorder.handle(.character("s"), at: clock.advance(1))
        #expect(recorder.items[0].performed.sets.count == 2)
        #expect(recorder.prompt == .confirmSave)
        let screen = TrainScreen.render(recorder, at: clock.now, style: .plain)
        let row = screen.components(separatedBy: "\r\n").first { $0.contains("Prensa") && $0.contains("3x10") } ?? ""
        #expect(row.contains("2/3") && !row.contains("3/3") && !row.contains("✓"), "\(row)")
        #expect(screen.contains("2 sets, 20 reps, 1 h. Save session?"), "\(screen)")
        #expect(screen.contains("(1 h)"), "the form's times: \(screen)")
        #expect(!screen.contains("60:00"), "\(screen)")
    }
}
