import Foundation

/// A body measurement (the seed's control sessions): weight in kg, lengths in cm.
public struct Measurement: EntityDocument {
    public static let kind = EntityKind.measurement
    /// Longest note.
    public static let maxNoteLength = 500

    /// What a measurement can hold, with the range accepted for each.
    public enum Measure: String, Sendable, CaseIterable {
        case weight, height, waist, chest, arm, thigh

        /// The accepted values (kg for weight, cm for the rest).
        public var range: ClosedRange<Double> {
            switch self {
            case .weight: 1...500
            case .height: 30...300
            case .waist, .chest, .arm, .thigh: 1...300
            }
        }

        /// "kg" or "cm".
        public var unit: String { self == .weight ? "kg" : "cm" }
    }

    public var client: UUID
    public var date: Date
    public var weight: Double?
    public var height: Double?
    public var waist: Double?
    public var chest: Double?
    public var arm: Double?
    public var thigh: Double?
    public var note: String?

    public init(client: UUID, date: Date, values: [Measure: Double] = [:], note: String? = nil) {
        self.client = client
        self.date = date
        self.note = note
        for (measure, value) in values { self[measure] = value }
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case client, date, weight, height, waist, chest, arm, thigh, note
    }

    /// The value of one measure.
    public subscript(measure: Measure) -> Double? {
        get {
            switch measure {
            case .weight: weight
            case .height: height
            case .waist: waist
            case .chest: chest
            case .arm: arm
            case .thigh: thigh
            }
        }
        set {
            switch measure {
            case .weight: weight = newValue
            case .height: height = newValue
            case .waist: waist = newValue
            case .chest: chest = newValue
            case .arm: arm = newValue
            case .thigh: thigh = newValue
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeID(client, forKey: .client)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(weight, forKey: .weight)
        try container.encodeIfPresent(height, forKey: .height)
        try container.encodeIfPresent(waist, forKey: .waist)
        try container.encodeIfPresent(chest, forKey: .chest)
        try container.encodeIfPresent(arm, forKey: .arm)
        try container.encodeIfPresent(thigh, forKey: .thigh)
        try container.encodeIfPresent(note, forKey: .note)
    }
}
