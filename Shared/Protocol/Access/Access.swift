import Foundation

/// Who may create, read, update and delete each synced kind and each of its fields, by role and relation: the one
/// declaration of the access rules, enforced by the server's store and consulted by the CLI (``Access/table``).
package enum Access {
    /// What an account does with a row.
    package enum Action: String, Codable, Sendable, CaseIterable {
        case create, read, update, delete
    }

    /// How an account stands to a row (a new row: to the row it would create).
    ///
    /// Gyms add relations here (a gym's library, a client shared with a coach), not flags on the rules.
    package enum Relation: String, Codable, Sendable, CaseIterable {
        /// The account's own row: a coach's catalogue and her own conflicts; a client's rows about themselves.
        case own
        /// A coach's row about one of her clients.
        case ownClient
        /// A client's view of their coach's row (the catalogue).
        case coach
        /// A row of the library of the gym the coach works in (a published exercise or training, a gym's machine), as
        /// a coach of that gym sees it.
        case gym
        /// A row of the library of the gym the coach runs (as an owner or an admin).
        case managedGym
        /// A row about a client their coach shares with the account, a colleague of the same gym (`gym.share`): the
        /// share is live (before its end, both coaches still in the gym).
        case sharedClient
        /// A row of the catalogue of a colleague of the gym who shares a client with the account (`gym.share`, while the
        /// share is live): read-only, so that what she records for that client may name it.
        case sharingCoach
        /// Any other row: another tenant's, another client's of the same coach.
        case unrelated
    }

    /// What must also hold of the row for a grant to apply.
    package enum Condition: String, Codable, Sendable {
        /// Nothing more.
        case always
        /// The account created the row (an unfinished session's draft, a sync conflict). A create always holds it.
        case recorder
        /// The row is addressed to the account (a message's `to`).
        case recipient
        /// The account sent the row or it is addressed to it (a message): each coach of a client reads and writes only
        /// her own conversation with them. A create always holds it (the sender is one of the two).
        case party
        /// The row was recorded by an account of the same role (`recordedBy`: a client's self-logged session).
        case recordedBySameRole
    }

    /// The fields an update (or a create) under a grant may send.
    package enum Fields: Sendable, Equatable {
        /// Any field the kind has (less the server's and the fixed ones, which ``KindAccess`` names).
        case any
        /// Only these.
        case only(Set<String>)
        /// All but these.
        case except(Set<String>)

        /// Whether `fields` are all allowed.
        package func allow(_ fields: Set<String>) -> Bool {
            switch self {
            case .any: true
            case .only(let allowed): fields.isSubset(of: allowed)
            case .except(let refused): fields.isDisjoint(with: refused)
            }
        }

        /// Whether `field` is allowed.
        package func allow(_ field: String) -> Bool { allow([field]) }
    }

    /// One line of the table: an account of `role`, standing in `relation` to a row, may do `actions` with it when
    /// `condition` holds, sending `fields`.
    package struct Grant: Sendable {
        package let role: Role
        package let relation: Relation
        package let actions: Set<Action>
        package let condition: Condition
        package let fields: Fields

        package init(
            _ role: Role, _ relation: Relation, _ actions: Set<Action>, when condition: Condition = .always,
            fields: Fields = .any
        ) {
            self.role = role
            self.relation = relation
            self.actions = actions
            self.condition = condition
            self.fields = fields
        }
    }

    /// The access rules of one kind: its grants, and the fields that differ from the rest.
    package struct KindAccess: Sendable {
        /// Everything allowed; what no grant names is refused.
        package let grants: [Grant]
        /// Fields only some relations read (the coach's private notes on a client), with the relations that read them.
        package let privateFields: [String: Set<Relation>]
        /// Fields only the server writes: a mutation that sets one is refused, whoever sends it.
        package let serverManagedFields: Set<String>
        /// Fields an update may not set: they stay as the row was created.
        package let fixedFields: Set<String>

        package init(
            _ grants: [Grant], privateFields: [String: Set<Relation>] = [:], serverManagedFields: Set<String> = [],
            fixedFields: Set<String> = []
        ) {
            self.grants = grants
            self.privateFields = privateFields
            self.serverManagedFields = serverManagedFields
            self.fixedFields = fixedFields
        }
    }

    /// What the store knows of a stored row when it asks (a new row has none).
    package struct RowFacts: Sendable {
        /// The account asking created the row.
        package var createdByAccount: Bool
        /// The row is addressed to the account asking.
        package var addressedToAccount: Bool
        /// The role that recorded the row (`recordedBy`), if it says.
        package var recordedBy: Role?

        package init(createdByAccount: Bool, addressedToAccount: Bool = false, recordedBy: Role? = nil) {
            self.createdByAccount = createdByAccount
            self.addressedToAccount = addressedToAccount
            self.recordedBy = recordedBy
        }
    }
}
