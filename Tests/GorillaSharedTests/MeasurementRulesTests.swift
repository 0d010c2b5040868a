import Foundation
import GorillaShared
import Testing

/// The rules of a body measurement that the CLI and the server share: its calendar day and the ranges of its figures.
@Suite struct MeasurementRulesTests {
    @Test func aCalendarDayReadsTheSameInEveryTimeZone() throws {
        let day = try #require(CalendarDate("2026-11-20"))
        #expect(day.description == "2026-11-20")
        for zone in ["Europe/Madrid", "UTC", "America/Los_Angeles", "Pacific/Kiritimati"] {
            let start = day.start(in: try #require(TimeZone(identifier: zone)))
            #expect(CalendarDate(start, in: try #require(TimeZone(identifier: zone))) == day, "\(zone)")
        }
        #expect(try JSONValue.encode(day) == "2026-11-20")
    }

    @Test func anInstantStoredBeforeCalendarDaysIsReadAsTheDayWrittenInIt() {
        // In UTC when it says Z (how every earlier device stored it), in its own offset when it carries one.
        #expect(CalendarDate("2026-11-19T23:00:00.000Z")?.description == "2026-11-19")
        #expect(CalendarDate("2026-11-20T00:00:00+01:00")?.description == "2026-11-20")
        #expect(CalendarDate("2026-11-20T08:00:00Z")?.description == "2026-11-20")
    }

    @Test(arguments: [
        "2026-02-30", "0000-01-01", "2026-13-01", "20261120", "2026-11-2", "2026-11-20T25:00:00Z", "today", "",
    ])
    func somethingThatIsNoDayIsRefused(_ text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test func daysAreOrderedAndCounted() throws {
        let first = try #require(CalendarDate("2026-02-27"))
        let second = try #require(CalendarDate("2026-03-02"))
        #expect(first < second)
        #expect(first.distance(to: second) == 3 && second.distance(to: first) == 3)
    }

    @Test func anImplausibleFigureNamesItsRangeAndIsAcceptedWhenForced() throws {
        let short = try #require(BodyMeasure.height.problem(with: 30))
        #expect(short.forceable)
        #expect(short.message(naming: "--height") == "--height 30 cm is outside the plausible range 100–250 cm")
        #expect(BodyMeasure.height.problem(with: 30, forced: true) == nil)
        let heavy = try #require(BodyMeasure.weight.problem(with: 600))
        #expect(heavy.message(naming: "--weight").contains("20–400 kg"))
        #expect(!heavy.message(naming: "--weight").contains("positive"))
        #expect(BodyMeasure.bodyFat.problem(with: 1.5)?.range == "2–70 %")
        #expect(BodyMeasure.weight.problem(with: 72.5) == nil)
    }

    @Test func aFigureBeyondItsLimitsIsRefusedEvenWhenForced() throws {
        for measure in BodyMeasure.allCases {
            #expect(measure.range.lowerBound <= measure.plausible.lowerBound, "\(measure)")
            #expect(measure.range.upperBound >= measure.plausible.upperBound, "\(measure)")
            let beyond = try #require(measure.problem(with: measure.range.upperBound + 1, forced: true))
            #expect(!beyond.forceable)
            #expect(measure.problem(with: .nan, forced: true) != nil)
        }
        #expect(
            BodyMeasure.weight.problem(with: 800, forced: true)?.message(naming: "--weight")
                == "--weight 800 kg is beyond what can be recorded (1–700 kg)")
    }

    @Test func everyFigureIsAFieldOfTheDocument() throws {
        var values: [BodyMeasure: Double] = [:]
        for (index, measure) in BodyMeasure.allCases.enumerated() { values[measure] = Double(40 + index) }
        let day = try #require(CalendarDate("2026-11-20"))
        let measurement = GorillaShared.Measurement(client: UUID(), date: day, values: values, note: "after holidays")
        let document = measurement.document
        #expect(document["date"] == "2026-11-20")
        #expect(document["bodyFat"] == .number(42) && document["calf"] != nil && document["neck"] != nil)
        #expect(try GorillaShared.Measurement(document: document) == measurement)
        #expect(GorillaShared.Measurement.fieldNames.isSuperset(of: BodyMeasure.allCases.map(\.rawValue)))
        #expect(BodyMeasure(named: "body-fat") == .bodyFat && BodyMeasure(named: "Forearm") == .forearm)
    }
}
