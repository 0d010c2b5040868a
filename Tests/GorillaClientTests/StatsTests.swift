import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The statistics of `gorilla stats`: pure computations over hand-made session and event documents.
@Suite struct StatsTests {
    // MARK: Fixtures

    static let bench = "0193a7c2-0000-7000-8000-00000000b001"
    static let client = "0193a7c2-0000-7000-8000-0000000c1e01"

    /// One set as a session document holds it.
    static func set(
        _ reps: Int, _ weight: Double, _ unit: String = "kg", type: String = "normal",
        duration: Double? = nil, repTimes: [Double]? = nil
    ) -> JSONValue {
        var object: [String: JSONValue] = [
            "reps": .number(Double(reps)), "weight": .number(weight), "unit": .string(unit),
            "type": .string(type),
        ]
        if let duration { object["duration"] = .number(duration) }
        if let repTimes { object["repTimes"] = .array(repTimes.map(JSONValue.number)) }
        return .object(object)
    }

    /// A session, read as the cache reads the document it holds after a pull.
    static func session(
        _ start: String, end: String? = nil, paused: Double = 0, mode: String = "handsfree",
        event: String? = nil, exercises: [(key: String?, name: String, sets: [JSONValue])]
    ) -> Stored<TrainingSession> {
        var data: [String: JSONValue] = [
            "client": .string(client), "mode": .string(mode), "start": .string(start), "paused": .number(paused),
            "exercises": .array(
                exercises.map { exercise in
                    var object: [String: JSONValue] = [
                        "name": .string(exercise.name),
                        "sets": .array(
                            exercise.sets.enumerated().map { index, set in
                                var object = set.objectValue ?? [:]
                                object["position"] = .number(Double(index + 1))
                                return .object(object)
                            }),
                    ]
                    if let key = exercise.key { object["exercise"] = .string(key) }
                    return .object(object)
                }),
        ]
        if let end { data["end"] = .string(end) }
        if let event { data["event"] = .string(event) }
        return LocalCache.stored(CachedEntity(id: UUID.v7(), kind: "session", data: data, version: 1, deleted: false))!
    }

    /// An appointment, read as the cache reads the document it holds.
    static func event(_ start: String, status: String? = nil, id: UUID = UUID.v7()) -> Stored<Event> {
        var data: [String: JSONValue] = ["client": .string(client), "start": .string(start), "duration": 60]
        if let status { data["status"] = .string(status) }
        return LocalCache.stored(CachedEntity(id: id, kind: "event", data: data, version: 1, deleted: false))!
    }

    /// The hand-computed fixture: two sessions of one exercise.
    ///
    /// Session 1: 12×80 kg (e1RM 112), 10×85 kg (e1RM 113.33); volume 960 + 850 = 1810.
    /// Session 2: 10×90 kg (e1RM 120), 8×95 kg (e1RM 120.33); volume 900 + 760 = 1660.
    static var twoBenchSessions: [Stored<TrainingSession>] {
        [
            session("2026-03-02T18:30:00.000Z", exercises: [(bench, "Bench press", [set(12, 80), set(10, 85)])]),
            session("2026-03-09T18:30:00.000Z", exercises: [(bench, "Bench press", [set(10, 90), set(8, 95)])]),
        ]
    }

