import Foundation
import GRDB
import GorillaShared

extension EntityKinds {
    /// A coach's machine: a name and an optional image.
    static let machine = EntityKind(
        name: "machine", scope: .catalogue, writers: [.coach], uniqueNameField: "name",
        validate: { document, context in
            try FieldRules.only(["name", "image"], in: document)
            try FieldRules.name("name", in: &document)
            try FieldRules.image("image", in: &document, context: context)
        },
        beforeDelete: { row, context in
            // Refuse while live exercises use the machine, naming them.
            let names = try String.fetchAll(context.db, sql: """
                SELECT json_extract(data, '$.name') FROM entities
                WHERE coach_id = ? AND kind = 'exercise' AND deleted = 0 AND json_extract(data, '$.machine') = ?
                ORDER BY name_key
                """, arguments: [context.tenantID.key, row.id.key])
            if !names.isEmpty {
                throw StoreError(.inUse, "'\(row.data["name"]?.stringValue ?? "")' is used by: \(names.joined(separator: ", "))")
            }
        }
    )

    /// A coach's exercise: name, description, machine, muscle groups, count mode.
    static let exercise = EntityKind(
        name: "exercise", scope: .catalogue, writers: [.coach], uniqueNameField: "name",
        validate: { document, context in
            try FieldRules.only(["name", "description", "machine", "muscles", "count"], in: document)
            try FieldRules.name("name", in: &document)
            try FieldRules.optionalText("description", in: &document)
            try FieldRules.reference("machine", kind: "machine", in: &document, context: context)
            try FieldRules.stringList("muscles", in: &document)
            try FieldRules.oneOf("count", ["reps", "time", "distance"], fallback: "reps", in: &document)
        },
        beforeDelete: { row, context in
            // Take the exercise out of every training that lists it; the exercise stays as a tombstone.
            let trainings = try Row.fetchAll(context.db, sql: """
                SELECT * FROM entities WHERE coach_id = ? AND kind = 'training' AND deleted = 0 AND data LIKE ?
                """, arguments: [context.tenantID.key, "%\(row.id.key)%"]).map(EntityRow.init(row:))
            for var training in trainings {
                let items = training.data["exercises"]?.arrayValue ?? []
                let kept = items.filter { $0.objectValue?["exercise"]?.stringValue != row.id.key }
                guard kept.count != items.count else { continue }
                let version = try ServerStore.nextVersion(context.db)
                training.data["exercises"] = .array(kept)
                training.fieldVersions["exercises"] = version
                training.version = version
                try training.save(context.db, kind: EntityKinds.training, createdBy: context.principal.id, now: context.now)
            }
        }
    )

    /// A coach's training (routine): a name and an ordered list of exercises with optional plans.
    static let training = EntityKind(
        name: "training", scope: .catalogue, writers: [.coach], uniqueNameField: "name",
        validate: { document, context in
            try FieldRules.only(["name", "exercises", "notes"], in: document)
            try FieldRules.name("name", in: &document)
            try FieldRules.optionalText("notes", in: &document)
            guard let value = document["exercises"], !value.isNull else {
                document["exercises"] = .array([])
                return
            }
            guard let items = value.arrayValue, items.count <= 100 else {
                throw StoreError.invalid("exercises must be a list of at most 100")
            }
            var clean: [JSONValue] = []
            for item in items {
                guard var entry = item.objectValue else { throw StoreError.invalid("exercises entries must be objects") }
                try FieldRules.only(["exercise", "sets", "reps", "rest"], in: entry)
                // A reference to an exercise deleted meanwhile is dropped rather than refused.
                guard let text = entry["exercise"]?.stringValue, let id = UUID(uuidString: text) else {
                    throw StoreError(.invalidReference, "exercises.exercise")
                }
                guard let referenced = try context.reference(id, kind: "exercise") else {
                    throw StoreError(.invalidReference, "exercises.exercise (no such exercise)")
                }
                if referenced.deleted { continue }
                entry["exercise"] = .string(id.key)
                try FieldRules.number("sets", in: &entry, range: 1...100)
                try FieldRules.number("reps", in: &entry, range: 1...1000)
                try FieldRules.number("rest", in: &entry, range: 0...3600)
                clean.append(.object(entry))
            }
            document["exercises"] = .array(clean)
        }
    )
}
