import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import Testing

/// The recorder following a training's plan, editing any set, the picker and the hands-free form, with a clock the
/// test moves by hand.
@Suite struct RecorderPlanTests {
    typealias Clock = RecorderTests.Clock
    typealias Key = SessionRecorder.Key

    static func item(
        _ name: String, _ plan: String? = nil, previous: [PerformedSet] = [], count: CountMode = .reps
    ) -> SessionRecorder.Item {
        let parsed = try! plan.map { try PlanParser.parse("\(name): \($0)").plan }
        return SessionRecorder.Item(
            performed: PerformedExercise(exercise: UUID(), name: name), previous: previous, plan: parsed, count: count)
    }

    static func type(_ text: String, into recorder: inout SessionRecorder, clock: inout Clock) {
        for character in text {
            recorder.handle(character == " " ? .space : .character(character), at: clock.advance(0.1))
        }
    }

    /// One real-time set of `reps` reps.
    static func set(_ reps: Int, _ recorder: inout SessionRecorder, _ clock: inout Clock) {
        recorder.handle(.space, at: clock.advance(1))
        for _ in 0..<reps { recorder.handle(.space, at: clock.advance(2)) }
        recorder.handle(.enter, at: clock.advance(1))
    }

    @Test func thePlanCountsSetsAndMovesOnWhenAnExerciseIsDone() {
        var clock = Clock()
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea",
            items: [Self.item("Prensa", "2x12@80kg rest 90s"), Self.item("Crunch", "3x20"), Self.item("Curl")],
            at: clock.now)
        #expect(recorder.items[0].planned == 2)
        #expect(recorder.items[0].target == PerformedSet(reps: 12, weight: 80, unit: .kg))
        #expect(recorder.nextWeight(0) == (80, .kg))
        Self.set(12, &recorder, &clock)
        #expect(recorder.selected == 0, "one planned set is left")
        #expect(recorder.items[0].done == 1)
        Self.set(11, &recorder, &clock)
        #expect(recorder.selected == 1, "Prensa's two sets are done: Crunch is next")
        #expect(recorder.message == "next: Crunch")
        #expect(recorder.items[0].performed.sets.map(\.weight) == [80, 80])
        // A warm-up set does not count toward the plan.
        recorder.handle(.character("t"), at: clock.advance(1))
        Self.set(10, &recorder, &clock)
        #expect(recorder.items[1].done == 0 && recorder.items[1].performed.sets.count == 1)
        for _ in 0..<3 { recorder.handle(.character("t"), at: clock.advance(1)) }  // warm-up → … → normal
        for _ in 0..<3 { Self.set(20, &recorder, &clock) }
        #expect(recorder.planComplete)
        #expect(recorder.selected == 2, "Curl has no plan and no set yet: it comes next")
        Self.set(8, &recorder, &clock)
        #expect(recorder.selected == 2, "an exercise without a plan keeps the selection")
        recorder.handle(.up, at: clock.advance(1))
        Self.set(20, &recorder, &clock)  // one more than planned
        #expect(recorder.message == "every planned set is done — q finishes")
    }

    @Test func theRestCountsDownToThePlannedRestAndRingsOnce() {
        var clock = Clock()
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", items: [Self.item("Prensa", "3x12@80kg rest 90s"), Self.item("Curl")],
            at: clock.now)
        Self.set(12, &recorder, &clock)
        #expect(recorder.restRemaining(at: clock.advance(30)) == 60)
        let rang1 = recorder.tick(at: clock.now)
        #expect(!rang1)
        let rang2 = recorder.tick(at: clock.advance(59))
        #expect(!rang2)
        let rang3 = recorder.tick(at: clock.advance(1))
        #expect(rang3, "the rest is over: the bell rings")
        let rang4 = recorder.tick(at: clock.advance(0.1))
        #expect(!rang4, "only once")
        #expect(recorder.restRemaining(at: clock.advance(10))! < 0)
        // A pause stops the countdown.
        Self.set(12, &recorder, &clock)
        recorder.handle(.character("p"), at: clock.advance(10))
        let rang5 = recorder.tick(at: clock.advance(600))
        #expect(!rang5)
        recorder.handle(.character("p"), at: clock.now)
        #expect(recorder.restRemaining(at: clock.now) == 80)
        // Without a planned rest the rest only counts up: no countdown, no bell.
        recorder.handle(.down, at: clock.advance(1))
        Self.set(8, &recorder, &clock)
        #expect(recorder.restRemaining(at: clock.advance(500)) == nil)
        #expect(recorder.restElapsed(at: clock.now) == 500)
        let rang6 = recorder.tick(at: clock.now)
        #expect(!rang6)
    }

    @Test func theExercisesOfAGroupTakeTurns() {
        var clock = Clock()
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea",
            items: [
                Self.item("Press banca", "2x10@60kg group A"), Self.item("Rem", "2x10@50kg group A"),
                Self.item("Crunch", "1x20"),
            ], at: clock.now)
        var order: [String] = []
        for _ in 0..<5 {
            order.append(recorder.items[recorder.selected].performed.name)
            Self.set(10, &recorder, &clock)
        }
        #expect(order == ["Press banca", "Rem", "Press banca", "Rem", "Crunch"])
        #expect(recorder.planComplete)
    }

    @Test func anySetCanBeChangedRetypedOrDeleted() {
        var clock = Clock()
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", items: [Self.item("Prensa"), Self.item("Curl")], at: clock.now)
        for reps in [10, 9, 8] { Self.set(reps, &recorder, &clock) }
        recorder.handle(.character("e"), at: clock.advance(1))
        #expect(recorder.editing == 2, "editing starts on the last set")
        recorder.handle(.left, at: clock.advance(1))
        recorder.handle(.left, at: clock.advance(1))
        recorder.handle(.left, at: clock.advance(1))  // stays on the first
        #expect(recorder.editing == 0)
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.prompt == .editSet)
        #expect(recorder.input == "10x0kg")
        for _ in 0..<6 { recorder.handle(.backspace, at: clock.advance(0.1)) }
        Self.type("12x82.5kg", into: &recorder, clock: &clock)
        recorder.handle(.enter, at: clock.advance(1))
        let first = recorder.items[0].performed.sets[0]
        #expect(first.reps == 12 && first.weight == 82.5 && first.repTimes == nil, "new reps drop the old rep times")
        #expect(first.duration != nil, "the measured time stays")
        recorder.handle(.right, at: clock.advance(1))
        recorder.handle(.character("t"), at: clock.advance(1))
        #expect(recorder.items[0].performed.sets[1].type == .warmup)
        recorder.handle(.character("d"), at: clock.advance(1))
        #expect(recorder.items[0].performed.sets.map(\.reps) == [12, 8])
        recorder.handle(.escape, at: clock.advance(1))
        #expect(recorder.editing == nil)
        // A set typed wrong is refused and the prompt stays.
        recorder.handle(.character("e"), at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        Self.type("zz", into: &recorder, clock: &clock)
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.prompt == .editSet)
        #expect(recorder.message?.contains("REPSxWEIGHT") == true)
    }

    @Test func exercisesAreAddedRemovedAndMovedInARoutineToo() {
        var clock = Clock()
        let catalogue = ["Prensa", "Press de banca", "Sentadilla", "Curl"].map {
            SessionRecorder.Choice(id: UUID(), name: $0)
        }
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", items: [Self.item("Prensa", "3x12")], catalogue: catalogue,
            at: clock.now)
        recorder.handle(.character("a"), at: clock.advance(1))
        Self.type("pres de banka", into: &recorder, clock: &clock)  // a typo, no accent, lower case
        #expect(recorder.candidates.first?.name == "Press de banca")
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items.map(\.performed.name) == ["Prensa", "Press de banca"])
        #expect(recorder.items[1].performed.exercise == catalogue[1].id)
        #expect(recorder.selected == 1)
        // ↓ moves the highlight; the last line creates a new exercise, explicitly.
        recorder.handle(.character("a"), at: clock.advance(1))
        Self.type("Hip thrust", into: &recorder, clock: &clock)
        #expect(recorder.offersNewExercise)
        for _ in 0..<(recorder.candidates.count) { recorder.handle(.down, at: clock.advance(0.1)) }
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items.last?.performed.name == "Hip thrust")
        #expect(recorder.items.last?.isNew == true && recorder.items.last?.performed.exercise == nil)
        // K moves the selected exercise up; x removes one, asking first when it has sets.
        recorder.handle(.character("K"), at: clock.advance(1))
        #expect(recorder.items.map(\.performed.name) == ["Prensa", "Hip thrust", "Press de banca"])
        #expect(recorder.selected == 1)
        Self.set(10, &recorder, &clock)
        recorder.handle(.character("x"), at: clock.advance(1))
        #expect(recorder.prompt == .confirmRemove)
        recorder.handle(.character("y"), at: clock.advance(1))
        #expect(recorder.items.map(\.performed.name) == ["Prensa", "Press de banca"])
        // The removed exercise's set is not undone (it is gone); undo finds nothing else.
        recorder.handle(.character("u"), at: clock.advance(1))
        #expect(recorder.message == "nothing to undo")
    }

    @Test func aNoteIsKeptForTheSession() {
        var clock = Clock()
        var recorder = SessionRecorder(client: UUID(), clientName: "Bea", items: [Self.item("Prensa")], at: clock.now)
        recorder.handle(.character("n"), at: clock.advance(1))
        Self.type("Knee hurt on the last set", into: &recorder, clock: &clock)
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.notes == "Knee hurt on the last set")
        #expect(recorder.prompt == nil)
    }

    @Test func theHandsFreeFormIsPrefilledFromThePlanAndLastTimeAndConfirmedWithEnter() {
        var clock = Clock()
        let (start, end) = (clock.now.addingTimeInterval(-3600), clock.now)
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", realTime: false,
            items: [
                Self.item("Prensa", "2x12@80kg"),
                Self.item("Curl", previous: [PerformedSet(reps: 10, weight: 12), PerformedSet(reps: 8, weight: 12)]),
                Self.item("Plank", "1x45s", count: .time),
            ], at: start, until: clock.now)
        #expect(recorder.items[0].target == PerformedSet(reps: 12, weight: 80))
        recorder.handle(.enter, at: clock.advance(1))  // Prensa 12x80 as planned
        Self.type("10x82.5", into: &recorder, clock: &clock)  // corrected
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items[0].performed.sets.map(\.reps) == [12, 10])
        #expect(recorder.items[0].performed.sets.map(\.weight) == [80, 82.5])
        #expect(recorder.selected == 1, "Prensa is done: Curl follows")
        #expect(recorder.items[1].target == PerformedSet(reps: 10, weight: 12), "last time's first set")
        recorder.handle(.character("s"), at: clock.advance(1))  // passes over the first
        Self.type("9", into: &recorder, clock: &clock)  // reps only: the weight shown stays
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.items[1].performed.sets == [PerformedSet(reps: 9, weight: 12)])
        #expect(recorder.selected == 2)
        recorder.handle(.enter, at: clock.advance(1))  // the plank: 45 s
        #expect(recorder.items[2].performed.sets == [PerformedSet(reps: 0, duration: 45)])
        #expect(recorder.prompt == .confirmSave, "every row is done: the form asks to save")
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.outcome == .save)
        #expect(recorder.started == start.timeIntervalSince1970)
        #expect(recorder.ended == end.timeIntervalSince1970, "the times given, not the time of the last key")
        #expect(recorder.performed.flatMap(\.sets).allSatisfy { $0.repTimes == nil && $0.rest == nil })
        #expect(recorder.performed.flatMap(\.sets).filter { $0.duration != nil }.count == 1, "only the plank's time")
    }

    @Test func undoInTheFormTakesBackASetOrAPass() {
        var clock = Clock()
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", realTime: false, items: [Self.item("Prensa", "3x12@80kg")],
            at: clock.now, until: clock.now.addingTimeInterval(60))
        recorder.handle(.enter, at: clock.advance(1))
        recorder.handle(.character("s"), at: clock.advance(1))
        #expect(recorder.items[0].done == 2)
        recorder.handle(.character("u"), at: clock.advance(1))
        #expect(recorder.items[0].done == 1 && recorder.items[0].skipped == 0)
        recorder.handle(.character("u"), at: clock.advance(1))
        #expect(recorder.items[0].performed.sets.isEmpty)
        // Escape clears a half-typed set; letters are commands only when nothing is typed.
        Self.type("1", into: &recorder, clock: &clock)
        recorder.handle(.character("x"), at: clock.advance(1))
        #expect(recorder.input == "1x")
        recorder.handle(.escape, at: clock.advance(1))
        #expect(recorder.input.isEmpty && recorder.prompt == nil)
    }

    @Test func aRecorderFromAnEarlierVersionStillDecodes() throws {
        let old = """
            {"id":"01a203ef-2d76-7b0d-be37-f6d7fdf962c2","client":"01a203ef-2d76-7b0d-be37-f6d7fdf962c3",
            "clientName":"Bea","realTime":true,"free":false,"started":1800000000,"selected":0,"setType":"normal",
            "repTimes":[],"pausedTotal":0,"input":"","undoLog":[0],"outcome":"recording",
            "items":[{"performed":{"name":"Prensa","sets":[{"type":"normal","reps":3,"weight":0,"unit":"kg"}]},
            "previous":[]}]}
            """
        let recorder = try JSONDecoder().decode(SessionRecorder.self, from: Data(old.utf8))
        #expect(recorder.items[0].performed.sets.count == 1)
        #expect(recorder.items[0].count == .reps)
    }
}

