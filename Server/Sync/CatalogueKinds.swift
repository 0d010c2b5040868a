import Foundation
import GorillaShared

extension EntityKinds {
    /// A coach's machine: a name and an optional image.
    static let machine = KindRules(
        Machine.self,
        check: { machine, context in
            machine = try machine.normalised()
            try context.requireImage(machine.image, field: "image")
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
                let name = (try? Machine(document: row.data))?.name ?? ""
                throw ServerError(.inUse, DeleteRule.inUseMessage(name: name, users: names))
            }
        }
    )

    /// A coach's exercise: name, description, machine (her own or her gym's), muscle groups, count mode.
    static let exercise = KindRules(
        Exercise.self,
        check: { exercise, context in
            exercise = try exercise.normalised()
            // Her own machine, or one of her gym's library: a machine the table lets her read.
            try context.requireReadable(exercise.machine, .machine, field: "machine")
        },
        beforeDelete: { row, context in
            guard EntityKind.exercise.deleteRule == .removeFromTrainings else { return }
            // Take the exercise out of every training that lists it; the exercise stays as a tombstone.
            let trainings = try context.db.fetchAll(sql: """
                    SELECT * FROM entities WHERE coach_id = ? AND kind = 'training' AND deleted = 0 AND data LIKE ?
                    """, arguments: [context.tenantID.key, "%\(row.id.key)%"]
            ).map(EntityRow.init(row:))
            for var stored in trainings {
                guard var training = try? Training(document: stored.data) else { continue }
                let count = training.exercises.count
                training.exercises.removeAll { $0.exercise == row.id }
                if training.exercises.count == count { continue }
                stored.replaceDocument(with: training.storedDocument, version: try ServerStore.nextVersion(context.db))
                try stored.save(
                    context.db, kind: .training, createdBy: context.principal.id, now: context.now)
                context.references.forget(stored.id)  // a later mutation of the push reads it again
            }
        }
    )

    /// A coach's training (routine): a name and an ordered list of exercises with optional plans. An entry naming an
    /// exercise deleted meanwhile is dropped rather than refused.
    static let training = KindRules(
        Training.self,
        check: { training, context in
            training = try training.normalised()
            training.exercises = try training.exercises.filter { entry in
                guard let referenced = try context.reference(entry.exercise, kind: .exercise) else {
                    throw ServerError(.invalidReference, "exercises.exercise (no such exercise)")
                }
                return !referenced.deleted
            }
        }
    )
}
