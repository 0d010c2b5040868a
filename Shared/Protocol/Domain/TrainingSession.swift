import Foundation

/// How a session was recorded.
package enum SessionMode: String, Codable, Sendable, CaseIterable {
    /// With a stopwatch: the coach marks every rep and set as it happens.
    case realtime
    /// Entered afterwards: the coach's hands were on the client.
    case handsfree

    /// The mode of a session that does not say.
    package static let `default` = SessionMode.handsfree
}

/// A recorded training session (the history): who trained, when, and the exercises performed with their sets.
package struct TrainingSession: EntityDocument {
    package static let kind = EntityKind.session
    /// Most exercises in one session.
    package static let maxExercises = 100
    /// Most revisions one session may reach (an abuse ceiling: every earlier one is kept, see docs/sync.md); a
    /// correction past it is refused with `tooManyRevisions`.
    package static let maxRevisions = 1_000
    /// Seconds any time of a session (its pauses, a set's duration or rest, a rep's time) may reach.
    package static let secondsRange: ClosedRange<Double> = 0...86_400

    package var client: UUID
    package var event: UUID?
    package var training: UUID?
    package var mode: SessionMode
    package var start: Date
    package var end: Date?
    /// Seconds spent paused.
    package var paused: Double?
    package var notes: String?
    package var exercises: [PerformedExercise]
    /// Who recorded it (set by the server); a document without it was recorded by the coach.
    package var recordedBy: Role?
    /// The username of the coach who recorded it when she is not the client's own coach (a colleague the client is
    /// shared with, set by the server); nil for the client's coach or the client.
    package var recorder: String?
    /// The revision the document is at: 1 when created, one more for every correction (set by the server).
    package var revision: Int?

    package init(
        client: UUID, event: UUID? = nil, training: UUID? = nil, mode: SessionMode = .default, start: Date,
        end: Date? = nil, paused: Double? = nil, notes: String? = nil, exercises: [PerformedExercise] = [],
        recordedBy: Role? = nil, recorder: String? = nil, revision: Int? = nil
    ) {
        self.client = client
        self.event = event
        self.training = training
        self.mode = mode
        self.start = start
        self.end = end
        self.paused = paused
        self.notes = notes
        self.exercises = exercises
        self.recordedBy = recordedBy
        self.recorder = recorder
        self.revision = revision
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case client, event, training, mode, start, end, paused, notes, exercises, recordedBy, recorder, revision
    }

    package static let forms = DocumentForms([
        CodingKeys.client: .id, .event: .id, .training: .id, .revision: .count,
        .exercises: .list(PerformedExercise.forms),
    ])

    /// Fields only the server writes: a mutation that sets one is refused.
    package static let serverManagedFields: Set<String> = [
        CodingKeys.recordedBy.rawValue, CodingKeys.recorder.rawValue, CodingKeys.revision.rawValue,
    ]
    /// Fields a correction (an update of a stored session) may change; the others stay as the session was created.
    package static let correctableFields: Set<String> = Set(
        [CodingKeys.exercises, .notes, .start, .end, .paused].map(\.rawValue))

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client = try container.decodeOwner(forKey: .client, in: decoder)
        event = try container.decodeIfPresent(UUID.self, forKey: .event)
        training = try container.decodeIfPresent(UUID.self, forKey: .training)
        mode = try container.decodeIfPresent(SessionMode.self, forKey: .mode) ?? .default
        start = try container.decode(Date.self, forKey: .start)
        end = try container.decodeIfPresent(Date.self, forKey: .end)
        paused = try container.decodeIfPresent(Double.self, forKey: .paused)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        exercises = try container.decodeIfPresent([PerformedExercise].self, forKey: .exercises) ?? []
        recordedBy = try container.decodeIfPresent(Role.self, forKey: .recordedBy)
        recorder = try container.decodeIfPresent(String.self, forKey: .recorder)
        revision = try container.decodeIfPresent(Int.self, forKey: .revision)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeID(client, forKey: .client)
        try container.encodeID(event, forKey: .event)
        try container.encodeID(training, forKey: .training)
        try container.encode(mode, forKey: .mode)
        try container.encode(start, forKey: .start)
        try container.encodeIfPresent(end, forKey: .end)
        try container.encodeIfPresent(paused.map(PerformedExercise.rounded), forKey: .paused)
        try container.encodeIfPresent(notes, forKey: .notes)
        try container.encode(exercises, forKey: .exercises)
        try container.encodeIfPresent(recordedBy, forKey: .recordedBy)
        try container.encodeIfPresent(recorder, forKey: .recorder)
        try container.encodeIfPresent(revision, forKey: .revision)
    }
}

