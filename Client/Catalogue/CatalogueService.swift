import Foundation
import GorillaShared

/// What every kind of the catalogue shares: unique names, renaming, and deleting by the kind's ``DeleteRule``.
public struct CatalogueService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// The cleaned name, refused when another live row of `kind` already has it (the server checks too).
    func freeName(_ cache: LocalCache, _ kind: EntityKind, _ name: String, except: UUID? = nil) throws -> String {
        guard let clean = Validation.cleanName(name) else {
            throw ClientError(.usage, CataloguePhrases.nameInvalid.t())
        }
        let key = NameMatch.key(clean)
        if let other = try cache.entities(kind).first(where: { NameMatch.key($0.name) == key && $0.id != except }) {
            let taken = kind.catalogue(.machineNameTaken, .exerciseNameTaken, .trainingNameTaken)
            throw ClientError(.usage, taken.t(["name": other.name]))
        }
        return clean
    }

    /// `gorilla machines|exercises|trainings rename NAME NEW`.
    public func rename(_ kind: EntityKind, _ name: String, to newName: String) async throws -> EntityChange {
        try context.require(.update, kind)
        let cache = try context.cache()
        let entity = try NameResolver(cache: cache).resolve(kind, name)
        let clean = try freeName(cache, kind, newName, except: entity.id)
        try await context.change(cache, kind, entity: entity.id, action: .update, fields: ["name": .string(clean)])
        return try EntityChange(kind, .renamed(from: entity.name), name: clean, id: entity.id, in: cache)
    }

    /// `gorilla machines|exercises|trainings rm NAME`: asks first (`confirmation`), once the name is found and the
    /// delete is allowed.
    public func remove(_ kind: EntityKind, _ name: String, confirmation: Confirmation) async throws -> EntityChange {
        try context.require(.delete, kind)
        let cache = try context.cache()
        let entity = try NameResolver(cache: cache).resolve(kind, name)
        try refuseWhileUsed(cache, kind, entity)
        try confirmation.require(
            kind.catalogue(.deleteMachineQuestion, .deleteExerciseQuestion, .deleteTrainingQuestion)
                .t(["name": entity.name, "id": entity.id.short]))
        try applyDeleteRule(cache, kind, entity)
        try await context.change(cache, kind, entity: entity.id, action: .delete)
        return EntityChange(
            kind, .deleted, name: entity.name, id: entity.id, entity: EntityRecord(entity, adding: ["deleted": true]))
    }

    /// Refuses, before asking, a delete that the kind's ``DeleteRule`` forbids while the row is used.
    private func refuseWhileUsed(_ cache: LocalCache, _ kind: EntityKind, _ entity: CachedEntity) throws {
        if case .refuseWhileUsed? = kind.deleteRule { try applyDeleteRule(cache, kind, entity) }
    }

    /// Applies the kind's ``DeleteRule`` to the local copy as the server will, so that the copy agrees before the
    /// next sync (or the delete is refused here with the server's words).
    private func applyDeleteRule(_ cache: LocalCache, _ kind: EntityKind, _ entity: CachedEntity) throws {
        switch kind.deleteRule {
        case .refuseWhileUsed(let by, let field)?:
            let users = try cache.entities(by).filter { $0[string: field] == entity.id.key }.map(\.name)
            if !users.isEmpty {
                // The users in the order of the server's message (`DeleteRule.inUseMessage`).
                let sorted = users.sorted { $0.lowercased() < $1.lowercased() }.joined(separator: ", ")
                throw ClientError(
                    .server, CataloguePhrases.machineInUse.t(["name": entity.name, "users": sorted]),
                    wire: WireError(code: .inUse, message: "in use"))
            }
        case .removeFromTrainings?:
            for training in try cache.entities(.training) {
                if let kept = Training.entries(training.data["exercises"]?.arrayValue ?? [], removing: entity.id) {
                    try cache.enqueue(
                        kind: EntityKind.training.rawValue, entity: training.id, action: .update,
                        fields: ["exercises": .array(kept)])
                }
            }
        case nil:
            break
        }
    }
}