extension RecorderPlanTests {
    @Test func aCorrectionRetypesASetOfAFinishedSession() {
        var clock = Clock()
        var recorder = SessionRecorder(
            client: UUID(), clientName: "Bea", realTime: false,
            items: [
                SessionRecorder.Item(
                    performed: PerformedExercise(
                        name: "Prensa", sets: [PerformedSet(reps: 10, weight: 80), PerformedSet(reps: 8, weight: 80)]))
            ], at: clock.now, until: clock.now.addingTimeInterval(600), correcting: true)
        recorder.handle(.character("e"), at: clock.advance(1))
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.input == "8x80kg")
        for _ in 0..<6 { recorder.handle(.backspace, at: clock.advance(0.1)) }
        Self.type("9x82.5kg", into: &recorder, clock: &clock)
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.prompt == nil)
        #expect(recorder.message == "set 2 of Prensa is now 9x82.5kg")
        recorder.handle(.escape, at: clock.advance(1))
        recorder.handle(.character("q"), at: clock.advance(1))
        #expect(recorder.prompt == .confirmSave)
        recorder.handle(.enter, at: clock.advance(1))
        #expect(recorder.outcome == .save)
        #expect(recorder.performed[0].sets.map(\.reps) == [10, 9])
    }
}

extension RecorderPlanTests {
    @Test func aDistanceExerciseHoldsMetresNotRepsAndKilograms() {
        var clock = Clock()
        var form = SessionRecorder(
            client: UUID(), clientName: "Bea", realTime: false,
            items: [Self.item("Rower", "2x2000m", count: .distance)], at: clock.now,
            until: clock.now.addingTimeInterval(900))
        #expect(form.items[0].target == PerformedSet(reps: 0, distance: 2000))
        form.handle(.enter, at: clock.advance(1))
        Self.type("1800m@7:30", into: &form, clock: &clock)
        form.handle(.enter, at: clock.advance(1))
        #expect(
            form.items[0].performed.sets == [
                PerformedSet(reps: 0, distance: 2000), PerformedSet(reps: 0, duration: 450, distance: 1800),
            ])
        #expect(SessionRecorder.text(of: form.items[0].performed.sets[1]) == "1800m@450s")
        // In real time the stopwatch times the planned distance.
        var live = SessionRecorder(
            client: UUID(), clientName: "Bea", items: [Self.item("Rower", "1x2000m", count: .distance)],
            at: clock.now)
        live.handle(.space, at: clock.advance(1))
        live.handle(.enter, at: clock.advance(420))
        #expect(live.items[0].performed.sets.first?.distance == 2000)
        #expect(live.items[0].performed.sets.first?.duration == 420)
    }
}
