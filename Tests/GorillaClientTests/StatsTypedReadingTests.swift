import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// Statistics read sessions as ``TrainingSession``: ids are compared as ids, whatever case a document holds them in.
@Suite struct StatsTypedReadingTests {
    static let plank = "0193a7c2-0000-7000-8000-00000000a7c1"

    @Test func anExerciseNamedByAnUpperCaseIDIsCountedAsTheCatalogueSays() throws {
        let calculator = StatsCalculator(
            unit: "kg", now: try StatsTests.utc("2026-03-11T12:00:00Z"), timeZone: TimeZone(identifier: "UTC")!,
            counts: [Self.plank: .time])
        // Stored by a device that wrote the id in upper case (the server kept the case it was sent in).
        let session = StatsTests.session(
            "2026-03-02T18:30:00.000Z",
            exercises: [(Self.plank.uppercased(), "Plank", [StatsTests.set(1, 0, duration: 45)])])
        let sets = calculator.sets(of: [session])
        #expect(sets.map(\.count) == [.time])
        #expect(sets.map(\.exerciseKey) == [Self.plank])
        let figures = try #require(calculator.exercise(sets))
        #expect(figures.count == CountMode.time.rawValue)
        #expect(figures.bestDuration == 45)
    }

    @Test func anAppointmentNamedByAnUpperCaseIDIsFulfilledByItsSession() throws {
        let calculator = try StatsTests.calculator()
        let appointment = UUID.v7()
        let session = StatsTests.session(
            "2026-03-02T18:30:00.000Z", event: appointment.key.uppercased(),
            exercises: [(nil, "Squat", [StatsTests.set(5, 100)])])
        let event = StatsTests.event("2026-03-02T18:00:00.000Z", id: appointment)
        let overview = calculator.overview(sessions: [session], events: [event])
        #expect(overview.attendance.done == 1 && overview.attendance.missed == 0)
    }
}