    static func utc(_ text: String) throws -> Date { try #require(ISOTime.parse(text)) }

    static func calculator(unit: String = "kg", now: String = "2026-03-11T12:00:00Z") throws -> StatsCalculator {
        StatsCalculator(unit: unit, now: try utc(now), timeZone: TimeZone(identifier: "UTC")!)
    }

    // MARK: Exercise figures

    @Test func twoSessionsGiveTheHandComputedFigures() throws {
        let calculator = try Self.calculator()
        let figures = try #require(calculator.exercise(calculator.sets(of: Self.twoBenchSessions)))
        #expect(figures.exercise == "Bench press")
        #expect(figures.sessions == 2)
        #expect(figures.bestWeight == 95)
        #expect(abs(figures.e1rm - 120.33) <= 0.01)
        #expect(figures.volume == 3470)
        #expect(figures.bestReps == 12)
        #expect(figures.unit == "kg")
        #expect(figures.volumeChange == -150)  // (900 + 760) − (960 + 850)
        #expect(abs((figures.e1rmChange ?? .nan) - 7) <= 0.01)  // 120.33 − 113.33

        #expect(figures.perSession.map(\.volume) == [1810, 1660])
        #expect(figures.perSession.map(\.bestWeight) == [85, 95])
        let expectedE1rm: [Double] = [85 * (1 + 10.0 / 30), 95 * (1 + 8.0 / 30)]
        let e1rms = figures.perSession.map(\.e1rm)
        #expect(e1rms.count == 2)
        for (seen, expected) in zip(e1rms, expectedE1rm) { #expect(abs(seen - expected) < 1e-9) }
        #expect(
            figures.perSession.map(\.date) == [
                try Self.utc("2026-03-02T18:30:00Z"), try Self.utc("2026-03-09T18:30:00Z"),
            ])
    }

    @Test func recordHistoryIsTheFirstSessionsFiguresThenEachImprovement() throws {
        // Before `--history`, `records` held these steps; they now live in `history`.
        let calculator = try Self.calculator()
        let figures = try #require(calculator.exercise(calculator.sets(of: Self.twoBenchSessions)))
        let first = try Self.utc("2026-03-02T18:30:00Z"), second = try Self.utc("2026-03-09T18:30:00Z")
        #expect(figures.history.map(\.kind) == ["weight", "e1rm", "reps", "volume", "weight", "e1rm"])
        #expect(figures.history.map(\.date) == [first, first, first, first, second, second])
        #expect(figures.history[0].value == 85)
        #expect(figures.history[2].value == 12)
        #expect(figures.history[3].value == 1810)
        #expect(figures.history[4].value == 95)
        #expect(abs(figures.history[5].value - 120.333) < 0.001)
    }

    @Test func personalRecordsAreTheCurrentRecordOfEachMeasureWithTheDateItWasSet() throws {
        let calculator = try Self.calculator()
        let figures = try #require(calculator.exercise(calculator.sets(of: Self.twoBenchSessions)))
        let first = try Self.utc("2026-03-02T18:30:00Z"), second = try Self.utc("2026-03-09T18:30:00Z")
        #expect(figures.records.map(\.kind) == ["weight", "e1rm", "reps", "volume"])
        #expect(figures.records.map(\.value) == [95, 120.3, 12, 1810])  // e1RM rounded to 0.1
        #expect(figures.records.map(\.date) == [second, second, first, first])
    }

    @Test func nineSessionsOfProgressGiveOneRecordPerMeasureAndPerRangeOfReps() throws {
        let calculator = try Self.calculator()
        let sessions = (1...9).map { day in
            Self.session(
                "2026-03-0\(day)T18:30:00Z",
                exercises: [
                    (
                        Self.bench, "Bench press",
                        [Self.set(12 + day, 60 + Double(day)), Self.set(5, 80 + 2.5 * Double(day))]
                    )
                ])
        }
        let figures = try #require(calculator.exercise(calculator.sets(of: sessions)))
        #expect(figures.history.count >= 25, "every step: \(figures.history.count)")
        #expect(figures.records.count == 4)
        let last = try Self.utc("2026-03-09T18:30:00Z")
        #expect(figures.records.allSatisfy { $0.date == last })
        // 5 reps fall in 4-6; 13-21 reps in 11-15 (up to 15 on day 3) and 16+ (from day 4).
        #expect(figures.rangeRecords.map(\.range) == ["4-6", "11-15", "16+"])
        #expect(figures.rangeRecords.map(\.value) == [102.5, 63, 69])
        #expect(figures.rangeRecords.map(\.reps) == [5, 15, 21])
        #expect(figures.rangeRecords.map(\.date) == [last, try Self.utc("2026-03-03T18:30:00Z"), last])
        #expect(RepRange.label(for: 1) == "1" && RepRange.label(for: 3) == "2-3" && RepRange.label(for: 10) == "7-10")
        #expect(RepRange.label(for: 0) == nil)

        let stats = ClientStats(client: "Bea", unit: "kg", figures: .exercise(figures))
        let text = stats.text(for: Viewer())
        let records = text.components(separatedBy: "personal records")[1].split(separator: "\n")
        #expect(records.count <= 12, "\(text)")
        #expect(text.contains("4–6 reps") && text.contains("102.5 kg × 5") && text.contains("2026-03-09"), "\(text)")
        #expect(!text.contains("record history"))
        let history = ClientStats(client: "Bea", unit: "kg", figures: .exercise(figures), showsHistory: true)
            .text(for: Viewer())
        #expect(history.contains("record history:"), "\(history)")
        #expect(history.split(separator: "\n").count >= text.split(separator: "\n").count + 25)
    }

    @Test func warmUpSetsNeverCountTowardsBestsOrRecordsButStayInVolume() throws {
        let calculator = try Self.calculator()
        let sessions = [
            Self.session(
                "2026-03-02T18:30:00Z",
                exercises: [(Self.bench, "Bench press", [Self.set(20, 40, type: "warmup"), Self.set(5, 80)])]),
            Self.session(
                "2026-03-09T18:30:00Z",
                exercises: [(Self.bench, "Bench press", [Self.set(1, 120, type: "warmup"), Self.set(5, 85)])]),
        ]
        let figures = try #require(calculator.exercise(calculator.sets(of: sessions)))
        #expect(figures.bestWeight == 85)
        #expect(figures.bestReps == 5)
        #expect(abs(figures.e1rm - 85 * (1 + 5.0 / 30)) <= 0.01)
        #expect(figures.volume == 800 + 400 + 120 + 425, "totals keep warm-ups")
        #expect(figures.perSession.map(\.bestWeight) == [80, 85])
        #expect(!figures.records.contains { $0.value == 120 || $0.value == 20 }, "\(figures.records)")
        #expect(figures.records.first { $0.kind == "volume" }?.value == 425)
        #expect(!figures.history.contains { $0.value == 120 || $0.value == 20 }, "\(figures.history)")
        #expect(figures.rangeRecords.map(\.range) == ["4-6"])
    }

    @Test func exercisesCountedByTimeShowDurationsNotZeroWeightsOrReps() throws {
        let plank = "0193a7c2-0000-7000-8000-00000000b002"
        let calculator = StatsCalculator(
            unit: "kg", now: try Self.utc("2026-03-11T12:00:00Z"), timeZone: TimeZone(identifier: "UTC")!,
            counts: [plank: .time])
        let sessions = [
            Self.session("2026-03-02T18:30:00Z", exercises: [(plank, "Plank", [Self.set(1, 0, duration: 45)])]),
            Self.session("2026-03-09T18:30:00Z", exercises: [(plank, "Plank", [Self.set(0, 0, duration: 75)])]),
        ]
        let figures = try #require(calculator.exercise(calculator.sets(of: sessions)))
        #expect(figures.count == "time")
        #expect(figures.bestDuration == 75)
        #expect(figures.records.map(\.kind) == ["duration"])
        #expect(figures.records.first?.value == 75)
        #expect(figures.rangeRecords.isEmpty)
        #expect(figures.perSession.map(\.bestDuration) == [45, 75])
        let text = ClientStats(client: "Bea", unit: "kg", figures: .exercise(figures)).text(for: Viewer())
        #expect(text.contains("longest duration") && text.contains("1:15"), "\(text)")
        for absent in ["e1RM", " kg", "best reps", "most reps"] { #expect(!text.contains(absent), "\(text)") }
        let overview = calculator.overview(sessions: sessions, events: [])
        let table = ClientStats(client: "Bea", unit: "kg", figures: .overview(overview, bodyWeight: []))
            .text(for: Viewer())
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("Plank") })
        #expect(row.contains("1:15") && !row.contains(" 0 "), "\(row)")
    }

