import Foundation

/// A coach's training (routine): a name and an ordered list of exercises, each with an optional plan.
package struct Training: EntityDocument {
    package static let kind = EntityKind.training
    /// Most exercises a training lists.
    package static let maxExercises = 100

    package var name: String
    package var notes: String?
    package var exercises: [PlannedExercise]

    package init(name: String, notes: String? = nil, exercises: [PlannedExercise] = []) {
        self.name = name
        self.notes = notes
        self.exercises = exercises
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case name, notes, exercises
    }

    package static let forms = DocumentForms([CodingKeys.exercises: .list(PlannedExercise.forms)])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        exercises = try container.decodeIfPresent([PlannedExercise].self, forKey: .exercises) ?? []
    }

    /// The entries left once `exercise` is deleted (``DeleteRule/removeFromTrainings``), or nil if it was not listed.
    package static func entries(_ entries: [JSONValue], removing exercise: UUID) -> [JSONValue]? {
        let key = exercise.key
        let kept = entries.filter { $0.objectValue?["exercise"]?.stringValue != key }
        return kept.count == entries.count ? nil : kept
    }
}

/// One exercise of a training, with its plan: how many sets, and per set the target repetitions (or time, or
/// distance), load and the rest after it. A coach writes it as on paper: `4x12@80kg rest 90s`.
package struct PlannedExercise: Codable, Sendable, Equatable {
    /// Planned sets.
    package static let setsRange: ClosedRange<Double> = 1...100
    /// Planned repetitions per set.
    package static let repsRange: ClosedRange<Double> = 1...1000
    /// Planned rest between sets, in seconds.
    package static let restRange: ClosedRange<Double> = 0...3600
    /// Planned time of a set, in seconds.
    package static let durationRange: ClosedRange<Double> = 1...86_400
    /// Planned distance of a set, in metres.
    package static let distanceRange: ClosedRange<Double> = 1...1_000_000

    /// Repetitions: the same for every set, or one target per set (`12,10,8`).
    package enum Reps: Codable, Sendable, Equatable {
        case uniform(Int)
        case perSet([Int])

        /// The target of set `index` (0-based).
        package func target(ofSet index: Int) -> Int {
            switch self {
            case .uniform(let reps): reps
            case .perSet(let list): list.isEmpty ? 0 : list[min(index, list.count - 1)]
            }
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let reps = try? container.decode(Int.self) {
                self = .uniform(reps)
            } else {
                self = .perSet(try container.decode([Int].self))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .uniform(let reps): try container.encode(reps)
            case .perSet(let list): try container.encode(list)
            }
        }
    }

    @WireID package var exercise: UUID
    package var sets: Int?
    package var reps: Reps?
    /// The load of each set, in ``unit``.
    package var weight: Double?
    package var unit: WeightUnit?
    /// Seconds of rest between sets.
    package var rest: Double?
    /// Seconds a timed set lasts (a plank).
    package var duration: Double?
    /// Metres a distance set covers (a rower).
    package var distance: Double?
    /// Exercises of a training with the same group are done together, one set of each in turn (a superset, or a
    /// circuit of more than two): `A`, `B1`.
    package var group: String?
    /// The effort the sets are planned at, RPE (``Effort/plannedRange``): `3x8@RPE8`; `3x8 RIR2` is RPE 8.
    package var rpe: Double?

    package init(
        exercise: UUID, sets: Int? = nil, reps: Reps? = nil, weight: Double? = nil, unit: WeightUnit? = nil,
        rest: Double? = nil, duration: Double? = nil, distance: Double? = nil, group: String? = nil,
        rpe: Double? = nil
    ) {
        self.exercise = exercise
        self.sets = sets
        self.reps = reps
        self.weight = weight
        self.unit = unit
        self.rest = rest
        self.duration = duration
        self.distance = distance
        self.group = group
        self.rpe = rpe
    }

    /// Characters a group's label may hold.
    package static let maxGroupLength = 10

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case exercise, sets, reps, weight, unit, rest, duration, distance, group, rpe
    }

    /// The entry's id and counts (``DocumentForms``): planned sets and repetitions are whole numbers.
    package static let forms = DocumentForms([CodingKeys.exercise: .id, .sets: .count, .reps: .counts])

    /// Every member an entry may hold.
    package static var fieldNames: Set<String> { Set(CodingKeys.allCases.map(\.rawValue)) }

    /// Whether the entry plans anything beyond naming the exercise.
    package var hasPlan: Bool {
        sets != nil || reps != nil || weight != nil || rest != nil || duration != nil || distance != nil
            || group != nil || rpe != nil
    }

    /// How many sets the plan asks for, when it says.
    package var plannedSets: Int? {
        if case .perSet(let list)? = reps { return list.count }
        return sets ?? ((reps != nil || duration != nil || distance != nil) ? 1 : nil)
    }

    /// The plan in the coach's notation: `4x12@80kg rest 90s`, `12,10,8@80kg`, `3x45s`, `1x2000m`, `3x8@RPE8`.
    package var notation: String {
        var text = ""
        switch reps {
        case .perSet(let list)?: text = list.map(String.init).joined(separator: ",")
        case .uniform(let reps)?: text = "\(sets ?? 1)x\(reps)"
        case nil:
            if let duration {
                text = "\(sets ?? 1)x\(Self.seconds(duration))"
            } else if let distance {
                text = "\(sets ?? 1)x\(Self.number(distance))m"
            } else if let sets {
                text = "\(sets) sets"
            }
        }
        if let weight { text += "@\(Self.number(weight))\((unit ?? .kg).rawValue)" }
        if let rpe { text += (weight == nil ? "@" : " ") + "RPE\(Effort.text(rpe))" }
        if let rest { text += (text.isEmpty ? "" : " ") + "rest \(Self.seconds(rest))" }
        if let group { text += (text.isEmpty ? "" : " ") + "group \(group)" }
        return text
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func seconds(_ value: Double) -> String {
        let whole = Int(value.rounded())
        return whole >= 60 && whole % 60 == 0 ? "\(whole / 60)min" : "\(number(value))s"
    }
}
