import Foundation
import GorillaShared

extension EntityKinds {
    /// A finished training session (the history), recorded by the coach or by the client themselves.
    ///
    /// Corrections are updates of `exercises`, `notes`, `start`, `end` and `paused`, each a new revision (the server
    /// counts them in `revision`, up to ``TrainingSession/maxRevisions``; the change log keeps the way back to every
    /// earlier one as ``RevisionDelta``s, see ``ServerStore/sessionHistory``). The coach
    /// corrects any session of their clients; a client only the sessions they recorded (`recordedBy`). Only the coach
    /// deletes one (a tombstone).
    static let session = KindRules(
        .session,
        revisionField: TrainingSession.CodingKeys.revision.rawValue,
        validate: { document, context in
            try FieldRules.only(TrainingSession.fieldNames, in: document)
            if context.creating {
                let principal = context.principal
                if principal.role == .client {
                    // A client records their own training, never another client's.
                    if let named = document["client"], !named.isNull,
                        named.stringValue.flatMap(UUID.init(uuidString:)) != principal.id
                    {
                        throw ServerError(.forbidden, "clients record their own sessions")
                    }
                    document["client"] = .string(principal.id.key)
                }
                document[RecordedBy.field] = .string(principal.role.rawValue)
                document["revision"] = .number(1)
            }
            let client = try FieldRules.reference(
                "client", kind: .client, in: &document, context: context, required: true)
            if let event = try FieldRules.reference("event", kind: .event, in: &document, context: context),
                let row = try context.liveReference(event, kind: .event), row.clientID != client?.key
            {
                throw ServerError(.invalidReference, "event (belongs to another client)")
            }
            try historyReference("training", kind: .training, in: &document, context: context)
            try FieldRules.oneOf("mode", SessionMode.self, fallback: .default, in: &document)
            let start = try time("start", in: &document, required: true)
            if let end = try time("end", in: &document, required: false), let start, end < start {
                throw ServerError.invalid("end (before start)")
            }
            try FieldRules.number("paused", in: &document, range: TrainingSession.secondsRange)
            try FieldRules.optionalText("notes", in: &document)
            try exercises(in: &document, context: context)
        },
        canonicalCreate: canonicalSession
    )

    /// A required or optional ISO-8601 time, normalised.
    private static func time(_ field: String, in document: inout [String: JSONValue], required: Bool) throws -> Date? {
        guard let value = document[field], !value.isNull else {
            if required { throw ServerError(.missingFields, field) }
            document[field] = nil
            return nil
        }
        guard let text = value.stringValue, let date = ISOTime.parse(text) else {
            throw ServerError.invalid("\(field) (ISO-8601 time)")
        }
        document[field] = .string(ISOTime.format(date))
        return date
    }

    /// A reference to a row of the tenant that may since have been deleted: history keeps pointing at tombstones.
    private static func historyReference(
        _ field: String, kind: EntityKind, in document: inout [String: JSONValue],
        context: MutationContext
    ) throws {
        guard let value = document[field], !value.isNull else { document[field] = nil; return }
        guard let text = value.stringValue, let id = UUID(uuidString: text),
            try context.reference(id, kind: kind) != nil
        else {
            throw ServerError(.invalidReference, "\(field) (no such \(kind))")
        }
        document[field] = .string(id.key)
    }

    /// The performed exercises, in order, each with its sets.
    private static func exercises(in document: inout [String: JSONValue], context: MutationContext) throws {
        guard let value = document["exercises"], !value.isNull else { document["exercises"] = .array([]); return }
        guard let items = value.arrayValue, items.count <= TrainingSession.maxExercises else {
            throw ServerError.invalid("exercises must be a list of at most \(TrainingSession.maxExercises)")
        }
        var clean: [JSONValue] = []
        for (index, item) in items.enumerated() {
            let label = "exercises[\(index)]"
            guard var entry = item.objectValue else { throw ServerError.invalid("\(label) must be an object") }
            try FieldRules.only(PerformedExercise.fieldNames, in: entry)
            try historyReference("exercise", kind: .exercise, in: &entry, context: context)
            do { try FieldRules.name("name", in: &entry) } catch let error as ServerError {
                throw ServerError(error.code, "\(label).\(error.detail ?? "name")")
            }
            guard let sets = (entry["sets"] ?? .array([])).arrayValue, sets.count <= PerformedExercise.maxSets else {
                throw ServerError.invalid("\(label).sets must be a list of at most \(PerformedExercise.maxSets)")
            }
            entry["sets"] = .array(
                try sets.enumerated().map { position, set in
                    .object(try Self.set(set, position: position + 1, label: "\(label).sets[\(position)]"))
                })
            clean.append(.object(entry))
        }
        document["exercises"] = .array(clean)
    }

    /// One set: type, reps, weight with its unit, duration, rest before it, (real time) the time of every rep, and the
    /// metres of a distance exercise.
    private static func set(_ value: JSONValue, position: Int, label: String) throws -> [String: JSONValue] {
        guard var set = value.objectValue else { throw ServerError.invalid("\(label) must be an object") }
        do {
            try FieldRules.only(PerformedSet.fieldNames, in: set)
            try FieldRules.oneOf("type", SetType.self, fallback: .normal, in: &set)
            try FieldRules.number("reps", in: &set, range: PerformedSet.repsRange, required: true)
            try FieldRules.number("weight", in: &set, range: PerformedSet.weightRange)
            try FieldRules.oneOf("unit", WeightUnit.self, fallback: .kg, in: &set)
            try FieldRules.number("duration", in: &set, range: TrainingSession.secondsRange)
            try FieldRules.number("rest", in: &set, range: TrainingSession.secondsRange)
            try FieldRules.number("distance", in: &set, range: PerformedSet.distanceRange)
            if let times = set["repTimes"], !times.isNull {
                let seconds = TrainingSession.secondsRange
                guard let list = times.arrayValue, list.count <= PerformedSet.maxRepTimes,
                    list.allSatisfy({ $0.doubleValue.map { $0.isFinite && seconds.contains($0) } ?? false })
                else {
                    throw ServerError.invalid(
                        """
                        repTimes must be a list of at most \(PerformedSet.maxRepTimes) times \
                        from \(Int(seconds.lowerBound)) to \(Int(seconds.upperBound)) seconds
                        """)
                }
            } else {
                set["repTimes"] = nil
            }
        } catch let error as ServerError {
            throw ServerError(error.code, "\(label).\(error.detail ?? "")")
        }
        set["position"] = .number(Double(position))
        return set
    }
}