    @Test func mixedUnitsOfRecordsAndTotalsAreShownInTheViewersUnit() throws {
        let calculator = try Self.calculator(unit: "lb")
        let sets = calculator.sets(of: [
            Self.session(
                "2026-03-02T18:30:00Z",
                exercises: [(Self.bench, "Bench press", [Self.set(5, 100), Self.set(5, 200, "lb")])])
        ])
        let figures = try #require(calculator.exercise(sets))
        let heaviest = 100 / kilogramsPerPound  // 220.46 lb
        #expect(abs(figures.volume - (5 * heaviest + 1000)) <= 0.01)
        #expect(abs((figures.records.first { $0.kind == "volume" }?.value ?? 0) - (5 * heaviest + 1000)) <= 0.01)
        #expect(figures.rangeRecords.map(\.value) == [220.46])
        let text = ClientStats(client: "Bea", unit: "lb", figures: .exercise(figures)).text(for: Viewer())
        #expect(text.contains("220.5 lb × 5"), "\(text)")
        #expect(!text.contains(" kg"), "\(text)")
    }

    @Test func aSingleRepsEstimatedMaximumIsItsWeight() throws {
        let calculator = try Self.calculator()
        let sets = calculator.sets(of: [
            Self.session("2026-03-02T18:30:00Z", exercises: [(Self.bench, "Bench press", [Self.set(1, 140)])])
        ])
        #expect(sets.first?.e1rm == 140)
        let figures = try #require(calculator.exercise(sets))
        #expect(figures.e1rm == 140)
        #expect(figures.bestWeight == 140)
        #expect(figures.volume == 140)
        // Two reps already use Epley: 140 × (1 + 2/30).
        let two = calculator.sets(of: [
            Self.session("2026-03-02T18:30:00Z", exercises: [(Self.bench, "Bench press", [Self.set(2, 140)])])
        ])
        #expect(abs((two.first?.e1rm ?? 0) - 149.333) < 0.001)
    }

