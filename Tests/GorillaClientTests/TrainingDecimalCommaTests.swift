import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import Testing

/// Weights written with a decimal comma, as Catalan and Spanish write them: `--set`, `--plan` and the sets typed in the
/// train view. A comma between two digits is a decimal comma; any other comma separates sets.
@Suite struct TrainingDecimalCommaTests {
    typealias Clock = RecorderTests.Clock

    @Test func aCommaBetweenTwoDigitsIsADecimalCommaAndACommaAndASpaceSeparateSets() throws {
        let (name, sets) = try SetParser.parse("Leg press: 12x62,5kg, 10x85kg")
        #expect(name == "Leg press")
        #expect(sets.map(\.reps) == [12, 10])
        #expect(sets.map(\.weight) == [62.5, 85])
        // A comma followed by anything but a digit separates sets too, spaces or not.
        #expect(try SetParser.parse("Curl: 8x22,5lb,6x30lb(drop),5").sets.map(\.weight) == [22.5, 30, 0])
        #expect(try SetParser.parse("Curl: 8x22,5lb warmup, 6x22.5lb").sets.map(\.type) == [.warmup, .normal])
        #expect(try SetParser.parse("Crunch: 20, 15, 12").sets.map(\.reps) == [20, 15, 12])
    }

    @Test func durationsAndDistancesTakeADecimalCommaToo() throws {
        let sets = try SetParser.parse("Rower: 1,5km@6:30,5, 500m@1:45").sets
        #expect(sets.map(\.distance) == [1500, 500])
        #expect(sets.map(\.duration) == [390.5, 105])
        #expect(try SetParser.parse("Plank: 1@45,5s").sets.first?.duration == 45.5)
    }

    @Test func setsWrittenWithoutSpacesAreOneNumberAndTheErrorSaysWhy() {
        #expect {
            try SetParser.parse("Crunch: 15,12,10")
        } throws: { error in
            let message = (error as? SetParser.ParseError)?.message ?? ""
            return message.contains("set 1 of 'Crunch'") && message.contains("decimal comma")
        }
        #expect(throws: SetParser.ParseError.self) { try SetParser.parse("Prensa: 12x62,,5kg") }
    }

    @Test func aSetIsWrittenWithTheLanguagesSeparatorAndReadBack() throws {
        let set = PerformedSet(type: .warmup, reps: 12, weight: 62.5, unit: .kg, duration: 65.5)
        #expect(SetParser.text(of: set) == "12x62.5kg@1:05.5 warmup")
        #expect(SetParser.text(of: set, in: .ca) == "12x62,5kg@1:05,5 warmup")
        for language in Language.allCases {
            let written = SetParser.text(of: set, in: language)
            #expect(try SetParser.parse("Press: \(written), \(written)").sets == [set, set], "\(written)")
        }
        #expect(SessionRecorder.text(of: set, in: .es) == "12x62,5kg warmup")
        #expect(SessionRecorder.text(of: set, in: .en) == "12x62.5kg warmup")
    }

    @Test func aPlansLoadAndDistanceTakeADecimalCommaAndAListOfRepsStaysAList() throws {
        let plan = try PlanParser.parse("Leg press: 4x12@62,5kg rest 90s").plan
        #expect(plan.sets == 4 && plan.reps == .uniform(12) && plan.weight == 62.5 && plan.rest == 90)
        let list = try PlanParser.parse("Press: 12,10,8@62,5kg").plan
        #expect(list.sets == 3 && list.reps == .perSet([12, 10, 8]) && list.weight == 62.5)
        #expect(try PlanParser.parse("Rower: 1x1,5km").plan.distance == 1500)
        #expect(try PlanParser.parse("Plank: 3x1,5min").plan.duration == 90)
        #expect {
            try PlanParser.parse("Squat: 12,x,8")
        } throws: { error in
            (error as? SetParser.ParseError)?.description.contains("each set's reps") == true
        }
    }

    @Test func theTrainViewReadsTypedSetsAndWeightsWithADecimalComma() {
        var clock = Clock()
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", realTime: false,
            items: [
                SessionRecorder.Item(
                    performed: PerformedExercise(name: "Prensa"),
                    previous: [
                        PerformedSet(reps: 10, weight: 80), PerformedSet(reps: 10, weight: 80),
                    ])
            ], at: clock.now.addingTimeInterval(-600), until: clock.now)
        RecorderPlanTests.type("10x82,5kg", into: &recorder, clock: &clock)
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items[0].performed.sets == [PerformedSet(reps: 10, weight: 82.5)])
        recorder.handle(.character("w"), at: clock.advance(1))
        RecorderPlanTests.type("22,5lb", into: &recorder, clock: &clock)
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.nextWeight(0) == (22.5, .lb))
        // The editor: a set retyped with a decimal comma.
        recorder.handle(.character("e"), at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.prompt == .editSet)
        for _ in 0..<20 { recorder.handle(.backspace, at: clock.advance(0.1)) }
        RecorderPlanTests.type("9x77,5kg", into: &recorder, clock: &clock)
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items[0].performed.sets == [PerformedSet(reps: 9, weight: 77.5)])
        #expect(recorder.notice == .changed(number: 1, exercise: "Prensa", set: PerformedSet(reps: 9, weight: 77.5)))
    }
}
