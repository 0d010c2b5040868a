import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// Where a client stands in a program on a day, and the targets of that day from what they lifted.
@Suite struct ProgramScheduleTests {
    static let legs = UUID()
    static let push = UUID()
    static let squat = UUID()
    static let bench = UUID()
    static let monday = CalendarDate("2026-12-07")!

    /// Four weeks of Legs on Mondays and Push on Thursdays.
    static let weekly = Program(
        name: "Strength", weeks: 4,
        days: [ProgramDay(day: 1, training: legs), ProgramDay(day: 4, training: push)],
        progress: [ProgramRule(exercise: squat, progression: .step(by: .load(amount: 2.5, unit: .kg), everyWeeks: 1))])

    static func day(_ offset: Int) -> CalendarDate { monday.adding(days: offset) }

    @Test func aWeeklyProgramPutsItsTrainingsOnTheirWeekdaysForItsWeeks() {
        let assignment = Assignment(client: UUID(), program: UUID(), start: Self.monday)
        let planned = ProgramSchedule.planned(from: Self.day(-7), to: Self.day(40), Self.weekly, assignment)
        #expect(planned.map(\.date) == [0, 3, 7, 10, 14, 17, 21, 24].map(Self.day))
        #expect(planned.map(\.week) == [1, 1, 2, 2, 3, 3, 4, 4])
        #expect(planned.map(\.training) == Array(repeating: [Self.legs, Self.push], count: 4).flatMap { $0 })
        #expect(ProgramSchedule.standing(on: Self.day(-1), Self.weekly, assignment) == .notStarted)
        #expect(ProgramSchedule.standing(on: Self.day(1), Self.weekly, assignment) == .running(week: 1, day: 2))
        #expect(ProgramSchedule.standing(on: Self.day(28), Self.weekly, assignment) == .ended)
        // Repeating, the days start over and the weeks go on counting.
        var repeating = assignment
        repeating.repeats = true
        #expect(ProgramSchedule.planned(on: Self.day(28), Self.weekly, repeating)?.week == 5)
    }

    @Test func aStartOnAnotherWeekdayPlacesEachTrainingOnItsWeekdayAfterIt() {
        let wednesday = Assignment(client: UUID(), program: UUID(), start: Self.day(2))
        let planned = ProgramSchedule.planned(from: Self.day(0), to: Self.day(13), Self.weekly, wednesday)
        // Thursday of week 1, Monday of week 1 (its sixth day), Thursday of week 2.
        #expect(planned.map(\.date) == [3, 7, 10].map(Self.day))
        #expect(planned.map(\.week) == [1, 1, 2])
    }

    @Test func aCycleThatDoesNotFitAWeekRepeatsEveryNDays() {
        let cycle = Program(
            name: "Cycle", cycle: 5,
            days: [ProgramDay(day: 1, training: Self.legs), ProgramDay(day: 3, training: Self.push)])
        let assignment = Assignment(client: UUID(), program: UUID(), start: Self.monday)
        let planned = ProgramSchedule.planned(from: Self.monday, to: Self.day(12), cycle, assignment)
        #expect(planned.map(\.date) == [0, 2, 5, 7, 10, 12].map(Self.day))
        #expect(planned.map(\.week) == [1, 1, 2, 2, 3, 3])
        #expect(planned.map(\.day) == [1, 3, 1, 3, 1, 3])
    }

    @Test func aPostponementMovesTheRemainingDaysAndLeavesItsOwnFree() {
        var assignment = Assignment(client: UUID(), program: UUID(), start: Self.monday)
        assignment.shifts = [Assignment.Shift(from: Self.day(7), days: 3)]
        let planned = ProgramSchedule.planned(from: Self.monday, to: Self.day(20), Self.weekly, assignment)
        // Week 2's Monday (day 7) moves to day 10, its Thursday to day 13; days 7–9 hold nothing.
        #expect(planned.map(\.date) == [0, 3, 10, 13, 17, 20].map(Self.day))
        #expect(ProgramSchedule.standing(on: Self.day(8), Self.weekly, assignment) == .postponed)
        #expect(ProgramSchedule.planned(on: Self.day(10), Self.weekly, assignment)?.week == 2)
    }

