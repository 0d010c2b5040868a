import Foundation

/// A figure of a body measurement (``Measurement/Measure``), by a name Foundation's `Measurement` does not shadow.
package typealias BodyMeasure = Measurement.Measure

/// A body measurement (the seed's control sessions) on a calendar day: weight in kg, body fat in %, lengths in cm.
package struct Measurement: EntityDocument {
    package static let kind = EntityKind.measurement
    /// Longest note.
    package static let maxNoteLength = 500

    /// What a measurement can hold, each with two ranges: the limits nothing beyond is stored (the server's rule) and
    /// the plausible values for an adult, beyond which the CLI asks for `--force` (a typo is likelier than a record).
    package enum Measure: String, Sendable, CaseIterable {
        case weight, height, bodyFat, neck, shoulders, chest, arm, forearm, waist, hips, thigh, calf

        /// The values that can be stored at all (kg for weight, % for body fat, cm for the rest): the server refuses
        /// anything else, forced or not.
        package var range: ClosedRange<Double> {
            switch self {
            case .weight: 1...700
            case .height: 30...300
            case .bodyFat: 1...90
            case .neck, .shoulders, .chest, .arm, .forearm, .waist, .hips, .thigh, .calf: 1...300
            }
        }

        /// The values that are plausible for an adult; the CLI refuses others unless forced.
        package var plausible: ClosedRange<Double> {
            switch self {
            case .weight: 20...400
            case .height: 100...250
            case .bodyFat: 2...70
            case .neck: 20...80
            case .shoulders: 60...200
            case .chest: 50...200
            case .arm: 15...80
            case .forearm: 10...60
            case .waist: 40...250
            case .hips: 50...250
            case .thigh: 25...120
            case .calf: 15...80
            }
        }

        /// "kg", "%" or "cm".
        package var unit: String {
            switch self {
            case .weight: "kg"
            case .bodyFat: "%"
            default: "cm"
            }
        }

        /// The words a person reads: "weight", "body fat", "neck".
        package var label: String { self == .bodyFat ? "body fat" : rawValue }

        /// The command-line option without its dashes: "weight", "body-fat".
        package var option: String { self == .bodyFat ? "body-fat" : rawValue }

        /// The measure whose field or option is `text` ("bodyFat", "body-fat", "body fat"), if any.
        package init?(named text: String) {
            let folded = text.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(
                of: " ", with: "")
            guard let measure = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }) else { return nil }
            self = measure
        }

        /// Why `value` cannot be recorded, or nil when it can: beyond ``range`` always, beyond ``plausible`` unless
        /// `forced`.
        package func problem(with value: Double, forced: Bool = false) -> Problem? {
            guard value.isFinite, range.contains(value) else {
                return Problem(measure: self, value: value, allowed: range, forceable: false)
            }
            guard forced || plausible.contains(value) else {
                return Problem(measure: self, value: value, allowed: plausible, forceable: true)
            }
            return nil
        }

        /// "72.5", "178", "18.25": a figure without trailing zeros (at most two decimals).
        package static func number(_ value: Double) -> String {
            guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
            let rounded = (value * 100).rounded() / 100
            if rounded == rounded.rounded() { return String(Int(rounded)) }
            var text = String(rounded)
            while text.hasSuffix("0") { text.removeLast() }
            return text
        }

        /// "72.5 kg", "18 %", "178 cm".
        package func format(_ value: Double) -> String { "\(Self.number(value)) \(unit)" }
    }

    /// A value that cannot be recorded for a measure.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        package let measure: Measure
        package let value: Double
        /// The range it is outside of.
        package let allowed: ClosedRange<Double>
        /// Whether the value is only implausible (stored when forced), not beyond the limits.
        package let forceable: Bool

        /// "20–400 kg".
        package var range: String {
            "\(Measure.number(allowed.lowerBound))–\(Measure.number(allowed.upperBound)) \(measure.unit)"
        }

        /// "weight 600 kg is outside the plausible range 20–400 kg", naming the measure `name` (e.g. "--weight").
        package func message(naming name: String) -> String {
            let shown = value.isFinite ? measure.format(value) : "\(value)"
            return forceable
                ? "\(name) \(shown) is outside the plausible range \(range)"
                : "\(name) \(shown) is beyond what can be recorded (\(range))"
        }

        package var description: String { message(naming: measure.label) }
    }

    /// The day it was taken.
    package var date: CalendarDate
    @WireID package var client: UUID
    package var weight: Double?
    package var height: Double?
    package var bodyFat: Double?
    package var neck: Double?
    package var shoulders: Double?
    package var chest: Double?
    package var arm: Double?
    package var forearm: Double?
    package var waist: Double?
    package var hips: Double?
    package var thigh: Double?
    package var calf: Double?
    package var note: String?
    /// Who recorded it (set by the server, see ``RecordedBy``); a document without it counts as the coach's.
    package var recordedBy: Role?

    package init(
        client: UUID, date: CalendarDate, values: [Measure: Double] = [:], note: String? = nil, recordedBy: Role? = nil
    ) {
        self.client = client
        self.date = date
        self.note = note
        self.recordedBy = recordedBy
        for (measure, value) in values { self[measure] = value }
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case client, date, weight, height, bodyFat, neck, shoulders, chest, arm, forearm, waist, hips, thigh, calf,
            note, recordedBy
    }

    /// Fields only the server writes: a mutation that sets one is refused.
    package static let serverManagedFields: Set<String> = [CodingKeys.recordedBy.rawValue]
    /// Its ids (``DocumentForms``): the client it is of.
    package static let forms = DocumentForms([CodingKeys.client: .id])

    /// The figures it holds, in the order of ``Measure``.
    package var values: [Measure: Double] {
        var values: [Measure: Double] = [:]
        for measure in Measure.allCases { values[measure] = self[measure] }
        return values
    }

    /// The value of one measure.
    package subscript(measure: Measure) -> Double? {
        get { self[keyPath: Self.keyPath(measure)] }
        set { self[keyPath: Self.keyPath(measure)] = newValue }
    }

    private static func keyPath(_ measure: Measure) -> WritableKeyPath<Measurement, Double?> {
        switch measure {
        case .weight: \.weight
        case .height: \.height
        case .bodyFat: \.bodyFat
        case .neck: \.neck
        case .shoulders: \.shoulders
        case .chest: \.chest
        case .arm: \.arm
        case .forearm: \.forearm
        case .waist: \.waist
        case .hips: \.hips
        case .thigh: \.thigh
        case .calf: \.calf
        }
    }

    /// The calendar day of a stored or pushed `date` (see ``CalendarDate/init(_:)`` for dates stored as instants).
    package static func day(of text: String?) -> CalendarDate? { text.flatMap(CalendarDate.init) }
}

extension Measurement {
    /// Reads the measurement, its client checked as the row's owner.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _client = WireID(wrappedValue: try container.decodeOwner(forKey: .client, in: decoder))
        date = try container.decode(CalendarDate.self, forKey: .date)
        for measure in Measure.allCases {
            guard let key = CodingKeys(rawValue: measure.rawValue) else { continue }
            self[measure] = try container.decodeIfPresent(Double.self, forKey: key)
        }
        note = try container.decodeIfPresent(String.self, forKey: .note)
        recordedBy = try container.decodeIfPresent(Role.self, forKey: .recordedBy)
    }
}
