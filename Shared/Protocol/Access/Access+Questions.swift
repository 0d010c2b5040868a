import Foundation

extension Access {
    /// The access rules of `kind`.
    package static func rules(_ kind: EntityKind) -> KindAccess {
        // Every kind has an entry (`PermissionMatrixTests` checks each); a missing one grants nothing.
        table[kind] ?? KindAccess([])
    }

    /// Whether an account of `role` in `relation` may do `action` with rows of `kind` sending `fields`, at least on
    /// some rows (a condition such as ``Condition/recipient`` may still refuse a given row).
    package static func may(
        _ action: Action, _ kind: EntityKind, as role: Role, relation: Relation, fields: Set<String> = []
    ) -> Bool {
        !conditions(action, kind, as: role, relation: relation, fields: fields).isEmpty
    }

    /// Whether an account of `role` may do `action` with rows of `kind` sending `fields`, in the relation it has to
    /// the rows it writes (``newRowRelation(_:as:)``): the CLI's question before it queues a change.
    package static func may(_ action: Action, _ kind: EntityKind, as role: Role, fields: Set<String> = []) -> Bool {
        may(action, kind, as: role, relation: newRowRelation(kind, as: role), fields: fields)
    }

    /// Whether an account of `role` in `relation` may do `action` on a row of `kind` (`row` nil for a create),
    /// sending `fields`.
    package static func allows(
        _ action: Action, _ kind: EntityKind, as role: Role, relation: Relation, fields: Set<String> = [],
        row: RowFacts? = nil
    ) -> Bool {
        rules(kind).grants.contains { grant in
            grant.role == role && grant.relation == relation && grant.actions.contains(action)
                && grant.fields.allow(fields) && holds(grant.condition, as: role, row: row)
        }
    }

    /// The conditions under which an account of `role` in `relation` may do `action` on `kind` sending `fields`
    /// (empty: never).
    package static func conditions(
        _ action: Action, _ kind: EntityKind, as role: Role, relation: Relation, fields: Set<String> = []
    ) -> Set<Condition> {
        Set(
            rules(kind).grants.filter {
                $0.role == role && $0.relation == relation && $0.actions.contains(action) && $0.fields.allow(fields)
            }.map(\.condition))
    }

    /// The fields of `kind` an account in `relation` does not receive (the coach's private notes, for the client).
    package static func hiddenFields(_ kind: EntityKind, from relation: Relation) -> Set<String> {
        Set(rules(kind).privateFields.filter { !$0.value.contains(relation) }.keys)
    }

    /// The fields of `kind` an account in `relation` receives.
    package static func visibleFields(_ kind: EntityKind, to relation: Relation) -> Set<String> {
        kind.fields.subtracting(hiddenFields(kind, from: relation))
    }

    /// How an account (`account`, of `role`, in tenant `tenant`, in the gym `gym` when a coach of one, with the
    /// clients `shared` with it live, by the coaches `sharing`) stands to a row of `kind` in `rowTenant` that belongs
    /// to the client `rowClient` (nil: to the coach or the gym).
    package static func relation(
        account: UUID, role: Role, tenant: UUID, gym: (id: UUID, role: GymRole)? = nil, shared: Set<UUID> = [],
        sharing: Set<UUID> = [], to kind: EntityKind, rowTenant: UUID, rowClient: UUID?
    ) -> Relation {
        if let gym, rowTenant == gym.id, role == .coach, kind.scope == .catalogue { return libraryRelation(gym.role) }
        if role == .coach, rowTenant != tenant, kind.scope == .catalogue, sharing.contains(rowTenant) {
            return .sharingCoach
        }
        if role == .coach, rowTenant != tenant, kind.scope == .client, let rowClient, shared.contains(rowClient) {
            return .sharedClient
        }
        guard rowTenant == tenant else { return .unrelated }
        switch role {
        case .coach: return kind.scope == .catalogue || rowClient == nil ? .own : .ownClient
        case .client:
            if kind.scope == .catalogue { return .coach }
            return rowClient == account ? .own : .unrelated
        }
    }

    /// How an account of `role` stands to a row of `kind` it creates: a coach's catalogue is her own, her other
    /// rows are about her clients; a client's rows are about themselves, and the catalogue is their coach's.
    package static func newRowRelation(_ kind: EntityKind, as role: Role) -> Relation {
        switch (role, kind.scope) {
        case (.coach, .catalogue): .own
        case (.coach, .client): .ownClient
        case (.client, .catalogue): .coach
        case (.client, .client): .own
        }
    }

    /// The kinds whose rows an account of `role` reads in `relation` only when `condition` holds for every row.
    package static func kindsRead(as role: Role, relation: Relation, only condition: Condition) -> [EntityKind] {
        EntityKind.allCases.filter { kind in
            let conditions = rules(kind).grants.filter {
                $0.role == role && $0.relation == relation && $0.actions.contains(.read)
            }.map(\.condition)
            return !conditions.isEmpty && conditions.allSatisfy { $0 == condition }
        }
    }

    /// Whether `condition` holds of `row` for an account of `role` (a new row holds only ``Condition/recorder`` and
    /// ``Condition/party``).
    private static func holds(_ condition: Condition, as role: Role, row: RowFacts?) -> Bool {
        switch condition {
        case .always: true
        case .recorder: row?.createdByAccount ?? true
        case .recipient: row?.addressedToAccount ?? false
        case .party: row.map { $0.createdByAccount || $0.addressedToAccount } ?? true
        case .recordedBySameRole: row.map { $0.recordedBy == role } ?? false
        }
    }
}
