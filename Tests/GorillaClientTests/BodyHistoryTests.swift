import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// A client's measurements as `measurements list` and `stats` read them: days, BMI from the nearest height, goal.
@Suite struct BodyHistoryTests {
    /// A measurement, read as the cache reads the document it holds.
    static func entry(
        _ date: String, _ values: [String: Double], id: UUID = UUID.v7()
    ) -> Stored<GorillaShared.Measurement> {
        var data: [String: JSONValue] = ["client": "0193a7c2-0000-7000-8000-0000000c1e01", "date": .string(date)]
        for (field, value) in values { data[field] = .number(value) }
        return LocalCache.stored(CachedEntity(id: id, kind: "measurement", data: data, version: 1, deleted: false))!
    }

    @Test func eachWeightUsesTheHeightMeasuredNearestInTime() throws {
        let history = BodyHistory([
            Self.entry("2026-06-01", ["height": 180]),
            Self.entry("2026-05-20", ["weight": 85]),
            Self.entry("2026-01-01", ["height": 170]),
            Self.entry("2026-02-01", ["weight": 72.25]),
            Self.entry("2026-09-01", ["weight": 90, "height": 178]),
        ])
        #expect(history.entries.map(\.day) == ["2026-01-01", "2026-02-01", "2026-05-20", "2026-06-01", "2026-09-01"])
        let february = try #require(history.entries[1].bmi)
        #expect(february.height == 170 && february.heightDate.description == "2026-01-01" && !february.ownHeight)
        #expect(abs(february.value - 25) < 0.001)
        // The height taken twelve days later is nearer than the one of four months before.
        let may = try #require(history.entries[2].bmi)
        #expect(may.height == 180 && may.heightDate.description == "2026-06-01")
        #expect(abs(may.value - 26.23) < 0.01)
        // An entry with its own height uses it, though another is as near.
        let september = try #require(history.entries[4].bmi)
        #expect(september.ownHeight && september.height == 178)
        #expect(BodyText.bmi(may) == "26.2 (overweight, height 180 cm of 2026-06-01)")
        #expect(BodyText.bmi(september).hasPrefix("28.4 (overweight)"))
    }

    @Test func twoHeightsAsNearGiveTheEarlierOne() throws {
        let history = BodyHistory([
            Self.entry("2026-03-11", ["height": 181]), Self.entry("2026-03-01", ["height": 179]),
            Self.entry("2026-03-06", ["weight": 80]),
        ])
        #expect(history.entries[1].bmi?.height == 179)
    }

    @Test func aWeightWithoutAnyHeightHasNoBMI() {
        let history = BodyHistory([Self.entry("2026-03-06", ["weight": 80, "waist": 84])])
        #expect(history.entries[0].bmi == nil)
        #expect(history.latestWeight?.value(.weight) == 80)
    }

    @Test func anEntryStoredAsAnInstantIsOnTheDayWrittenInIt() throws {
        // Stored by a device before measurements had calendar days: read in UTC, whatever this device's zone.
        let history = BodyHistory([
            Self.entry("2026-11-19T23:00:00.000Z", ["weight": 80]), Self.entry("2026-11-19", ["height": 180]),
            Self.entry("2026-11-20", ["weight": 79]),
        ])
        #expect(history.entries.map(\.day) == ["2026-11-19", "2026-11-19", "2026-11-20"])
        let entry = try #require(history.entries.first { $0.value(.weight) == 80 })
        let record = try #require(try JSONValue.encode(entry.record(goalWeight: nil)).objectValue)
        #expect(record["date"] == "2026-11-19")
        #expect(record["bmiHeightDate"] == "2026-11-19")
    }

    @Test func theGoalSaysHowMuchIsLeftToLoseOrGain() throws {
        let history = BodyHistory([Self.entry("2026-11-20", ["weight": 80])], goalWeight: 75)
        #expect(history.toGoal(from: 80) == -5)
        #expect(BodyText.goal(75, from: 80) == "75 kg: 5 kg to lose")
        #expect(BodyText.goal(82.5, from: 80) == "82.5 kg: 2.5 kg to gain")
        #expect(BodyText.goal(80, from: 80.02) == "80 kg: reached")
        let record = try #require(try JSONValue.encode(history.entries[0].record(goalWeight: 75)).objectValue)
        #expect(record["goalWeight"] == 75 && record["toGoal"] == -5)
    }

    @Test func theListShowsOnlyTheFiguresRecorded() {
        let history = BodyHistory(
            [Self.entry("2026-11-20", ["weight": 80, "height": 180, "bodyFat": 18.5, "calf": 38])], goalWeight: 75)
        let text = MeasurementList(client: "Bea Puig", history: history).text(for: Viewer(width: nil))
        #expect(text.contains("goal weight 75 kg: 5 kg to lose (80 kg on 2026-11-20)"), "\(text)")
        #expect(text.contains("FAT %") && text.contains("CALF") && !text.contains("WAIST"), "\(text)")
        #expect(text.contains("18.5") && text.contains("24.7 (normal)"), "\(text)")
    }
}
