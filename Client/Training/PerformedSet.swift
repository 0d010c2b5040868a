import Foundation
import GorillaShared

/// The kind of a set, as the history stores it.
public enum SetType: String, Codable, Sendable, CaseIterable {
    case normal, warmup, drop, failure

    /// "Normal", "Warmup", … for text output.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The next type in the cycle normal → warmup → drop → failure → normal (the `t` key).
    public var next: SetType {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// The unit a weight was entered in; weights are stored with their unit, never converted.
public enum WeightUnit: String, Codable, Sendable {
    case kg, lb
}

/// One performed set: what the history keeps.
public struct PerformedSet: Codable, Sendable, Equatable {
    public var type: SetType
    public var reps: Int
    public var weight: Double
    public var unit: WeightUnit
    /// Seconds from the first to the end of the set (time under tension), when measured or entered.
    public var duration: Double?
    /// Seconds of rest before this set.
    public var rest: Double?
    /// Real time only: seconds from the set's start to each repetition.
    public var repTimes: [Double]?

    public init(type: SetType = .normal, reps: Int, weight: Double = 0, unit: WeightUnit = .kg,
                duration: Double? = nil, rest: Double? = nil, repTimes: [Double]? = nil) {
        self.type = type
        self.reps = reps
        self.weight = weight
        self.unit = unit
        self.duration = duration
        self.rest = rest
        self.repTimes = repTimes
    }

    enum CodingKeys: String, CodingKey {
        case type, reps, weight, unit, duration, rest, repTimes
    }

    /// Decodes with defaults, so that a file may say just `{"reps": 12, "weight": 80}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(SetType.self, forKey: .type) ?? .normal
        reps = try container.decode(Int.self, forKey: .reps)
        weight = try container.decodeIfPresent(Double.self, forKey: .weight) ?? 0
        unit = try container.decodeIfPresent(WeightUnit.self, forKey: .unit) ?? .kg
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        rest = try container.decodeIfPresent(Double.self, forKey: .rest)
        repTimes = try container.decodeIfPresent([Double].self, forKey: .repTimes)
    }
}

/// One performed exercise: a catalogue exercise (or a free name) and its sets in order.
public struct PerformedExercise: Codable, Sendable, Equatable {
    /// The catalogue exercise, when there is one.
    public var exercise: UUID?
    /// The name at the time (kept even if the exercise is renamed or deleted).
    public var name: String
    public var sets: [PerformedSet]

    public init(exercise: UUID? = nil, name: String, sets: [PerformedSet] = []) {
        self.exercise = exercise
        self.name = name
        self.sets = sets
    }

    /// The form stored in a session document.
    var document: JSONValue {
        var object: [String: JSONValue] = ["name": .string(name)]
        if let exercise { object["exercise"] = .string(exercise.uuidString.lowercased()) }
        object["sets"] = .array(sets.enumerated().map { index, set in
            var item: [String: JSONValue] = [
                "position": .number(Double(index + 1)), "type": .string(set.type.rawValue), "reps": .number(Double(set.reps)),
                "weight": .number(set.weight), "unit": .string(set.unit.rawValue),
            ]
            if let duration = set.duration { item["duration"] = .number(Self.rounded(duration)) }
            if let rest = set.rest { item["rest"] = .number(Self.rounded(rest)) }
            if let times = set.repTimes { item["repTimes"] = .array(times.map { .number(Self.rounded($0)) }) }
            return .object(item)
        })
        return .object(object)
    }

    /// Milliseconds are enough for a stopwatch.
    static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// Reads an exercise back from a session document (lenient: the server validated it).
    init(document: JSONValue) {
        let object = document.objectValue ?? [:]
        exercise = object["exercise"]?.stringValue.flatMap(UUID.init(uuidString:))
        name = object["name"]?.stringValue ?? "?"
        sets = (object["sets"]?.arrayValue ?? []).compactMap(\.objectValue).map { set in
            PerformedSet(type: set["type"]?.stringValue.flatMap(SetType.init(rawValue:)) ?? .normal,
                         reps: set["reps"]?.intValue ?? 0, weight: set["weight"]?.doubleValue ?? 0,
                         unit: set["unit"]?.stringValue.flatMap(WeightUnit.init(rawValue:)) ?? .kg,
                         duration: set["duration"]?.doubleValue, rest: set["rest"]?.doubleValue,
                         repTimes: set["repTimes"]?.arrayValue?.compactMap(\.doubleValue))
        }
    }
}

/// Number formatting for weights and times: no trailing ".0".
enum Numbers {
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.2f", value)
            .replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }

    /// "1:05.3" / "42.0 s" for a stopwatch.
    static func clock(_ seconds: Double) -> String {
        let s = max(0, seconds)
        let minutes = Int(s) / 60
        let rest = s - Double(minutes * 60)
        return minutes > 0 ? String(format: "%d:%04.1f", minutes, rest) : String(format: "%.1f s", rest)
    }
}
