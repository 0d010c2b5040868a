import Foundation
import GorillaShared

/// Where a pushed row lives: the tenant it is filed under and the client it is about.
extension ServerStore {
    /// The tenant a new row of `kind` sending `fields` is filed under: the tenant of the client it names when the
    /// access table relates the principal to that tenant's rows about the client (a colleague of the gym the client is
    /// shared with: the rows she records are the client's coach's, who sees them by her normal pull); otherwise the
    /// principal's own, where the client must then be found.
    static func createTenant(
        _ kind: KindRules, fields: [String: JSONValue], principal: UserRecord, references: ReferenceCache,
        db: any SQLTransaction
    ) throws -> UUID {
        guard kind.scope == .client, kind.kind != .client, let client = namedClient(kind.kind, fields),
            let row = try references.row(client, in: db), row.kind == EntityKind.client.rawValue, !row.deleted,
            let tenant = UUID(uuidString: row.coachID), tenant != principal.tenantID,
            principal.relation(toNew: kind.kind, tenant: tenant, client: client) != .unrelated
        else { return principal.tenantID }
        return tenant
    }

    /// The client `fields` of a row of `kind` name (``GorillaShared/EntityKind/clientFields``), if they name one.
    static func namedClient(_ kind: EntityKind, _ fields: [String: JSONValue]) -> UUID? {
        kind.clientFields.lazy.compactMap { fields[$0]?.stringValue.flatMap(UUID.init(uuidString:)) }.first
    }

    /// The client a client-scoped row belongs to: the principal itself for a client, the named client for a coach.
    static func clientScope(kind: KindRules, document: [String: JSONValue], context: MutationContext) throws -> UUID? {
        guard kind.scope == .client else { return nil }
        if kind.kind == .client { return context.entityID }
        if context.principal.role == .client { return context.principal.id }
        guard let text = document["client"]?.stringValue, let id = UUID(uuidString: text),
            try context.liveReference(id, kind: .client) != nil
        else {
            throw ServerError(.invalidReference, "client (no such client)")
        }
        return id
    }
}
