import Foundation
import GorillaShared

extension EntityKinds {
    /// A coach's machine: a name and an optional image.
    static let machine = KindRules(
        .machine,
        validate: { document, context in
            try FieldRules.only(Machine.fieldNames, in: document)
            try FieldRules.name("name", in: &document)
            try FieldRules.image("image", in: &document, context: context)
        },
        beforeDelete: { row, context in
            guard case .refuseWhileUsed(let by, let field)? = EntityKind.machine.deleteRule else { return }
            // Refused while live rows use the machine, naming them.
            let db = context.db
            let names = try db.values(
                String.self,
                sql: """
                    SELECT \(db.dialect.jsonText("data", "name")) FROM entities
                    WHERE coach_id = ? AND kind = ? AND deleted = 0 AND \(db.dialect.jsonTextOfBoundName("data")) = ?
                    """, arguments: [context.tenantID.key, by.rawValue, field, row.id.key])
            if !names.isEmpty {
                throw ServerError(
                    .inUse, DeleteRule.inUseMessage(name: row.data["name"]?.stringValue ?? "", users: names))
            }
        }
    )

    /// A coach's exercise: name, description, machine, muscle groups, count mode.
    static let exercise = KindRules(
        .exercise,
        validate: { document, context in
            try FieldRules.only(Exercise.fieldNames, in: document)
            try FieldRules.name("name", in: &document)
            try FieldRules.optionalText("description", in: &document)
            try FieldRules.reference("machine", kind: .machine, in: &document, context: context)
            try FieldRules.stringList(
                "muscles", in: &document, maxCount: Exercise.maxMuscles, maxLength: Exercise.maxMuscleLength)
            try FieldRules.oneOf("count", CountMode.self, fallback: .default, in: &document)
        },
        beforeDelete: { row, context in
            guard EntityKind.exercise.deleteRule == .removeFromTrainings else { return }
            // Take the exercise out of every training that lists it; the exercise stays as a tombstone.
            let trainings = try context.db.fetchAll(sql: """
                    SELECT * FROM entities WHERE coach_id = ? AND kind = 'training' AND deleted = 0 AND data LIKE ?
                    """, arguments: [context.tenantID.key, "%\(row.id.key)%"]
            ).map(EntityRow.init(row:))
            for var training in trainings {
                guard let kept = Training.entries(training.data["exercises"]?.arrayValue ?? [], removing: row.id) else {
                    continue
                }
                let version = try ServerStore.nextVersion(context.db)
                training.data["exercises"] = .array(kept)
                training.fieldVersions["exercises"] = version
                training.version = version
                try training.save(
                    context.db, kind: EntityKinds.training, createdBy: context.principal.id, now: context.now)
            }
        }
    )

    /// A coach's training (routine): a name and an ordered list of exercises with optional plans.
    static let training = KindRules(
        .training,
        validate: { document, context in
            try FieldRules.only(Training.fieldNames, in: document)
            try FieldRules.name("name", in: &document)
            try FieldRules.optionalText("notes", in: &document)
            guard let value = document["exercises"], !value.isNull else {
                document["exercises"] = .array([])
                return
            }
            guard let items = value.arrayValue, items.count <= Training.maxExercises else {
                throw ServerError.invalid("exercises must be a list of at most \(Training.maxExercises)")
            }
            var clean: [JSONValue] = []
            for item in items {
                guard var entry = item.objectValue else {
                    throw ServerError.invalid("exercises entries must be objects")
                }
                try FieldRules.only(PlannedExercise.fieldNames, in: entry)
                // A reference to an exercise deleted meanwhile is dropped rather than refused.
                guard let text = entry["exercise"]?.stringValue, let id = UUID(uuidString: text) else {
                    throw ServerError(.invalidReference, "exercises.exercise")
                }
                guard let referenced = try context.reference(id, kind: .exercise) else {
                    throw ServerError(.invalidReference, "exercises.exercise (no such exercise)")
                }
                if referenced.deleted { continue }
                entry["exercise"] = .string(id.key)
                try plan(&entry)
                clean.append(.object(entry))
            }
            document["exercises"] = .array(clean)
        }
    )

    /// The plan of one training entry: sets, repetitions (one target, or one per set), load, rest, time, distance.
    private static func plan(_ entry: inout [String: JSONValue]) throws {
        try FieldRules.number("sets", in: &entry, range: PlannedExercise.setsRange)
        if let reps = entry["reps"], let list = reps.arrayValue {
            let sets = entry["sets"]?.intValue
            guard !list.isEmpty, list.count <= Int(PlannedExercise.setsRange.upperBound),
                sets == nil || sets == list.count,
                list.allSatisfy({ $0.intValue.map { PlannedExercise.repsRange.contains(Double($0)) } ?? false })
            else {
                throw ServerError.invalid("reps must be a number or a list of one whole number per set")
            }
            entry["sets"] = .number(Double(list.count))
        } else {
            try FieldRules.number("reps", in: &entry, range: PlannedExercise.repsRange)
        }
        try FieldRules.number("weight", in: &entry, range: PerformedSet.weightRange)
        try FieldRules.oneOf("unit", WeightUnit.self, fallback: entry["weight"] == nil ? nil : .kg, in: &entry)
        try FieldRules.number("rest", in: &entry, range: PlannedExercise.restRange)
        try FieldRules.number("duration", in: &entry, range: PlannedExercise.durationRange)
        try FieldRules.number("distance", in: &entry, range: PlannedExercise.distanceRange)
        try FieldRules.optionalText("group", in: &entry, max: PlannedExercise.maxGroupLength, multiline: false)
    }
}
