import Foundation
import GorillaShared

/// A client's measurements read as figures: each on its calendar day, every weight with its BMI from the height
/// nearest in time, and the distance to the client's goal weight.
///
/// Pure: built from cached documents, so that `measurements list`, `measurements add` and `stats` read them alike.
public struct BodyHistory: Sendable {
    /// One measurement.
    public struct Entry: Sendable {
        /// The measurement as cached.
        public let entity: CachedEntity
        /// Its calendar day (``CalendarDate/init(_:)``); nil only for a document no device could have written.
        public let date: CalendarDate?
        /// The BMI of its weight, when a height is known.
        public let bmi: BMIReading?

        /// An entry on its own, without a BMI.
        init(entity: CachedEntity, date: CalendarDate? = nil, bmi: BMIReading? = nil) {
            self.entity = entity
            self.date = date ?? entity[string: "date"].flatMap(CalendarDate.init)
            self.bmi = bmi
        }

        /// The value of one figure.
        public func value(_ measure: BodyMeasure) -> Double? { entity.data[measure.rawValue]?.doubleValue }

        /// The figures it holds, in the order of ``BodyMeasure``.
        public var figures: [(measure: BodyMeasure, value: Double)] {
            BodyMeasure.allCases.compactMap { measure in value(measure).map { (measure, $0) } }
        }

        /// "2026-11-20" (the stored text if it is no date).
        public var day: String { date?.description ?? entity[string: "date"] ?? "" }
    }

    /// A BMI and the height it was computed with.
    public struct BMIReading: Sendable, Equatable {
        /// kg / m².
        public let value: Double
        /// The height used, in cm.
        public let height: Double
        /// The day that height was measured.
        public let heightDate: CalendarDate
        /// Whether the height is the entry's own (else the one nearest in time, taken from another entry).
        public let ownHeight: Bool

        /// The WHO adult category, as `--json` writes it.
        public var category: String { BMI.category(value) }
        /// The WHO adult category in the current language.
        public var categoryName: String { BMI.categoryName(value) }
    }

    /// The measurements, oldest first (by day, then in the order they were made).
    public let entries: [Entry]
    /// The client's goal weight in kg, if the coach set one.
    public let goalWeight: Double?

    /// The history of `measurements` (one client's), with their goal weight.
    public init(_ measurements: [CachedEntity], goalWeight: Double? = nil) {
        let dated = measurements.map { (entity: $0, date: $0[string: "date"].flatMap(CalendarDate.init)) }
            .sorted { lhs, rhs in
                let (left, right) = (lhs.date?.daysSinceEpoch ?? .min, rhs.date?.daysSinceEpoch ?? .min)
                // The same day: time-ordered ids give the order they were made in.
                return left != right ? left < right : lhs.entity.id.key < rhs.entity.id.key
            }
        let heights = dated.compactMap { item -> (id: UUID, date: CalendarDate, height: Double)? in
            guard let date = item.date, let height = item.entity.data["height"]?.doubleValue else { return nil }
            return (item.entity.id, date, height)
        }
        entries = dated.map { item in
            Entry(entity: item.entity, date: item.date, bmi: Self.bmi(of: item.entity, on: item.date, heights: heights))
        }
        self.goalWeight = goalWeight
    }

    /// The newest entry with a weight.
    public var latestWeight: Entry? { entries.last { $0.value(.weight) != nil } }

    /// What is left to reach the goal from `weight`, in kg: negative to lose, positive to gain; nil without a goal.
    public func toGoal(from weight: Double) -> Double? { goalWeight.map { $0 - weight } }

    /// The BMI of `entity`'s weight with its own height, else the height measured nearest in time to `day` (the
    /// earlier one when two are as near).
    static func bmi(
        of entity: CachedEntity, on day: CalendarDate?, heights: [(id: UUID, date: CalendarDate, height: Double)]
    ) -> BMIReading? {
        guard let weight = entity.data["weight"]?.doubleValue, let day else { return nil }
        if let own = heights.first(where: { $0.id == entity.id }) {
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
