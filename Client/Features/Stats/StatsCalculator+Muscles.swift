import Foundation
import GorillaClientCore
import GorillaShared

/// One muscle group's work over a period: working sets and volume, in total and per week.
package struct MuscleStats: Codable, Sendable, Equatable {
    /// The group the sets of an exercise that names none count for.
    package static let unassigned = "unassigned"

    /// The muscle group, as the exercises name it.
    package var muscle: String
    /// Working sets (warm-ups left out) of the exercises that train it.
    package var sets: Int
    /// Σ weight × reps of those sets, in the display unit.
    package var volume: Double
    /// Sets per week on average over the period.
    package var setsPerWeek: Double
    /// Each week of the period, oldest first.
    package var weeks: [Week]

    /// One week's figures.
    package struct Week: Codable, Sendable, Equatable {
        /// The day the week starts.
        package var start: Date
        package var sets: Int
        package var volume: Double

        private enum EncodingKeys: String, CodingKey { case start, week, sets, volume }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: EncodingKeys.self)
            try container.encode(WeekJSON.start(start), forKey: .start)
            try container.encode(WeekJSON.week(start), forKey: .week)
            try container.encode(sets, forKey: .sets)
            try container.encode(volume, forKey: .volume)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(muscle, forKey: .muscle)
        try container.encode(sets, forKey: .sets)
        try container.encode((volume * 100).rounded() / 100, forKey: .volume)
        try container.encode((setsPerWeek * 10).rounded() / 10, forKey: .setsPerWeek)
        try container.encode(weeks, forKey: .weeks)
    }
}

extension StatsCalculator {
    /// The work per muscle group of `sets`, week by week from the week of `from` (else 11 weeks before this one) to
    /// the week of `to` (else this one). A set counts for every muscle group its exercise names; an exercise that
    /// names none counts as "unassigned".
    package func muscles(
        _ sets: [StatSet], muscles: [String: [String]], from: Date? = nil, to: Date? = nil
    )
        -> [MuscleStats]
    {
        let starts = weekStarts(from: from, to: to)
        var figures: [String: [Int: (sets: Int, volume: Double)]] = [:]
        for set in sets where !set.isWarmup {
            guard let start = calendar.dateInterval(of: .weekOfYear, for: set.date)?.start,
                let index = starts.firstIndex(of: start)
            else { continue }
            let names = muscles[set.exerciseKey].flatMap { $0.isEmpty ? nil : $0 } ?? [MuscleStats.unassigned]
            for name in Set(names.map { $0.lowercased() }) {
                let old = figures[name]?[index] ?? (0, 0)
                figures[name, default: [:]][index] = (old.sets + 1, old.volume + display(set.volume))
            }
        }
        return figures.map { muscle, byWeek in
            let weeks = starts.indices.map { index in
                MuscleStats.Week(
                    start: starts[index], sets: byWeek[index]?.sets ?? 0,
                    volume: ((byWeek[index]?.volume ?? 0) * 100).rounded() / 100)
            }
            let total = weeks.reduce(0) { $0 + $1.sets }
            return MuscleStats(
                muscle: muscle, sets: total, volume: weeks.reduce(0) { $0 + $1.volume },
                setsPerWeek: Double(total) / Double(max(1, weeks.count)), weeks: weeks)
        }.sorted { ($0.sets, $1.muscle) > ($1.sets, $0.muscle) }
    }
}