    @Test func setsWithoutRepsCountForNothingAndNeverMakeNaN() throws {
        let calculator = try Self.calculator()
        let sets = calculator.sets(of: [
            Self.session("2026-03-02T18:30:00Z", exercises: [(nil, "Plank", [Self.set(0, 0), Self.set(0, 20)])])
        ])
        #expect(sets.map(\.e1rm) == [0, 0])
        let figures = try #require(calculator.exercise(sets))
        #expect(figures.e1rm == 0)
        #expect(figures.volume == 0)
        #expect(figures.bestWeight == 20)
        #expect([figures.e1rm, figures.volume, figures.bestWeight].allSatisfy { $0.isFinite })
        _ = try JSONEncoder().encode(figures)
    }

    @Test func setsEnteredInPoundsAreConvertedToKilograms() throws {
        let calculator = try Self.calculator()
        let sets = calculator.sets(of: [
            Self.session("2026-03-02T18:30:00Z", exercises: [(nil, "Curl", [Self.set(5, 100, "lb")])])
        ])
        let set = try #require(sets.first)
        #expect(abs(set.weightKg - 45.359237) < 1e-9)
        #expect(set.weight == 100)
        #expect(set.unit == "lb")
        let figures = try #require(calculator.exercise(sets))
        #expect(figures.unit == "kg")
        #expect(figures.bestWeight == 45.36)
        #expect(abs(figures.volume - 226.80) <= 0.01)  // 5 × 45.359237
        #expect(abs(figures.e1rm - 45.359237 * (1 + 5.0 / 30)) <= 0.01)  // 52.92
    }

    @Test func aPoundCalculatorShowsKilogramSetsInPounds() throws {
        let calculator = try Self.calculator(unit: "lb")
        let figures = try #require(calculator.exercise(calculator.sets(of: Self.twoBenchSessions)))
        #expect(figures.unit == "lb")
        #expect(abs(figures.bestWeight - 95 / kilogramsPerPound) <= 0.01)  // 209.44
        #expect(abs(figures.e1rm - (95 * (1 + 8.0 / 30)) / kilogramsPerPound) <= 0.01)
        #expect(abs(figures.volume - 3470 / kilogramsPerPound) <= 0.01)
        #expect(abs((figures.volumeChange ?? 0) - (-150 / kilogramsPerPound)) <= 0.01)
        #expect(figures.bestReps == 12)  // reps are not a weight
        #expect(abs(calculator.display(45.359237) - 100) < 1e-9)
    }

    @Test func poundsEnteredAndShownInPoundsStayTheSame() throws {
        let calculator = try Self.calculator(unit: "lb")
        let sets = calculator.sets(of: [
            Self.session(
                "2026-03-02T18:30:00Z", exercises: [(nil, "Curl", [Self.set(5, 100, "lb"), Self.set(3, 135, "lb")])])
        ])
        let figures = try #require(calculator.exercise(sets))
        #expect(figures.bestWeight == 135)
        #expect(figures.volume == 905)  // 500 + 405
    }

    @Test func mixedUnitsOfOneExerciseCompareInKilograms() throws {
        let calculator = try Self.calculator()
        // 100 kg is heavier than 200 lb (90.72 kg), though 200 > 100.
        let sets = calculator.sets(of: [
            Self.session(
                "2026-03-02T18:30:00Z",
                exercises: [(Self.bench, "Bench press", [Self.set(1, 200, "lb"), Self.set(1, 100)])])
        ])
        #expect(try #require(calculator.exercise(sets)).bestWeight == 100)
    }

