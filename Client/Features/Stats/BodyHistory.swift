import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A client's measurements read as figures: each on its calendar day, every weight with its BMI from the height
/// nearest in time, and the distance to the client's goal weight.
///
/// Pure: built from cached measurements, so that `measurements list`, `measurements add` and `stats` read them alike.
package struct BodyHistory: Sendable {
    /// One measurement.
    package struct Entry: Sendable {
        /// The measurement as cached.
        package let measurement: Stored<GorillaShared.Measurement>
        /// The BMI of its weight, when a height is known.
        package let bmi: BMIReading?

        /// An entry on its own, without a BMI.
        init(_ measurement: Stored<GorillaShared.Measurement>, bmi: BMIReading? = nil) {
            self.measurement = measurement
            self.bmi = bmi
        }

        /// The measurement's id.
        package var id: UUID { measurement.id }

        /// Its calendar day (one stored as an instant is on the day written in it, ``CalendarDate/init(_:)``).
        package var date: CalendarDate { measurement.date }

        /// The value of one figure.
        package func value(_ measure: BodyMeasure) -> Double? { measurement.value[measure] }

        /// The figures it holds, in the order of ``BodyMeasure``.
        package var figures: [(measure: BodyMeasure, value: Double)] {
            BodyMeasure.allCases.compactMap { measure in value(measure).map { (measure, $0) } }
        }

        /// "2026-11-20".
        package var day: String { date.description }
    }

    /// A BMI and the height it was computed with.
    package struct BMIReading: Sendable, Equatable {
        /// kg / m².
        package let value: Double
        /// The height used, in cm.
        package let height: Double
        /// The day that height was measured.
        package let heightDate: CalendarDate
        /// Whether the height is the entry's own (else the one nearest in time, taken from another entry).
        package let ownHeight: Bool

        /// The WHO adult category, as `--json` writes it.
        package var category: String { BMI.category(value) }
        /// The WHO adult category in the current language.
        package var categoryName: String { BMI.categoryName(value) }
    }

    /// The measurements, oldest first (by day, then in the order they were made).
    package let entries: [Entry]
    /// The client's goal weight in kg, if the coach set one.
    package let goalWeight: Double?

    /// The history of `measurements` (one client's), with their goal weight.
    package init(_ measurements: [Stored<GorillaShared.Measurement>], goalWeight: Double? = nil) {
        let dated = measurements.sorted { lhs, rhs in
            let (left, right) = (lhs.date.daysSinceEpoch, rhs.date.daysSinceEpoch)
            // The same day: time-ordered ids give the order they were made in.
            return left != right ? left < right : lhs.id.key < rhs.id.key
        }
        let heights = dated.compactMap { item -> (id: UUID, date: CalendarDate, height: Double)? in
            item.height.map { (item.id, item.date, $0) }
        }
        entries = dated.map { Entry($0, bmi: Self.bmi(of: $0, heights: heights)) }
        self.goalWeight = goalWeight
    }

    /// The newest entry with a weight.
    package var latestWeight: Entry? { entries.last { $0.value(.weight) != nil } }

    /// What is left to reach the goal from `weight`, in kg: negative to lose, positive to gain; nil without a goal.
    package func toGoal(from weight: Double) -> Double? { goalWeight.map { $0 - weight } }

    /// The BMI of `measurement`'s weight with its own height, else the height measured nearest in time to its day
    /// (the earlier one when two are as near).
    package static func bmi(
        of measurement: Stored<GorillaShared.Measurement>, heights: [(id: UUID, date: CalendarDate, height: Double)]
    ) -> BMIReading? {
        guard let weight = measurement.weight else { return nil }
        let day = measurement.date
        if let own = heights.first(where: { $0.id == measurement.id }) {
            return BMI.value(weightKg: weight, heightCm: own.height).map {
                BMIReading(value: $0, height: own.height, heightDate: own.date, ownHeight: true)
            }
        }
        // `heights` is oldest first, so the first of two as near is the earlier.
        guard let nearest = heights.min(by: { $0.date.distance(to: day) < $1.date.distance(to: day) }) else {
            return nil
        }
        return BMI.value(weightKg: weight, heightCm: nearest.height).map {
            BMIReading(value: $0, height: nearest.height, heightDate: nearest.date, ownHeight: false)
        }
    }
}
