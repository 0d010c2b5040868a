@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
import Testing

@testable import GorillaClient
@testable import GorillaTerminal

/// A session's totals in the units people read them in.
struct SessionTotalsTests {
    static func set(_ reps: Int, _ weight: Double, _ unit: WeightUnit) -> PerformedSet {
        PerformedSet(reps: reps, weight: weight, unit: unit)
    }

    @Test func mixedUnitsAreAddedInTheViewersUnitAndOneUnitStaysAsEntered() {
        let mixed = SessionTotals([
            PerformedExercise(name: "Curl", sets: [Self.set(10, 20, .kg), Self.set(10, 20, .lb)])
        ])
        #expect(abs(mixed.volume(in: .kg) - 290.718474) < 0.000_001)
        #expect(abs(mixed.volume(in: .lb) - (200 / kilogramsPerPound + 200)) < 0.000_001)
        #expect(mixed.volumeText(in: .kg) == "290.72 kg")
        #expect(mixed.volumeText(in: .lb) == "640.92 lb")

        let pounds = SessionTotals([PerformedExercise(name: "Curl", sets: [Self.set(10, 20, .lb)])])
        #expect(pounds.volumeText(in: .kg) == "200 lb")
        #expect(SessionTotals([]).volumeText(in: .kg) == "0")
    }
}
