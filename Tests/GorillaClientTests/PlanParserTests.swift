import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import Testing

/// `--plan "EXERCISE: SETSxREPS@LOAD [rest TIME]"`, the notation coaches write on paper.
@Suite struct PlanParserTests {
    @Test func readsSetsRepsLoadAndRest() throws {
        let (name, plan) = try PlanParser.parse("Sentadilla: 4x12@80kg rest 90s")
        #expect(name == "Sentadilla")
        #expect(plan.sets == 4 && plan.reps == .uniform(12) && plan.weight == 80 && plan.unit == .kg && plan.rest == 90)
        #expect(plan.notation == "4x12@80kg rest 90s")
    }

    @Test func readsOneTargetPerSetPoundsAndMinutes() throws {
        let plan = try PlanParser.parse("Press: 12,10,8@135lb rest 2min").plan
        #expect(
            plan.sets == 3 && plan.reps == .perSet([12, 10, 8]) && plan.weight == 135 && plan.unit == .lb
                && plan.rest == 120)
        #expect(plan.reps?.target(ofSet: 2) == 8 && plan.reps?.target(ofSet: 5) == 8)
        #expect(plan.notation == "12,10,8@135lb rest 2min")
        #expect(try PlanParser.parse("Press: 5x5@100").plan.unit == .kg)
        #expect(
            try PlanParser.parse("Press: 3 sets rest 1:30").plan
                == PlannedExercise(exercise: plan.exercise, sets: 3, rest: 90))
    }

    @Test func aGroupComesLastAndIsKeptInCapitals() throws {
        let bench = try PlanParser.parse("Bench press: 3x10@60kg rest 0s group a").plan
        #expect(bench.group == "A" && bench.sets == 3 && bench.rest == 0 && bench.weight == 60)
        #expect(bench.notation == "3x10@60kg rest 0s group A")
        #expect(try PlanParser.parse("Row: superset b1").plan == PlannedExercise(exercise: bench.exercise, group: "B1"))
        #expect(try PlanParser.parse("Row: 3x10 superset b1").plan.plannedSets == 3)
        #expect(throws: SetParser.ParseError.self) { try PlanParser.parse("Row: 3x10 group far-too-long-label") }
        #expect(throws: SetParser.ParseError.self) { try PlanParser.parse("Row: 3x10 group") }
    }

    @Test func anEffortIsPlannedAsRPEOrRIR() throws {
        for text in ["Squat: 3x8@RPE8", "Squat: 3x8@rpe 8", "Squat: 3x8 RIR2", "Squat: 3x8 rir 2"] {
            let plan = try PlanParser.parse(text).plan
            #expect(plan.sets == 3 && plan.reps == .uniform(8) && plan.rpe == 8 && plan.weight == nil, "\(text)")
            #expect(plan.notation == "3x8@RPE8")
        }
        let loaded = try PlanParser.parse("Squat: 3x8@80kg RPE7,5 rest 2min").plan
        #expect(loaded.weight == 80 && loaded.rpe == 7.5 && loaded.rest == 120)
        #expect(loaded.notation == "3x8@80kg RPE7.5 rest 2min")
        for text in ["Squat: 3x8@RPE11", "Squat: 3x8@RPE5", "Squat: 3x8 RIR5", "Squat: 3x8@RPE8.2", "Squat: 3x8@RPE"] {
            #expect(throws: SetParser.ParseError.self, "\(text)") { try PlanParser.parse(text) }
        }
    }

    @Test func timedAndDistanceSetsFollowTheExercisesCountMode() throws {
        let plank = try PlanParser.parse("Plank: 3x45s").plan
        #expect(plank.sets == 3 && plank.duration == 45 && plank.reps == nil)
        let rower = try PlanParser.parse("Rower: 1x2000m").plan
        #expect(rower.distance == 2000 && rower.duration == nil)
        #expect(try PlanParser.parse("Rower: 2x2km").plan.distance == 2000)
        // For an exercise counted by time, "2m" is two minutes.
        let timed = try PlanParser.parse("Plank: 3x2m") { _ in .time }.plan
        #expect(timed.duration == 120 && timed.distance == nil)
        #expect(try PlanParser.parse("Plank: 3x2min").plan.duration == 120)
    }

    @Test(arguments: [
        ("Squat: 12x80kg", "performed set"),
        ("Squat 4x12", "no ':'"),
        ("Squat:", "no plan"),
        ("Squat: 0x12", "the sets"),
        ("Squat: 4x12@9000kg", "the load"),
        ("Squat: 4x12 rest forever", "the rest"),
        ("Squat: lots", "SETSxREPS@LOAD"),
        ("Squat: 12,x,8", "each set's reps"),
    ])
    func aWrongPlanIsRefusedWithTheRightForm(text: String, reason: String) {
        #expect {
            try PlanParser.parse(text)
        } throws: { error in
            (error as? SetParser.ParseError)?.description.contains(reason) == true
        }
    }

    @Test func aPlanWrittenAsASetIsRefusedShowingTheSetForm() {
        #expect {
            try SetParser.parse("Squat: 4x12@80kg")
        } throws: { error in
            let text = (error as? SetParser.ParseError)?.description ?? ""
            return text.contains("form of a plan") && text.contains("12x80kg")
        }
    }

    /// `rest` and `group` are typed in Catalan, Spanish or English whatever the language.
    @Test func restAndGroupReadInEveryLanguage() throws {
        for text in [
            "Sentadilla: 3x10@60kg descans 90s grup a", "Sentadilla: 3x10@60kg Descanso 90s GRUPO a",
            "Sentadilla: 3x10@60kg rest 90s group a", "Sentadilla: 3x10@60kg descans 1:30 supersèrie a",
        ] {
            let plan = try Language.$current.withValue(.en) { try PlanParser.parse(text).plan }
            #expect(plan.sets == 3 && plan.reps == .uniform(10) && plan.weight == 60, "\(text)")
            #expect(plan.rest == 90 && plan.group == "A", "\(text)")
        }
        let restOnly = try Language.$current.withValue(.ca) { try PlanParser.parse("Rem: descans 2min").plan }
        #expect(restOnly.rest == 120 && restOnly.sets == nil)
    }

    /// A plan that does not read names the rest in the user's word and the English one.
    @Test func aBadPlanNamesTheRestInTheUsersWordAndTheEnglishOne() {
        for (language, word) in [(Language.ca, "descans/rest"), (.es, "descanso/rest"), (.en, "[rest TIME]")] {
            #expect {
                try Language.$current.withValue(language) { try PlanParser.parse("Prensa: molt") }
            } throws: { error in
                ((error as? SetParser.ParseError)?.description ?? "").contains(word)
            }
        }
    }
}