/// The kind of a set, as the history stores it.
package enum SetType: String, Codable, Sendable, CaseIterable {
    case normal, warmup, drop, failure

    /// "Normal", "Warmup", … for text output.
    package var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The next type in the cycle normal → warmup → drop → failure → normal (the `t` key).
    package var next: SetType {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The type named by `text` as people type it: its word in any language (``Keyword``), `warm-up`, or the first
    /// letter of its English name.
    package init?(typed text: String) {
        let clean = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let named = Self.allCases.first(where: { $0.keyword.matches(clean) }) {
            self = named
        } else if let match = Self.allCases.first(where: { clean.count == 1 && $0.rawValue.hasPrefix(clean) }) {
            self = match
        } else {
            return nil
        }
    }
}

/// The unit a weight was entered in; weights are stored with their unit, never converted.
package enum WeightUnit: String, Codable, Sendable, CaseIterable {
    case kg, lb
}

/// One performed set: what the history keeps.
package struct PerformedSet: Codable, Sendable, Equatable {
    /// Repetitions a set may hold.
    package static let repsRange: ClosedRange<Double> = 0...1000
    /// The load a set may hold, in its unit.
    package static let weightRange: ClosedRange<Double> = 0...2000
    /// Most rep times a set may hold (one per repetition).
    package static var maxRepTimes: Int { Int(repsRange.upperBound) }
    /// Metres a set may cover (a distance exercise, such as a rower).
    package static let distanceRange: ClosedRange<Double> = 0...PlannedExercise.distanceRange.upperBound

    package var type: SetType
    package var reps: Int
    package var weight: Double
    package var unit: WeightUnit
    /// Seconds from the first to the end of the set (time under tension), when measured or entered.
    package var duration: Double?
    /// Seconds of rest before this set.
    package var rest: Double?
    /// Real time only: seconds from the set's start to each repetition.
    package var repTimes: [Double]?
    /// Metres covered, for a distance exercise.
    package var distance: Double?
    /// The effort reached, RPE (``Effort/performedRange``): `8x100kg @8`.
    package var rpe: Double?

    package init(
        type: SetType = .normal, reps: Int, weight: Double = 0, unit: WeightUnit = .kg,
        duration: Double? = nil, rest: Double? = nil, repTimes: [Double]? = nil, distance: Double? = nil,
        rpe: Double? = nil
    ) {
        self.type = type
        self.reps = reps
        self.weight = weight
        self.unit = unit
        self.duration = duration
        self.rest = rest
        self.repTimes = repTimes
        self.distance = distance
        self.rpe = rpe
    }

    /// The members of a stored set; `position` is its place in the list, written by the server.
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case position, type, reps, weight, unit, duration, rest, repTimes, distance, rpe
    }

    /// Its counts (``DocumentForms``): repetitions are a whole number (`position` is the server's to write).
    package static let forms = DocumentForms([CodingKeys.reps: .count])

    /// Every member a stored set may hold.
    package static var fieldNames: Set<String> { Set(CodingKeys.allCases.map(\.rawValue)) }

    /// Decodes with defaults, so that a file may say just `{"reps": 12, "weight": 80}`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(SetType.self, forKey: .type) ?? .normal
        reps = try container.decode(Int.self, forKey: .reps)
        weight = try container.decodeIfPresent(Double.self, forKey: .weight) ?? 0
        unit = try container.decodeIfPresent(WeightUnit.self, forKey: .unit) ?? .kg
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        rest = try container.decodeIfPresent(Double.self, forKey: .rest)
        repTimes = try container.decodeIfPresent([Double].self, forKey: .repTimes)
        distance = try container.decodeIfPresent(Double.self, forKey: .distance)
        rpe = try container.decodeIfPresent(Double.self, forKey: .rpe)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(reps, forKey: .reps)
        try container.encode(weight, forKey: .weight)
        try container.encode(unit, forKey: .unit)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(rest, forKey: .rest)
        try container.encodeIfPresent(repTimes, forKey: .repTimes)
        try container.encodeIfPresent(distance, forKey: .distance)
        try container.encodeIfPresent(rpe, forKey: .rpe)
    }
}

