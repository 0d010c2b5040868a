import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The gym's library from a coach's side: a machine added to it (`gorilla machines add NAME --gym`), an exercise or a
/// training published to it (`gorilla exercises|trainings publish`), and one copied from it into the coach's own
/// catalogue (`gorilla exercises|trainings copy`). The server writes the rows (in the gym's tenant, or the coach's)
/// and decides who may (``GorillaShared/Access/libraryRelation(_:)``); the device learns them by syncing.
package struct LibraryService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla machines add NAME --gym`.
    package func addMachine(_ name: String) async throws -> LibraryResult {
        guard let clean = Validation.cleanName(name) else {
            throw ClientError(.usage, CataloguePhrases.nameInvalid.t())
        }
        return try await written(.machineAdded, .gymMachine, GymMachineBody(id: UUID.v7(), name: clean))
    }

    /// `gorilla exercises|trainings|programs publish NAME`: the coach's own row, synced first so that the server has it.
    package func publish(_ kind: EntityKind, _ name: String) async throws -> LibraryResult {
        let cache = try await context.freshCache()
        let resolver = NameResolver(cache: cache)
        let id =
            switch kind {
            case .machine: try resolver.resolve(Machine.self, name).id
            case .exercise: try resolver.resolve(Exercise.self, name).id
            case .program: try resolver.resolve(Program.self, name).id
            default: try resolver.resolve(Training.self, name).id
            }
        return try await written(.published, .gymPublish, GymLibraryBody(kind: kind, id: id))
    }

    /// `gorilla exercises|trainings|programs copy NAME`: a row of the gym's library, as this device last synced it.
    package func copy(_ kind: EntityKind, _ name: String) async throws -> LibraryResult {
        let cache = try await context.freshCache()
        // No library synced: the coach is in no gym (as the server said at the last sync); say so, as the server does.
        if try cache.libraryGym() == nil, Access.mayBelongToGym(try context.session().profile.role) {
            let code = WireErrorCode.notInGym
            throw ClientError.server(WireError(code: code, message: code.message(in: .current))).decidedLocally()
        }
        let id =
            switch kind {
            case .machine: try Self.find(try cache.library(Machine.self), name, kind)
            case .exercise: try Self.find(try cache.library(Exercise.self), name, kind)
            case .program: try Self.find(try cache.library(Program.self), name, kind)
            default: try Self.find(try cache.library(Training.self), name, kind)
            }
        return try await written(.copied, .gymCopy, GymLibraryBody(kind: kind, id: id))
    }

    /// The id of the one row of `rows` that `name` names (by name as names match, or by id).
    private static func find<Document: CatalogueDocument>(
        _ rows: [Stored<Document>], _ name: String, _ kind: EntityKind
    ) throws -> UUID {
        try NameResolver.find(
            rows, name, label: KindWords.name(kind.rawValue), id: \.id, name: \.name
        ).id
    }

    /// Sends `op` with `body` for a logged-in coach, then syncs so that the rows written arrive on this device.
    private func written<Body: Codable & Sendable>(
        _ action: LibraryResult.Action, _ op: GorillaShared.Operation, _ body: Body
    ) async throws -> LibraryResult {
        guard Access.mayBelongToGym(try context.session().profile.role) else {
            throw ClientError(
                .server, GymPhrases.coachesOnly.t(), wire: WireError(code: .forbidden, message: "forbidden"))
        }
        let reply = try await context.withServer { connection in
            try await connection.request(op, body, as: GymLibraryReply.self)
        }
        await context.syncOpportunistically()
        return LibraryResult(action: action, reply: reply)
    }
}

/// `gorilla machines add --gym`, `exercises|trainings publish|copy`: what was written, the row asked for first.
package struct LibraryResult: Sendable {
    /// What the command did.
    package enum Action: Sendable { case machineAdded, published, copied }
    package let action: Action
    package let reply: GymLibraryReply

    /// What `--json` prints: `gym` (its name) and `rows`, each `kind`, `id`, `name` and `matched` (there already by
    /// that name, used as it was).
    package var jsonForm: GymLibraryReply { reply }
}
