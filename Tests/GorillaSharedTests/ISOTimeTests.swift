import Foundation
import GorillaShared
import Testing

@Suite struct ISOTimeTests {
    /// Known instants and their UTC text (checked against `date -u`).
    static let known: [(TimeInterval, String)] = [
        (0, "1970-01-01T00:00:00.000Z"),
        (1_709_209_496, "2024-02-29T12:24:56.000Z"),
        (951_782_400, "2000-02-29T00:00:00.000Z"),
        (-14_182_940, "1969-07-20T20:17:40.000Z"),
        (-2_203_891_200, "1900-03-01T00:00:00.000Z"),
        (-11_670_912_001, "1600-02-29T23:59:59.000Z"),
        (-1.5, "1969-12-31T23:59:58.500Z"),
        (-0.001, "1969-12-31T23:59:59.999Z"),
    ]

    @Test(arguments: known)
    func formatsKnownInstants(seconds: TimeInterval, text: String) {
        #expect(ISOTime.format(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test(arguments: known)
    func parsesKnownInstants(seconds: TimeInterval, text: String) throws {
        let parsed = try #require(ISOTime.parse(text))
        #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    /// Millisecond instants and their text (checked against `date -u`): format names them exactly,
    /// and parsing the text gives back the same millisecond.
    static let milliseconds: [(Int64, String)] = [
        (1_709_209_496_789, "2024-02-29T12:24:56.789Z"),
        (1_700_000_000_123, "2023-11-14T22:13:20.123Z"),
        (1_700_000_000_001, "2023-11-14T22:13:20.001Z"),
        (1_700_000_000_999, "2023-11-14T22:13:20.999Z"),
        (951_825_599_999, "2000-02-29T11:59:59.999Z"),
        (171_255_510_175, "1975-06-06T02:58:30.175Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-14_182_939_877, "1969-07-20T20:17:40.123Z"),
        (-2_208_988_799_544, "1900-01-01T00:00:00.456Z"),
        (-11_670_911_999_679, "1600-03-01T00:00:00.321Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ]

    @Test(arguments: milliseconds)
    func roundTripsToTheMillisecond(millis: Int64, text: String) throws {
        let date = Date(timeIntervalSince1970: Double(millis) / 1000)
        #expect(ISOTime.format(date) == text)
        let parsed = try #require(ISOTime.parse(text))
        #expect(abs(parsed.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.000_5)
        #expect(ISOTime.format(parsed) == text, "\(text) came back as \(ISOTime.format(parsed))")
    }

    @Test func everyMillisecondOfASweepFormatsAsItself() throws {
        // A fixed pseudo-random walk over 1800–2200, so that a failure is reproducible.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var formattedWrong: [String] = []
        var reparsedWrong: [String] = []
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let millis = Int64(state >> 1) % 12_623_040_000_000 - 5_364_662_400_000
            let text = ISOTime.format(Date(timeIntervalSince1970: Double(millis) / 1000))
            let expected = String(format: ".%03lldZ", (millis % 1000 + 1000) % 1000)
            if !text.hasSuffix(expected) { formattedWrong.append("\(millis) → \(text)") }
            let again = ISOTime.parse(text).map(ISOTime.format)
            if again != text { reparsedWrong.append("\(text) → \(again ?? "nil")") }
        }
        #expect(
            formattedWrong.count == 0,
            "\(formattedWrong.count) of 5000 instants format a millisecond early, e.g. \(formattedWrong.prefix(3))")
        #expect(
            reparsedWrong.count == 0,
            "\(reparsedWrong.count) of 5000 texts change when parsed and formatted again, e.g. \(reparsedWrong.prefix(3))"
        )
    }

    @Test func formatKeepsMillisecondsOnly() {
        #expect(ISOTime.format(Date(timeIntervalSince1970: 1.000_4)) == "1970-01-01T00:00:01.000Z")
        #expect(ISOTime.format(Date(timeIntervalSince1970: 1.250_2)) == "1970-01-01T00:00:01.250Z")
    }

    @Test func wireCodingRoundTripsDates() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let stamp = Stamp(at: Date(timeIntervalSince1970: 1_709_209_496.5))
        let data = try WireCoding.encoder.encode(stamp)
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2024-02-29T12:24:56.500Z"}"#)
        #expect(try WireCoding.decoder.decode(Stamp.self, from: data) == stamp)
        #expect(throws: DecodingError.self) {
            try WireCoding.decoder.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }

    @Test func parseAcceptsZuluAndOffsets() throws {
        let zulu = try #require(ISOTime.parse("2024-02-29T12:24:56Z"))
        #expect(zulu.timeIntervalSince1970 == 1_709_209_496)
        let plusTwo = try #require(ISOTime.parse("2024-02-29T14:24:56+02:00"))
        #expect(plusTwo == zulu)
        let minusFiveThirty = try #require(ISOTime.parse("2024-02-29T06:54:56-05:30"))
        #expect(minusFiveThirty == zulu)
        let noZone = try #require(ISOTime.parse("2024-02-29T12:24:56"))
        #expect(noZone == zulu)
        let space = try #require(ISOTime.parse("2024-02-29 12:24:56Z"))
        #expect(space == zulu)
        let fraction = try #require(ISOTime.parse("2024-02-29T12:24:56.25+00:00"))
        #expect(fraction.timeIntervalSince1970 == 1_709_209_496.25)
        let crossingMidnight = try #require(ISOTime.parse("2024-03-01T01:00:00+02:00"))
        #expect(ISOTime.format(crossingMidnight) == "2024-02-29T23:00:00.000Z")
    }

    @Test(arguments: [
        "", "garbage", "2024-02-29", "2024-02-29T12:24", "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z",
        "2024-02-32T00:00:00Z", "2024-02-29T24:00:00Z", "2024-02-29T12:60:00Z", "2024/02/29T12:24:56Z",
        "2024-02-29T12:24:56.Z", "2024-02-29T12:24:56ZZ", "2024-02-29T12:24:56+0200", "2024-02-29T12:24:56+02",
        "2024-02-29T12:24:56 UTC", "2024-02-29T12:24:5xZ", "２０２４-02-29T12:24:56Z", "2024-02-29T12:24:56Z ",
    ])
    func parseRejectsGarbage(text: String) {
        #expect(ISOTime.parse(text) == nil)
    }

    /// A time that does not exist is refused, never moved to one that does (`2026-02-30` is not March 2).
    @Test(arguments: [
        "2026-02-30T10:00:00Z", "2025-02-29T10:00:00Z", "1900-02-29T10:00:00Z", "2026-04-31T10:00:00Z",
        "2026-06-31T00:00:00Z",
        "0000-01-01T00:00:00Z", "0000-02-29T12:00:00Z", "2026-01-01T00:00:00+99:99", "2026-01-01T00:00:00+24:00",
        "2026-01-01T00:00:00-00:60", "2026-12-31T23:59:60Z",
    ])
    func impossibleTimesAreRefused(text: String) {
        #expect(ISOTime.parse(text) == nil)
    }

    @Test(arguments: [
        "2024-02-29T10:00:00Z", "2000-02-29T10:00:00Z", "2026-04-30T10:00:00Z", "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999Z",
        "2026-01-01T00:00:00+14:00", "2026-01-01T00:00:00-23:59",
    ])
    func timesAtTheEdgesAreRead(text: String) {
        #expect(ISOTime.parse(text) != nil)
    }

    /// The one rule both sides call, and the words it gives a person.
    @Test func theCalendarRuleNamesTheProblem() {
        #expect(ISOTime.dateProblem(year: 2026, month: 2, day: 30) == "February 2026 has 28 days")
        #expect(ISOTime.dateProblem(year: 2024, month: 2, day: 29) == nil)
        #expect(ISOTime.dateProblem(year: 2026, month: 4, day: 31) == "April 2026 has 30 days")
        #expect(ISOTime.dateProblem(year: 0, month: 1, day: 1) != nil)
        #expect(ISOTime.dateProblem(year: 2026, month: 13, day: 1) != nil)
        #expect(ISOTime.dateProblem(year: 2026, month: 1, day: 0) != nil)
        #expect(ISOTime.daysIn(month: 2, year: 2000) == 29 && ISOTime.daysIn(month: 2, year: 2100) == 28)
    }

    /// `WireCoding.decoder` reads dates with the same rule.
    @Test func theDecoderRefusesImpossibleDates() {
        struct Stamp: Decodable { let at: Date }
        for text in ["2026-02-30T10:00:00Z", "0000-01-01T00:00:00Z", "2026-01-01T00:00:00+99:99"] {
            #expect(throws: DecodingError.self) {
                try WireCoding.decoder.decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8))
            }
        }
    }
}
