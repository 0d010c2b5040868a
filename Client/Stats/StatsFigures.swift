import Foundation
import GorillaShared

/// Kilograms per pound (exact).
public let kilogramsPerPound = 0.45359237

/// One set as the statistics see it: weight in kg whatever unit it was entered in.
public struct StatSet: Sendable, Equatable {
    public var date: Date
    public var session: UUID
    public var exerciseKey: String
    public var exerciseName: String
    public var position: Int
    public var type: String
    public var reps: Int
    /// Weight in kg.
    public var weightKg: Double
    /// The weight and unit as entered.
    public var weight: Double
    public var unit: String
    public var duration: Double?
    public var realtime: Bool
    /// How the exercise is counted (from the catalogue; repetitions when unknown).
    public var count: CountMode = .reps
    /// Metres, when the set's document holds a distance.
    public var distance: Double? = nil

    /// Epley: `weight × (1 + reps / 30)` for reps ≥ 2, the weight itself for a single rep, 0 for none.
    public var e1rm: Double {
        if reps <= 0 { return 0 }
        return reps == 1 ? weightKg : weightKg * (1 + Double(reps) / 30)
    }

    /// Weight × reps, in kg.
    public var volume: Double { weightKg * Double(reps) }

    /// Whether the set is a warm-up: it counts in totals, never towards bests or records.
    public var isWarmup: Bool { type == SetType.warmup.rawValue }
}

/// A personal record: what it was and when it was first reached.
public struct PersonalRecord: Codable, Sendable, Equatable {
    /// `weight`, `e1rm`, `reps`, `volume`, `duration` (seconds), `distance` (metres), or `range`: the heaviest set
    /// in a range of repetitions.
    public var kind: String
    /// The value, in the display unit for weights.
    public var value: Double
    /// The start of the session that set it.
    public var date: Date
    /// A `range` record's repetitions.
    public var reps: Int? = nil
    /// A `range` record's range of repetitions: "1", "2-3", …, "16+".
    public var range: String? = nil

    private enum CodingKeys: String, CodingKey {
        case kind, value, date, reps, range
    }

    /// Written with its value rounded to its meaning: an e1RM to 0.1, a weight, volume or distance to 0.01 (a weight
    /// converted from pounds would otherwise carry every digit of the conversion).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        let places = kind == "e1rm" ? 10.0 : 100.0
        try container.encode((value * places).rounded() / places, forKey: .value)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(reps, forKey: .reps)
        try container.encodeIfPresent(range, forKey: .range)
    }
}

/// The ranges of repetitions that each keep a record of their heaviest set.
public enum RepRange {
    /// The ranges, lowest first: lower bound and upper bound (nil: no upper bound).
    public static let all: [(lower: Int, upper: Int?)] = [(1, 1), (2, 3), (4, 6), (7, 10), (11, 15), (16, nil)]

    /// "1", "2-3", "16+", or nil for no repetitions.
    public static func label(for reps: Int) -> String? {
        guard let range = all.first(where: { reps >= $0.lower && reps <= ($0.upper ?? .max) }) else { return nil }
        return range.upper == range.lower
            ? "\(range.lower)"
            : range.upper.map { "\(range.lower)-\($0)" } ?? "\(range.lower)+"
    }

    /// The place of `label` in `all` (for ordering).
    static func order(of label: String?) -> Int {
        all.firstIndex { label == Self.label(for: $0.lower) } ?? all.count
    }
}

/// The figures of one exercise for one client.
public struct ExerciseStats: Codable, Sendable, Equatable {
    public var exercise: String
    /// How the exercise is counted: `reps`, `time` or `distance`.
    public var count: String
    public var sessions: Int
    /// Heaviest weight of a working set (warm-ups left out), in the display unit.
    public var bestWeight: Double
    public var bestReps: Int
    /// Longest set, in seconds.
    public var bestDuration: Double?
    /// Longest distance of a set, in metres.
    public var bestDistance: Double?
    /// Best estimated one-repetition maximum (Epley), in the display unit.
    public var e1rm: Double
    /// Σ weight × reps over all sets (warm-ups included), in the display unit.
    public var volume: Double
    public var unit: String
    /// One point per session, oldest first: date, volume, best e1RM, best weight.
    public var perSession: [SessionPoint]
    /// The current record of each measure, with the date it was set.
    public var records: [PersonalRecord]
    /// The current record of each range of repetitions (`RepRange`), lowest range first.
    public var rangeRecords: [PersonalRecord]
    /// Every improvement of a measure's record, oldest first.
    public var history: [PersonalRecord]
    /// Volume of the last session minus the one before (nil with fewer than two sessions).
    public var volumeChange: Double?
    public var e1rmChange: Double?

    /// One session's figures.
    public struct SessionPoint: Codable, Sendable, Equatable {
        public var date: Date
        public var volume: Double
        public var e1rm: Double
        public var bestWeight: Double
        /// Longest working set, in seconds.
        public var bestDuration: Double? = nil
        /// Longest working set, in metres.
        public var bestDistance: Double? = nil
    }
}

/// How figures name a week in `--json`: `start`, the instant it begins with the viewer's offset
/// (`2026-11-23T00:00:00+01:00`), and `week`, its Monday in the viewer's time zone (`2026-11-23`), as the text and the
/// charts label it.
enum WeekJSON {
    static func start(_ date: Date) -> String { EventFormatting.localISO(date) }
    static func week(_ date: Date) -> String { CalendarDate(date, in: .current).description }
}

/// The overview of one client.
public struct ClientOverview: Codable, Sendable, Equatable {
    public var sessions: Int
    /// Sessions per week for the last 12 weeks, oldest first (the last entry is this week).
    public var perWeek: [Int]
    /// The day each of those weeks starts (its Monday, at midnight in the viewer's time zone).
    public var weekStarts: [Date]
    /// The day the first of those weeks starts.
    public var firstWeek: Date? { weekStarts.first }
    public var lastTrained: Date?
    public var attendance: Attendance
    /// Seconds trained (end − start − paused), over sessions that have an end.
    public var trainingTime: Double
    /// Seconds under tension: Σ every set's duration, as `SessionTotals` counts it for `sessions show`.
    public var timeUnderTension: Double
    public var exercises: [ExerciseStats]
    /// Working sets and volume per muscle group, week by week.
    public var muscles: [MuscleStats] = []

    /// Events done, missed, cancelled and still to come.
    public struct Attendance: Codable, Sendable, Equatable {
        public var done: Int
        public var missed: Int
        public var cancelled: Int
        public var upcoming: Int
    }
}