    @Test func weekTwosTargetsRiseWhereWeekOneMetThemAndHoldWhereItDidNot() {
        let training = Training(
            name: "Legs",
            exercises: [
                PlannedExercise(exercise: Self.squat, sets: 3, reps: .uniform(5), weight: 100, unit: .kg),
                PlannedExercise(exercise: Self.bench, sets: 3, reps: .uniform(8), weight: 60, unit: .kg),
            ])
        var program = Self.weekly
        program.progress.append(
            ProgramRule(exercise: Self.bench, progression: .step(by: .load(amount: 2.5, unit: .kg), everyWeeks: 1)))
        let assignment = Assignment(client: UUID(), program: UUID(), start: Self.monday)
        let weekOne = ProgramTargets.Lifted(
            date: Self.monday,
            exercises: [
                PerformedExercise(
                    exercise: Self.squat, name: "Squat",
                    sets: Array(repeating: PerformedSet(reps: 5, weight: 100), count: 3)),
                PerformedExercise(
                    exercise: Self.bench, name: "Bench",
                    sets: [PerformedSet(reps: 8, weight: 60), PerformedSet(reps: 6, weight: 60)]),
            ])
        let planned = try! #require(ProgramSchedule.planned(on: Self.day(7), program, assignment))
        let targets = ProgramTargets.targets(
            planned, training: training, program: program, assignment: assignment, history: [weekOne])
        #expect(targets.map(\.target.weight) == [102.5, 60])
        // Nothing lifted: both hold.
        let none = ProgramTargets.targets(
            planned, training: training, program: program, assignment: assignment, history: [])
        #expect(none.map(\.target.weight) == [100, 60])
    }

    @Test func aWaveReadsTheTestedMaximumElseTheBestE1RMBeforeTheStart() {
        let deadlift = UUID()
        let training = Training(
            name: "Pull", exercises: [PlannedExercise(exercise: deadlift, sets: 3, reps: .uniform(3))])
        let program = Program(
            name: "Wave", weeks: 4, days: [ProgramDay(day: 1, training: UUID())],
            progress: [ProgramRule(exercise: deadlift, progression: .wave(shares: [0.7, 0.8]))])
        var assignment = Assignment(client: UUID(), program: UUID(), start: Self.monday)
        let before = ProgramTargets.Lifted(
            date: Self.day(-3),
            exercises: [
                PerformedExercise(exercise: deadlift, name: "Deadlift", sets: [PerformedSet(reps: 1, weight: 130)])
            ])
        let week2 = ProgramSchedule.Planned(date: Self.day(7), week: 2, day: 1, training: UUID())
        func load() -> Double? {
            ProgramTargets.targets(
                week2, training: training, program: program, assignment: assignment, history: [before]
            )
            .first?.target.weight
        }
        #expect(load() == 105)  // 80 % of 130 is 104, rounded to 105
        assignment.baselines = [Assignment.Baseline(exercise: deadlift, weight: 140, unit: .kg)]
        #expect(load() == 112.5)  // 80 % of 140
    }

    @Test func aProgramsOwnRulesRefuseWhatCannotBeFollowed() {
        var program = Self.weekly
        program.weeks = nil
        #expect(throws: DocumentProblem.missing("weeks (or cycle)")) { try program.normalised() }
        program = Self.weekly
        program.days = [ProgramDay(day: 8, training: Self.legs)]
        #expect(throws: DocumentProblem.invalid("days[0].day (1–7)")) { try program.normalised() }
        program = Self.weekly
        program.progress.append(program.progress[0])
        #expect(throws: DocumentProblem.self) { try program.normalised() }
        program = Self.weekly
        program.deload = Deload(every: 1)
        #expect(throws: DocumentProblem.self) { try program.normalised() }
        var assignment = Assignment(client: UUID(), program: UUID(), start: Self.monday, at: "25:00")
        #expect(throws: DocumentProblem.invalid("at (HH:MM)")) { try assignment.normalised() }
        assignment.at = "18:00"
        assignment.shifts = [Assignment.Shift(from: Self.monday, days: 0)]
        #expect(throws: DocumentProblem.self) { try assignment.normalised() }
    }

    @Test func aProgressionIsWrittenBackInTheNotationItIsReadIn() throws {
        for text in [
            "+2.5kg/week", "+1 set/2 weeks", "+5%/week", "3x8-12, +2.5kg when all sets reach 12", "70%,75%,80% of e1RM",
        ] {
            let progression = try ProgressionNotation.progression(text)
            #expect(progression.notation == text)
            #expect(try ProgressionNotation.progression(progression.notation) == progression)
        }
    }
}
