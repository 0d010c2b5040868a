import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What every kind of the catalogue shares: unique names, renaming, and deleting by the kind's ``DeleteRule``.
package struct CatalogueService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// The cleaned name, refused when another live row of `Document`'s kind already has it (the server checks too).
    func freeName<Document: CatalogueDocument>(
        _ cache: LocalCache, _ type: Document.Type, _ name: String, except: UUID? = nil
    ) throws -> String {
        guard let clean = Validation.cleanName(name) else {
            throw ClientError(.usage, CataloguePhrases.nameInvalid.t())
        }
        let key = NameMatch.key(clean)
        if let other = try cache.all(type).first(where: { NameMatch.key($0.name) == key && $0.id != except }) {
            let taken =
                Document.kind == .program
                ? ProgramPhrases.nameTaken.t(["name": other.name])
                : Document.kind.catalogue(.machineNameTaken, .exerciseNameTaken, .trainingNameTaken)
                    .t(["name": other.name])
            throw ClientError(.usage, taken)
        }
        return clean
    }

    /// `gorilla machines|exercises|trainings rename NAME NEW`.
    package func rename(_ kind: EntityKind, _ name: String, to newName: String) async throws -> EntityChange {
        switch kind {
        case .machine: try await rename(Machine.self, name, to: newName)
        case .exercise: try await rename(Exercise.self, name, to: newName)
        default: try await rename(Training.self, name, to: newName)
        }
    }

    /// `gorilla machines|exercises|trainings rm NAME`: asks first (`confirmation`), once the name is found and the
    /// delete is allowed.
    package func remove(_ kind: EntityKind, _ name: String, confirmation: Confirmation) async throws -> EntityChange {
        switch kind {
        case .machine: try await remove(Machine.self, name, confirmation: confirmation)
        case .exercise: try await remove(Exercise.self, name, confirmation: confirmation)
        default: try await remove(Training.self, name, confirmation: confirmation)
        }
    }

    private func rename<Document: CatalogueDocument>(
        _ type: Document.Type, _ name: String, to newName: String
    ) async throws -> EntityChange {
        try context.require(.update, Document.kind)
        let cache = try context.cache()
        let row = try NameResolver(cache: cache).resolve(type, name)
        var renamed = row.value
        renamed.name = try freeName(cache, type, newName, except: row.id)
        try await context.update(cache, row.id, to: renamed)
        return try EntityChange(type, .renamed(from: row.name), name: renamed.name, id: row.id, in: cache)
    }

    private func remove<Document: CatalogueDocument>(
        _ type: Document.Type, _ name: String, confirmation: Confirmation
    ) async throws -> EntityChange {
        let kind = Document.kind
        try context.require(.delete, kind)
        let cache = try context.cache()
        let row = try NameResolver(cache: cache).resolve(type, name)
        try refuseWhileUsed(cache, row)
        try confirmation.require(
            kind.catalogue(.deleteMachineQuestion, .deleteExerciseQuestion, .deleteTrainingQuestion)
                .t(["name": row.name, "id": row.id.short]))
        try applyDeleteRule(cache, row)
        try await context.delete(cache, type, row.id)
        return EntityChange(
            kind, .deleted, name: row.name, id: row.id, record: DocumentRecord(row, adding: DeletedMark()))
    }

    /// Refuses, before asking, a delete that the kind's ``DeleteRule`` forbids while the row is used.
    private func refuseWhileUsed<Document: CatalogueDocument>(_ cache: LocalCache, _ row: Stored<Document>) throws {
        if case .refuseWhileUsed? = Document.kind.deleteRule { try applyDeleteRule(cache, row) }
    }

    /// Applies the kind's ``DeleteRule`` to the local copy as the server will, so that the copy agrees before the
    /// next sync (or the delete is refused here with the server's words).
    private func applyDeleteRule<Document: CatalogueDocument>(_ cache: LocalCache, _ row: Stored<Document>) throws {
        switch Document.kind.deleteRule {
        case .refuseWhileUsed(by: .exercise, field: Exercise.CodingKeys.machine.rawValue)?:
            let users = try cache.all(Exercise.self).filter { $0.machine == row.id }.map(\.name)
            if !users.isEmpty {
                // The users in the order of the server's message (`DeleteRule.inUseMessage`).
                let sorted = users.sorted { $0.lowercased() < $1.lowercased() }.joined(separator: ", ")
                throw ClientError(
                    .server, CataloguePhrases.machineInUse.t(["name": row.name, "users": sorted]),
                    wire: WireError(code: .inUse, message: "in use"))
            }
        case .removeFromTrainings?:
            for training in try cache.all(Training.self)
            where training.exercises.contains(where: { $0.exercise == row.id }) {
                var kept = training.value
                kept.exercises.removeAll { $0.exercise == row.id }
                try cache.update(training.id, to: kept)
            }
        case .refuseWhileUsed?, nil:
            break
        }
    }
}

/// A row of the catalogue: a named document whose name the coach chooses and changes.
protocol CatalogueDocument: NamedDocument {
    var name: String { get set }
}

extension Machine: CatalogueDocument {}
extension Exercise: CatalogueDocument {}
extension Program: CatalogueDocument {}
extension Training: CatalogueDocument {}

extension EntityKind {
    /// The text of `machine`, `exercise` or `training` for a row of the catalogue of this kind (a training for any
    /// other kind).
    package func catalogue(
        _ machine: CataloguePhrases, _ exercise: CataloguePhrases, _ training: CataloguePhrases
    ) -> CataloguePhrases {
        switch self {
        case .machine: machine
        case .exercise: exercise
        default: training
        }
    }
}
