import Foundation
import GorillaShared

/// The gym's library: machines that belong to the gym, exercises and trainings published to it as read-only
/// templates, and copies of them in a coach's own catalogue (`gym.machine`, `gym.publish`, `gym.copy`).
///
/// The library's rows have the gym as their tenant (`entities.coach_id` is the gym's id). Who reads and adds to them
/// is the access table's `gym` and `managedGym` relations (``GorillaShared/Access/libraryRelation(_:)``), checked
/// here and in every push, with the membership read in the request's own transaction.
extension ServerStore {
    /// `principal` with its gym and role, and the clients shared with it at `now` and their coaches, as `db` sees them
    /// (a client, or a coach in no gym, has none).
    static func withGym(_ db: any SQLTransaction, _ principal: UserRecord, now: Date = Date()) throws -> UserRecord {
        guard Access.mayBelongToGym(principal.role) else { return principal }
        var principal = principal
        principal.gym = try membership(db, of: principal.id)
        if principal.gym != nil {
            (principal.sharedClients, principal.sharingCoaches) = try sharedClients(db, with: principal.id, now: now)
        }
        return principal
    }

    /// The gym whose library `principal` reads as `db` sees it now (a coach of a gym), or nil.
    static func libraryGym(_ db: any SQLTransaction, _ principal: UserRecord) throws -> UUID? {
        guard Access.mayBelongToGym(principal.role) else { return nil }
        return try db.value(
            String.self, sql: "SELECT gym_id FROM gym_members WHERE account_id = ?", arguments: [principal.id.key]
        ).flatMap(UUID.init(uuidString:))
    }

    /// `gym.machine`: a machine named `name` in the library of `principal`'s gym (owners and admins).
    package func addGymMachine(
        _ principal: UserRecord, id: UUID?, name: String, now: Date
    ) async throws -> GymLibraryReply {
        let machine: Machine
        do { machine = try Machine(name: name).normalised() } catch { throw ServerError(error) }
        return try await write { db in
            let membership = try Self.librarian(db, principal, for: .gymMachine, creating: .machine)
            let id = id ?? UUID()
            if try EntityRow.reference(db, id: id) != nil { throw ServerError.invalid("id already exists") }
            let version = try Self.nextVersion(db)
            let row = EntityRow(
                id: id, kind: EntityKind.machine.rawValue, coachID: membership.gymID, clientID: nil,
                data: machine.document, fieldVersions: machine.document.mapValues { _ in version }, version: version,
                deleted: false)
            try row.save(db, kind: .machine, createdBy: principal.id, now: now)
            return GymLibraryReply(
                gym: membership.gymName, rows: [.init(kind: .machine, id: id, name: machine.name, matched: false)])
        }
    }

    /// `gym.publish`: the coach's own exercise or training (or machine) `id` copied into her gym's library, with what
    /// it uses (owners and admins).
    package func publishToGym(
        _ principal: UserRecord, kind: EntityKind, id: UUID, now: Date
    ) async throws -> GymLibraryReply {
        try await write { db in
            let membership = try Self.librarian(db, principal, for: .gymPublish, creating: kind)
            var copy = CatalogueCopy(db, from: principal.tenantID, to: membership.gymID, by: principal.id, now: now)
            _ = try copy.copy(kind, id)
            return GymLibraryReply(gym: membership.gymName, rows: copy.rows)
        }
    }

    /// `gym.copy`: the library's row `id` copied into the coach's own catalogue, with what it uses (any member).
    package func copyFromGym(
        _ principal: UserRecord, kind: EntityKind, id: UUID, now: Date
    ) async throws -> GymLibraryReply {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymCopy)
            let principal = try Self.withGym(db, principal)
            guard let row = try EntityRow.fetch(db, id: id), row.coachID == membership.gymID,
                principal.mayRead(row)
            else { throw ServerError.notFound }
            guard principal.mayCreate(kind, fields: kind.fields) else { throw ServerError.forbidden }
            var copy = CatalogueCopy(db, from: membership.gymID, to: principal.tenantID, by: principal.id, now: now)
            _ = try copy.copy(kind, id)
            return GymLibraryReply(gym: membership.gymName, rows: copy.rows)
        }
    }

    /// The membership of `principal` when it may run `op` and the access table lets its relation to the library
    /// create rows of `kind`.
    private static func librarian(
        _ db: any SQLTransaction, _ principal: UserRecord, for op: GorillaShared.Operation, creating kind: EntityKind
    ) throws -> GymMembership {
        let membership = try member(db, principal, for: op)
        guard kind.scope == .catalogue else { throw ServerError.invalid("kind") }
        guard
            Access.allows(
                .create, kind, as: principal.role, relation: Access.libraryRelation(membership.role),
                fields: kind.fields)
        else { throw ServerError.forbidden }
        return membership
    }
}
