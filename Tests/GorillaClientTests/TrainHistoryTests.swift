import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// Last time's sets in the train view, however an exercise enters the session, and `--repeat last` carrying the
/// training's plan: the recorder and the service on a device without a server, with a clock the test moves by hand.
@Suite struct TrainHistoryTests {
    typealias Clock = RecorderTests.Clock

    static func device() async throws -> OfflineDevice {
        let device = try OfflineDevice()
        _ = try await device.app.addClient(name: "Nuria", surname: "Puig")
        return device
    }

    static func type(_ text: String, into recorder: inout SessionRecorder, clock: inout Clock) {
        RecorderPlanTests.type(text, into: &recorder, clock: &clock)
    }

    /// The frame as plain text, 120 × 40.
    static func screen(_ recorder: SessionRecorder, at now: Date) -> String {
        TrainScreen.render(recorder, at: now, style: .plain)
    }

    @Test func anExerciseAddedWithAInAFreeSessionStartsFromLastTime() async throws {
        let device = try await Self.device()
        _ = try await device.app.addExercise(name: "Sentadilla", ExerciseFields())
        _ = try await device.app.logSession(
            SessionLogRequest(client: "Nuria", date: "2030-03-01 10:00", sets: ["Sentadilla: 8x100kg, 6x105kg"]))
        var clock = Clock()
        var recorder = try await device.app.startTraining(TrainRequest(client: "Nuria", free: true), at: clock.now)
        recorder.handle(.character("a"), at: clock.advance(1))
        Self.type("sentadilla", into: &recorder, clock: &clock)
        recorder.handle(.enter, at: clock.advance(1))
        let item = try #require(recorder.items.first)
        #expect(item.performed.name == "Sentadilla")
        #expect(item.previous.map(\.weight) == [100, 105], "last time's sets, as for an exercise of the plan")
        #expect(item.target == PerformedSet(reps: 8, weight: 100))
        #expect(recorder.nextWeight(0) == (100, .kg))
        let screen = Self.screen(recorder, at: clock.now)
        #expect(screen.contains("8 × 100 kg, 6 × 105 kg"), "\(screen)")
        #expect(screen.contains("Set 1 · Sentadilla  Normal  100 kg"), "\(screen)")
        // The set recorded starts from last time's load.
        RecorderPlanTests.set(8, &recorder, &clock)
        #expect(recorder.items[0].performed.sets.first?.weight == 100)
        #expect(recorder.items[0].target == PerformedSet(reps: 6, weight: 105))
        _ = try await device.app.finishTraining(try TrainStartTests.discarded(recorder))
    }

    @Test func repeatLastCarriesTheTrainingsPlanRestAndGroupAndItsTargetIsWhatItRecords() async throws {
        let device = try await Self.device()
        for name in ["Prensa", "Curl"] { _ = try await device.app.addExercise(name: name, ExerciseFields()) }
        _ = try await device.app.addTraining(
            name: "Cames", exercises: [], plans: ["Prensa: 3x8 rest 90s group A", "Curl: 3x10 group A"])
        _ = try await device.app.logSession(
            SessionLogRequest(
                client: "Nuria", training: "Cames", date: "2030-03-01 10:00",
                sets: ["Prensa: 8x50kg, 8x52.5kg, 8x55kg", "Curl: 10x12kg, 10x12kg, 10x12kg"]))
        var clock = Clock()
        var recorder = try await device.app.startTraining(
            TrainRequest(client: "Nuria", repeating: .last), at: clock.now)
        #expect(recorder.trainingName == "Cames")
        #expect(recorder.items.map(\.performed.name) == ["Prensa", "Curl"])
        #expect(recorder.items.map(\.group) == ["A", "A"], "the superset is kept")
        #expect(recorder.items[0].plan?.rest == 90, "the rest timer is kept")
        #expect(recorder.items[0].previous.map(\.weight) == [50, 52.5, 55])
        RecorderPlanTests.set(8, &recorder, &clock)
        #expect(recorder.restTarget == 90)
        #expect(recorder.selected == 1, "the superset takes turns")
        RecorderPlanTests.set(10, &recorder, &clock)
        #expect(recorder.selected == 0)
        // Set 2 of Prensa: the target shown and the load recorded are one number, last time's second set.
        #expect(recorder.items[0].target?.weight == 52.5)
        #expect(recorder.nextWeight(0) == (52.5, .kg))
        let screen = Self.screen(recorder, at: clock.now)
        #expect(screen.contains("Normal  52.5 kg   target 8 × 52.5 kg"), "\(screen)")
        RecorderPlanTests.set(8, &recorder, &clock)
        #expect(recorder.items[0].performed.sets.map(\.weight) == [50, 52.5])
        _ = try await device.app.finishTraining(try TrainStartTests.discarded(recorder))
    }

    @Test func repeatingASessionWithoutATrainingStartsFromItsSets() async throws {
        let device = try await Self.device()
        _ = try await device.app.logSession(
            SessionLogRequest(client: "Nuria", date: "2030-03-01 10:00", sets: ["Remo: 10x40kg"], allowNew: true))
        let recorder = try await device.app.startTraining(TrainRequest(client: "Nuria", repeating: .last))
        #expect(recorder.training == nil)
        #expect(recorder.items.map(\.performed.name) == ["Remo"])
        #expect(recorder.items[0].target == PerformedSet(reps: 10, weight: 40))
        _ = try await device.app.finishTraining(try TrainStartTests.discarded(recorder))
    }
}
