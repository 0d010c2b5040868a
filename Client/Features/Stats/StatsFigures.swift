import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// One set as the statistics see it: weight in kg whatever unit it was entered in.
package struct StatSet: Sendable, Equatable {
    package var date: Date
    package var session: UUID
    package var exerciseKey: String
    package var exerciseName: String
    package var position: Int
    package var type: String
    package var reps: Int
    /// Weight in kg.
    package var weightKg: Double
    /// The weight and unit as entered.
    package var weight: Double
    package var unit: String
    package var duration: Double?
    package var realtime: Bool
    /// How the exercise is counted (from the catalogue; repetitions when unknown).
    package var count: CountMode = .reps
    /// Metres, when the set's document holds a distance.
    package var distance: Double? = nil

    /// The set's estimated one-repetition maximum in kg (``Strength/e1RM(weight:reps:)``).
    package var e1rm: Double { Strength.e1RM(weight: weightKg, reps: reps) }

    /// Weight × reps, in kg.
    package var volume: Double { weightKg * Double(reps) }

    /// Whether the set is a warm-up: it counts in totals, never towards bests or records.
    package var isWarmup: Bool { type == SetType.warmup.rawValue }
}

/// A personal record: what it was and when it was first reached.
package struct PersonalRecord: Codable, Sendable, Equatable {
    /// `weight`, `e1rm`, `reps`, `volume`, `duration` (seconds), `distance` (metres), or `range`: the heaviest set
    /// in a range of repetitions.
    package var kind: String
    /// The value, in the display unit for weights.
    package var value: Double
    /// The start of the session that set it.
    package var date: Date
    /// A `range` record's repetitions.
    package var reps: Int? = nil
    /// A `range` record's range of repetitions: "1", "2-3", …, "16+".
    package var range: String? = nil

    private enum CodingKeys: String, CodingKey {
        case kind, value, date, reps, range
    }

    /// Written with its value rounded to its meaning: an e1RM to 0.1, a weight, volume or distance to 0.01 (a weight
    /// converted from pounds would otherwise carry every digit of the conversion).
    package func encode(to encoder: any Encoder) throws {
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
package enum RepRange {
    /// The ranges, lowest first: lower bound and upper bound (nil: no upper bound).
    package static let all: [(lower: Int, upper: Int?)] = [(1, 1), (2, 3), (4, 6), (7, 10), (11, 15), (16, nil)]

    /// "1", "2-3", "16+", or nil for no repetitions.
    package static func label(for reps: Int) -> String? {
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
package struct ExerciseStats: Codable, Sendable, Equatable {
    package var exercise: String
    /// How the exercise is counted: `reps`, `time` or `distance`.
    package var count: String
    package var sessions: Int
    /// Heaviest weight of a working set (warm-ups left out), in the display unit.
    package var bestWeight: Double
    package var bestReps: Int
    /// Longest set, in seconds.
    package var bestDuration: Double?
    /// Longest distance of a set, in metres.
    package var bestDistance: Double?
    /// Best estimated one-repetition maximum (Epley), in the display unit.
    package var e1rm: Double
    /// Σ weight × reps over all sets (warm-ups included), in the display unit.
    package var volume: Double
    package var unit: String
    /// One point per session, oldest first: date, volume, best e1RM, best weight.
    package var perSession: [SessionPoint]
    /// The current record of each measure, with the date it was set.
    package var records: [PersonalRecord]
    /// The current record of each range of repetitions (`RepRange`), lowest range first.
    package var rangeRecords: [PersonalRecord]
    /// Every improvement of a measure's record, oldest first.
    package var history: [PersonalRecord]
    /// Volume of the last session minus the one before (nil with fewer than two sessions).
    package var volumeChange: Double?
    package var e1rmChange: Double?

    /// One session's figures.
    package struct SessionPoint: Codable, Sendable, Equatable {
        package var date: Date
        package var volume: Double
        package var e1rm: Double
        package var bestWeight: Double
        /// Longest working set, in seconds.
        package var bestDuration: Double? = nil
        /// Longest working set, in metres.
        package var bestDistance: Double? = nil
    }
}

/// How figures name a week in `--json`: `start`, the instant it begins with the viewer's offset
/// (`2026-11-23T00:00:00+01:00`), and `week`, its Monday in the viewer's time zone (`2026-11-23`), as the text and the
/// charts label it.
enum WeekJSON {
    package static func start(_ date: Date) -> String { EventFormatting.localISO(date) }
    static func week(_ date: Date) -> String { CalendarDate(date, in: .current).description }
}

/// The overview of one client.
package struct ClientOverview: Codable, Sendable, Equatable {
    package var sessions: Int
    /// Sessions per week for the last 12 weeks, oldest first (the last entry is this week).
    package var perWeek: [Int]
    /// The day each of those weeks starts (its Monday, at midnight in the viewer's time zone).
    package var weekStarts: [Date]
    /// The day the first of those weeks starts.
    package var firstWeek: Date? { weekStarts.first }
    package var lastTrained: Date?
    package var attendance: Attendance
    /// Seconds trained (end − start − paused), over sessions that have an end.
    package var trainingTime: Double
    /// Seconds under tension: Σ every set's duration, as `SessionTotals` counts it for `sessions show`.
    package var timeUnderTension: Double
    package var exercises: [ExerciseStats]
    /// Working sets and volume per muscle group, week by week.
    package var muscles: [MuscleStats] = []

    /// Events done, missed, cancelled and still to come.
    package struct Attendance: Codable, Sendable, Equatable {
        package var done: Int
        package var missed: Int
        package var cancelled: Int
        package var upcoming: Int
    }
}

extension ClientStats {
    /// A muscle group as a person reads it: the exercises' own word, or "unassigned" in the current language.
    package static func muscleName(_ muscle: String) -> String {
        muscle == "unassigned" ? ProgressPhrases.muscleUnassigned.t() : muscle
    }
}
