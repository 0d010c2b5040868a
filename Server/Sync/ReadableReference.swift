import Foundation
import GorillaShared

/// References to rows beyond the tenant's own: a coach's exercise done on a machine of her gym's library.
extension MutationContext {
    /// Refuses `id` unless it names a live row of `kind` that the principal may read, as the access table says of
    /// every row of its kind in the principal's relation to it (``UserRecord/mayReadEvery(_:)``): her own, or her gym's
    /// library's. A reference the stored row already holds stays (the exercise of a coach who has left the gym keeps
    /// naming its machine); `field` names the document's member and the refusal.
    func requireReadable(_ id: UUID?, _ kind: EntityKind, field: String) throws {
        guard let id else { return }
        if !creating, try references.existing(entityID, in: db)?.data[field]?.stringValue == id.key { return }
        guard let row = try references.row(id, in: db), row.kind == kind.rawValue, !row.deleted,
            principal.mayReadEvery(row)
        else { throw ServerError(.invalidReference, "\(field) (no such \(kind))") }
    }
}

extension UserRecord {
    /// Whether the access table lets this account read the row `reference` names whatever the row holds (a grant
    /// without a condition): the question a reference to it asks.
    func mayReadEvery(_ reference: EntityRow.Reference) -> Bool {
        guard let kind = EntityKind(rawValue: reference.kind), let tenant = UUID(uuidString: reference.coachID) else {
            return false
        }
        let relation = relation(
            to: kind, rowTenant: tenant, rowClient: reference.clientID.flatMap(UUID.init(uuidString:)))
        return Access.conditions(.read, kind, as: role, relation: relation).contains(.always)
    }
}