/// One performed exercise: a catalogue exercise (or a free name) and its sets in order.
package struct PerformedExercise: Codable, Sendable, Equatable {
    /// Most sets of one exercise in a session.
    package static let maxSets = 100

    /// The catalogue exercise, when there is one.
    package var exercise: UUID?
    /// The name at the time (kept even if the exercise is renamed or deleted).
    package var name: String
    package var sets: [PerformedSet]
    /// What a program asked of the exercise that day (``ProgramTarget``), kept beside what was done.
    package var target: ProgramTarget?

    package init(exercise: UUID? = nil, name: String, sets: [PerformedSet] = [], target: ProgramTarget? = nil) {
        self.exercise = exercise
        self.name = name
        self.sets = sets
        self.target = target
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case exercise, name, sets, target
    }

    /// Its id, its sets' counts and its target's (``DocumentForms``).
    package static let forms = DocumentForms([
        CodingKeys.exercise: .id, .sets: .list(PerformedSet.forms), .target: .object(ProgramTarget.forms),
    ])

    /// Every member a performed exercise may hold.
    package static var fieldNames: Set<String> { Set(CodingKeys.allCases.map(\.rawValue)) }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        exercise = try container.decodeIfPresent(UUID.self, forKey: .exercise)
        name = try container.decode(String.self, forKey: .name)
        sets = try container.decodeIfPresent([PerformedSet].self, forKey: .sets) ?? []
        target = try container.decodeIfPresent(ProgramTarget.self, forKey: .target)
    }

    /// Writes the sets numbered from 1 (their `position`), as a stored session holds them.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeID(exercise, forKey: .exercise)
        try container.encode(name, forKey: .name)
        let numbered = sets.enumerated().map { NumberedSet(position: $0.offset + 1, set: $0.element) }
        try container.encode(numbered, forKey: .sets)
        try container.encodeIfPresent(target, forKey: .target)
    }

    /// A set with its place in the list.
    private struct NumberedSet: Encodable {
        let position: Int
        let set: PerformedSet

        func encode(to encoder: any Encoder) throws {
            try set.encode(to: encoder)
            var container = encoder.container(keyedBy: PerformedSet.CodingKeys.self)
            try container.encode(position, forKey: .position)
        }
    }

    /// The form stored in a session document: sets numbered from 1, times to the millisecond.
    package var document: JSONValue {
        var object: [String: JSONValue] = ["name": .string(name)]
        if let exercise { object["exercise"] = .string(exercise.key) }
        object["sets"] = .array(
            sets.enumerated().map { index, set in
                var item: [String: JSONValue] = [
                    "position": .number(Double(index + 1)), "type": .string(set.type.rawValue),
                    "reps": .number(Double(set.reps)),
                    "weight": .number(set.weight), "unit": .string(set.unit.rawValue),
                ]
                if let duration = set.duration { item["duration"] = .number(Self.rounded(duration)) }
                if let rest = set.rest { item["rest"] = .number(Self.rounded(rest)) }
                if let times = set.repTimes { item["repTimes"] = .array(times.map { .number(Self.rounded($0)) }) }
                if let distance = set.distance { item["distance"] = .number(distance) }
                return .object(item)
            })
        if let target, let written = try? DocumentReader.json(target) { object["target"] = written }
        return .object(object)
    }

    /// Milliseconds are enough for a stopwatch.
    package static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// Reads an exercise back from a session document (lenient: the server validated it).
    package init(document: JSONValue) {
        let object = document.objectValue ?? [:]
        exercise = object["exercise"]?.stringValue.flatMap(UUID.init(uuidString:))
        name = object["name"]?.stringValue ?? "?"
        sets = (object["sets"]?.arrayValue ?? []).compactMap(\.objectValue).map { set in
            PerformedSet(
                type: set["type"]?.stringValue.flatMap(SetType.init(rawValue:)) ?? .normal,
                reps: set["reps"]?.intValue ?? 0, weight: set["weight"]?.doubleValue ?? 0,
                unit: set["unit"]?.stringValue.flatMap(WeightUnit.init(rawValue:)) ?? .kg,
                duration: set["duration"]?.doubleValue, rest: set["rest"]?.doubleValue,
                repTimes: set["repTimes"]?.arrayValue?.compactMap(\.doubleValue), distance: set["distance"]?.doubleValue
            )
        }
        target = object["target"].flatMap { try? $0.decode(ProgramTarget.self) }
    }
}