/// `sets` and `of` in a plan, typed in Catalan, Spanish or English whatever the language.
@Suite struct PlanSetsWordTests {
    @Test(arguments: ["Rem: 3 sèries", "Rem: 3 series", "Rem: 3 sets", "Rem: 3 SÈRIE", "Rem: 3 serie", "Rem: 3sets"])
    func aNumberOfSetsReadsInEveryLanguage(text: String) throws {
        let plan = try Language.$current.withValue(.en) { try PlanParser.parse(text).plan }
        #expect(plan.sets == 3 && plan.reps == nil && plan.weight == nil, "\(text)")
    }

    @Test(arguments: [
        "Sentadilla: 3 sèries de 10@60kg descans 90s", "Sentadilla: 3 series de 10 @ 60kg descanso 90s",
        "Sentadilla: 3 sets of 10@60kg rest 90s", "Sentadilla: 3 Sèries De 10@60kg rest 1:30",
    ])
    func setsOfRepsReadsAsSetsTimesReps(text: String) throws {
        let plan = try Language.$current.withValue(.ca) { try PlanParser.parse(text).plan }
        #expect(plan.sets == 3 && plan.reps == .uniform(10) && plan.weight == 60 && plan.rest == 90, "\(text)")
    }

    @Test func setsOfATimeOrADistanceFollowTheCountMode() throws {
        #expect(try PlanParser.parse("Planxa: 3 sèries de 45s").plan.duration == 45)
        #expect(try PlanParser.parse("Rem: 2 series de 1km").plan.distance == 1000)
        #expect(
            try PlanParser.parse("Rem: 3 sets rest 2min").plan
                == PlannedExercise(
                    exercise: PlanParser.parse("Rem: 1 set").plan.exercise, sets: 3, rest: 120))
    }

    @Test(arguments: ["Rem: 3 sèries 10", "Rem: 3 sèries de", "Rem: 0 sèries", "Rem: 3 sèries de deu"])
    func aBrokenSetsOfIsRefused(text: String) {
        #expect(throws: SetParser.ParseError.self) { try PlanParser.parse(text) }
    }
}