    @Test func setsAreFilteredByTheSessionStart() throws {
        let calculator = try Self.calculator()
        let from = try Self.utc("2026-03-05T00:00:00Z")
        let sets = calculator.sets(of: Self.twoBenchSessions, from: from)
        #expect(sets.map(\.weight) == [90, 95])
        let until = calculator.sets(of: Self.twoBenchSessions, to: try Self.utc("2026-03-09T18:30:00Z"))
        #expect(until.map(\.weight) == [80, 85], "`to` is exclusive")
        #expect(
            calculator.exercise(calculator.sets(of: Self.twoBenchSessions, from: try Self.utc("2027-01-01T00:00:00Z")))
                == nil)
    }

    @Test func exercisesWithoutACatalogueIdAreGroupedByNameIgnoringCase() throws {
        let calculator = try Self.calculator()
        let sessions = [
            Self.session("2026-03-02T18:30:00Z", exercises: [(nil, "Crunch", [Self.set(20, 0)])]),
            Self.session("2026-03-03T18:30:00Z", exercises: [(nil, "crunch", [Self.set(25, 0)])]),
        ]
        let overview = calculator.overview(sessions: sessions, events: [])
        #expect(overview.exercises.count == 1)
        #expect(overview.exercises.first?.sessions == 2)
        #expect(overview.exercises.first?.bestReps == 25)
    }

    // MARK: Overview

    @Test func emptyHistoryGivesZerosWithoutNaNOrInfinity() throws {
        let calculator = try Self.calculator()
        #expect(calculator.exercise([]) == nil)
        let overview = calculator.overview(sessions: [], events: [])
        #expect(overview.sessions == 0)
        #expect(overview.perWeek == Array(repeating: 0, count: 12))
        #expect(overview.lastTrained == nil)
        #expect(overview.trainingTime == 0)
        #expect(overview.timeUnderTension == 0)
        #expect(overview.exercises.isEmpty)
        #expect(overview.attendance == .init(done: 0, missed: 0, cancelled: 0, upcoming: 0))
        // JSONEncoder throws on NaN and infinity: encoding proves there are none.
        let json = String(decoding: try JSONEncoder().encode(overview), as: UTF8.self)
        #expect(!json.lowercased().contains("nan") && !json.lowercased().contains("inf"))

        // A session without sets, end or a valid start is no trouble either.
        let unreadable = CachedEntity(
            id: UUID.v7(), kind: "session", data: ["start": "not a date"], version: 1, deleted: false)
        let odd = [Self.session("2026-03-10T10:00:00Z", exercises: [])] + [unreadable].compactMap(LocalCache.stored)
        let sparse = calculator.overview(sessions: odd, events: [])
        #expect(sparse.sessions == 1)
        #expect(sparse.trainingTime == 0)
        #expect(sparse.exercises.isEmpty)
        _ = try JSONEncoder().encode(sparse)
    }

    @Test func sessionsPerWeekFallInTheirISOWeekCountingBackFromNow() throws {
        // Now: Wednesday 2026-03-11 12:00 UTC; this week began on Monday 2026-03-09.
        let calculator = try Self.calculator(now: "2026-03-11T12:00:00Z")
        let starts = [
            "2026-03-10T18:00:00Z",  // this week
            "2026-03-09T00:30:00Z",  // this week, its first hour
            "2026-03-08T23:30:00Z",  // Sunday: last week
            "2026-03-02T10:00:00Z",  // last week
            "2026-02-23T10:00:00Z",  // two weeks ago
            "2025-12-22T08:00:00Z",  // Monday eleven weeks ago: the oldest bucket (across the new year)
            "2025-12-21T08:00:00Z",  // twelve weeks ago: left out
            "2026-03-16T08:00:00Z",  // next week: left out
        ]
        let overview = calculator.overview(sessions: starts.map { Self.session($0, exercises: []) }, events: [])
        #expect(overview.perWeek == [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 2])
        #expect(overview.sessions == starts.count)
        #expect(overview.lastTrained == (try Self.utc("2026-03-16T08:00:00Z")))
    }

    @Test func attendanceCountsDoneMissedCancelledAndUpcoming() throws {
        let calculator = try Self.calculator(now: "2026-03-11T12:00:00Z")
        let attended = UUID.v7()
        let events = [
            Self.event("2026-03-02T18:30:00Z", status: "done"),  // done by status
            Self.event("2026-03-04T18:30:00Z", status: "scheduled", id: attended),  // done: a session refers to it
            Self.event("2026-03-06T18:30:00Z", status: "scheduled"),  // missed
            Self.event("2026-03-07T18:30:00Z"),  // missed (no status)
            Self.event("2026-03-08T18:30:00Z", status: "cancelled"),  // cancelled
            Self.event("2026-03-20T18:30:00Z", status: "cancelled"),  // cancelled, in the future
            Self.event("2026-03-12T18:30:00Z", status: "scheduled"),  // upcoming
            Self.event("2026-04-01T18:30:00Z"),  // upcoming
        ]
        let sessions = [Self.session("2026-03-04T18:35:00Z", event: attended.uuidString.lowercased(), exercises: [])]
        let attendance = calculator.overview(sessions: sessions, events: events).attendance
        #expect(attendance == .init(done: 2, missed: 2, cancelled: 2, upcoming: 2))
    }

    @Test func trainingTimeLeavesOutPausesAndTimeUnderTensionCountsEverySetLikeSessionsShow() throws {
        let calculator = try Self.calculator()
        let sessions = [
            Self.session(
                "2026-03-02T18:00:00Z", end: "2026-03-02T19:00:00Z", paused: 600, mode: "realtime",
                exercises: [
                    (
                        nil, "Prensa",
                        [Self.set(12, 80, duration: 40, repTimes: [3, 6, 9]), Self.set(10, 85, duration: 38)]
                    )
                ]),
            Self.session(
                "2026-03-03T18:00:00Z", end: "2026-03-03T18:30:00Z", mode: "handsfree",
                exercises: [(nil, "Prensa", [Self.set(10, 90, duration: 50)])]),
            Self.session(
                "2026-03-04T18:00:00Z", mode: "realtime", exercises: [(nil, "Prensa", [Self.set(10, 90, duration: 12)])]
            ),
        ]
        let overview = calculator.overview(sessions: sessions, events: [])
        #expect(overview.trainingTime == 3000 + 1800)  // (3600 − 600) + 1800; the session without an end adds nothing
        // Every set's duration, hands-free ones too (before: real-time sets only, 40 + 38 + 12).
        #expect(overview.timeUnderTension == 40 + 38 + 50 + 12)
        let shown = sessions.reduce(0) { $0 + SessionTotals($1.exercises).tension }
        #expect(overview.timeUnderTension == shown)
        #expect(overview.exercises.first?.bestDuration == 50)
    }

    @Test func theOverviewHonoursItsDateRange() throws {
        let calculator = try Self.calculator()
        let overview = calculator.overview(
            sessions: Self.twoBenchSessions, events: [],
            from: try Self.utc("2026-03-05T00:00:00Z"), to: try Self.utc("2026-03-10T00:00:00Z"))
        #expect(overview.sessions == 1)
        #expect(overview.exercises.first?.volume == 1660)
        #expect(overview.exercises.first?.sessions == 1)
        #expect(overview.exercises.first?.volumeChange == nil)
    }

    // MARK: BMI

    @Test func bodyMassIndexAndItsCategory() throws {
        let normal = try #require(BMI.value(weightKg: 70, heightCm: 175))
        #expect(abs(normal - 22.86) <= 0.005)
        #expect(BMI.category(normal) == "normal")
        let heavy = try #require(BMI.value(weightKg: 95, heightCm: 175))
        #expect(String(format: "%.1f", heavy) == "31.0")
        #expect(BMI.category(heavy) == "obesity class I")
        let light = try #require(BMI.value(weightKg: 50, heightCm: 175))
        #expect(abs(light - 16.33) <= 0.005)
        #expect(BMI.category(light) == "underweight")
    }

    @Test func bodyMassIndexCategoryBoundariesBelongToTheHigherCategory() {
        #expect(BMI.category(18.49) == "underweight")
        #expect(BMI.category(18.5) == "normal")
        #expect(BMI.category(24.99) == "normal")
        #expect(BMI.category(25) == "overweight")
        #expect(BMI.category(30) == "obesity class I")
        #expect(BMI.category(35) == "obesity class II")
        #expect(BMI.category(40) == "obesity class III")
    }

    @Test func bodyMassIndexNeedsAPositiveWeightAndHeight() {
        #expect(BMI.value(weightKg: 70, heightCm: 0) == nil)
        #expect(BMI.value(weightKg: 0, heightCm: 175) == nil)
        #expect(BMI.value(weightKg: -70, heightCm: 175) == nil)
        #expect(BMI.value(weightKg: 70, heightCm: -175) == nil)
    }

    // MARK: Text charts

    @Test func sparklinesStartAtZero() {
        // 6 sets a week then 4 is two thirds, not a fall to nothing.
        #expect(TextCharts.sparkline([6, 4]) == "█▆")
        #expect(TextCharts.sparkline([0, 7, 7]) == "▁██")
        #expect(TextCharts.sparkline([1, 2, 3, 4, 5, 6, 7]) == "▂▃▄▅▆▇█")
        #expect(TextCharts.sparkline([]) == "")
        #expect(TextCharts.sparkline([5, 5, 5]) == "███")
        #expect(TextCharts.sparkline([0, 0]) == "▁▁")
        #expect(TextCharts.sparkline(Array(repeating: 1, count: 30) + [2], width: 10).count == 10)
        // Anything above zero stands above the lowest block.
        #expect(TextCharts.sparkline([1, 100]) == "▂█")
    }

    @Test func scalesTickInRoundStepsWholeForCountsAndNearTheDataForProgress() {
        let counts = ChartScale([0, 1, 3, 2], fromZero: true, whole: true)
        #expect(counts.low == 0 && counts.step == 1 && counts.ticks == [0, 1, 2, 3])
        #expect(ChartScale([0, 0], fromZero: true, whole: true).ticks == [0, 1], "no fractions of a session")
        let progress = ChartScale([113.3, 120.3, 125.5], fromZero: false, whole: false)
        #expect(progress.low >= 100 && progress.low <= 113.3, "starts near the data, not at zero: \(progress)")
        #expect(progress.high >= 125.5 && progress.high <= 140)
        #expect(progress.ticks.allSatisfy { ($0 / progress.step).rounded() * progress.step == $0 })
        #expect([1, 2, 5, 10, 20, 0.5, 0.2].contains(progress.step))
    }

    @Test func barsCountFromZeroInWholeUnits() {
        let points: [(label: String, value: Double)] = [("11-02", 1), ("11-09", 0), ("11-16", 3)]
        let chart = TextCharts.bars(points, title: "sessions per week", unit: "sessions", height: 3)
        let lines = chart.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "sessions per week (sessions)")
        #expect(lines[1].hasPrefix(" 3┤") && lines[1].hasSuffix("┤  █"), "\(chart)")
        #expect(lines[3].hasSuffix("┤█ █"), "\(chart)")
        #expect(lines[4].hasPrefix(" 0└"), "\(chart)")
        #expect(!chart.contains("."), "whole units only: \(chart)")
        #expect(TextCharts.bars([], title: "e1RM", unit: "kg") == "e1RM: no data")
    }

    @Test func aLineChartPlacesEachPointAtItsDate() throws {
        let day = 86_400.0
        let start = try #require(ISOTime.parse("2026-03-02T10:00:00Z"))
        // Two sessions a day apart, then one three weeks later: the gap shows on the time axis.
        let points: [(date: Date, value: Double)] = [
            (start, 100), (start.addingTimeInterval(day), 105), (start.addingTimeInterval(22 * day), 120),
        ]
        let chart = TextCharts.line(points, title: "estimated 1RM", unit: "kg", width: 50, height: 6)
        let lines = chart.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let plot = lines[1...6].map { String($0.split(separator: "┤", maxSplits: 1).last ?? "") }
        let columns = plot.map { line in
            line.indices.filter { line[$0] == "●" }.map { line.distance(from: line.startIndex, to: $0) }
        }
        let placed = columns.flatMap { $0 }.sorted()
        #expect(placed.count == 3, "\(chart)")
        #expect(placed[1] - placed[0] <= 3 && placed[2] - placed[1] > 30, "days apart stay close: \(chart)")
        let rowOf = { (column: Int) in columns.firstIndex { $0.contains(column) }! }
        #expect(rowOf(placed[2]) < rowOf(placed[1]) && rowOf(placed[1]) <= rowOf(placed[0]), "higher is up: \(chart)")
        let labels = lines[1...6].compactMap {
            Double($0.split(separator: "┤").first?.trimmingCharacters(in: .whitespaces) ?? "")
        }
        #expect(labels.count >= 2 && labels.allSatisfy { $0 >= 90 && $0 <= 130 }, "ticks near the data: \(chart)")
        #expect(lines.last?.contains("2026-03-") == true && lines.last?.contains("2026-03-2") == true, "\(chart)")
        #expect(TextCharts.line([], title: "e1RM", unit: "kg") == "e1RM: no data")
    }

    // MARK: SVG

    /// Collects the elements of an SVG document: names, attributes and text.
    final class SVGReader: NSObject, XMLParserDelegate {
        struct Element { var name: String; var attributes: [String: String]; var text = "" }
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(Element(name: name, attributes: attributes))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        static func read(_ svg: String) throws -> [Element] {
            let reader = SVGReader()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = reader
            let parsed = parser.parse()
            try #require(parsed, "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
            return reader.elements
        }
    }

    static func dated(_ values: [(String, Double)]) -> [(date: Date, value: Double)] {
        values.map { (ISOTime.parse($0.0 + "T10:00:00Z")!, $0.1) }
    }

    @Test func svgLineChartIsWellFormedAndPlacesEveryValueAtItsDate() throws {
        let points = Self.dated([
            ("2026-03-02", 113.33), ("2026-03-04", 120.33), ("2026-03-16", 118), ("2026-03-23", 125.5),
        ])
        let svg = SVGChart.line(points, title: "Bench press — estimated 1RM, Bea", unit: "kg")
        let elements = try SVGReader.read(svg)
        #expect(elements.first?.name == "svg")
        #expect(elements.first(where: { $0.name == "title" })?.text == "Bench press — estimated 1RM, Bea")

        let texts = elements.filter { $0.name == "text" }.map(\.text)
        #expect(texts.contains("Bench press — estimated 1RM, Bea"))
        #expect(texts.contains("kg"), "the y axis names the unit")
        #expect(texts.contains("2026-03-02") && texts.contains("2026-03-23"), "the time axis runs first to last day")
        #expect(elements.filter { $0.name == "line" && $0.attributes["class"] == "axis" }.count == 2)
        let ticks = elements.filter { $0.attributes["class"] == "tick" }.compactMap { Double($0.text) }
        #expect(ticks.count >= 3 && ticks.min()! >= 100 && ticks.min()! <= 113.33, "the axis starts near the data")

        let circles = elements.filter { $0.name == "circle" }
        #expect(circles.count == points.count)
        #expect(
            circles.compactMap { $0.attributes["data-value"].flatMap(Double.init) }.enumerated()
                .allSatisfy { abs($0.element - points[$0.offset].value) <= 0.05 })
        let xs = circles.compactMap { $0.attributes["cx"].flatMap(Double.init) }
        let ys = circles.compactMap { $0.attributes["cy"].flatMap(Double.init) }
        #expect(xs == xs.sorted())
        // x follows time: 2 days between the first two, 7 between the last two.
        #expect(abs((xs[1] - xs[0]) / (xs[3] - xs[2]) - 2.0 / 7.0) < 0.01, "\(xs)")
        for i in points.indices {
            for j in points.indices where points[i].value > points[j].value { #expect(ys[i] < ys[j]) }
        }
        let polyline = try #require(elements.first { $0.name == "polyline" })
        #expect(try #require(polyline.attributes["points"]).split(separator: " ").count == points.count)
    }

    @Test func svgBarsCountFromZeroInWholeNumbers() throws {
        let elements = try SVGReader.read(
            SVGChart.bars([("11-02", 1), ("11-09", 0), ("11-16", 3)], title: "Sessions per week", unit: "sessions"))
        let bars = elements.filter { $0.name == "rect" && $0.attributes["class"] == "bar" }
        #expect(bars.compactMap { $0.attributes["data-value"] } == ["1", "0", "3"])
        let heights = bars.compactMap { $0.attributes["height"].flatMap(Double.init) }
        #expect(heights[1] == 0 && abs(heights[2] - 3 * heights[0]) < 0.2)
        let ticks = elements.filter { $0.attributes["class"] == "tick" }.map(\.text)
        #expect(ticks == ["0", "1", "2", "3"])
    }

    @Test func svgBarsLabelEveryBarAndShowItsValue() throws {
        // Twelve muscle groups with long names: none is left without its label, and each bar says its value.
        let points = (1...12).map { (label: "muscle group \($0)", value: Double($0) / 2) }
        let elements = try SVGReader.read(SVGChart.bars(points, title: "Sets per week", unit: "sets"))
        let labels = elements.filter { $0.name == "text" && $0.attributes["class"] == "date" }.map(\.text)
        #expect(labels == points.map(\.label))
        let values = elements.filter { $0.name == "text" && $0.attributes["class"] == "value" }.map(\.text)
        #expect(values == points.map { TextCharts.written($0.value) })
    }

    @Test func svgEscapesMarkupInTitlesAndLabelsAndSurvivesEdgeCases() throws {
        let title = #"Curl <EZ> & "bar" — Bea's"#
        let elements = try SVGReader.read(SVGChart.bars([("<1>", 5), ("a&b", 7)], title: title, unit: "kg & <lb>"))
        #expect(elements.first(where: { $0.name == "title" })?.text == title)
        #expect(elements.filter { $0.name == "text" }.map(\.text).contains("kg & <lb>"))
        #expect(elements.filter { $0.name == "rect" }.compactMap { $0.attributes["data-label"] } == ["<1>", "a&b"])

        for values: [(String, Double)] in [
            [], [("2026-01-01", 42)], [("2026-01-01", 0), ("2026-01-02", 0)], [("2026-01-01", -5), ("2026-01-01", 5)],
        ] {
            let svg = SVGChart.line(Self.dated(values), title: "t", unit: "u")
            #expect(!svg.lowercased().contains("nan") && !svg.lowercased().contains("inf"), "\(values)")
            let parsed = try SVGReader.read(svg)
            #expect(
                parsed.filter { $0.name == "circle" }.compactMap { $0.attributes["data-value"].flatMap(Double.init) }
                    == values.map(\.1))
        }
    }
}
