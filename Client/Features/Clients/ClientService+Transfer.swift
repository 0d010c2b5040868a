import Foundation
import GorillaClientCore
import GorillaShared

extension ClientService {
    /// `gorilla clients transfer C --to USER`: hands the client over, with their history, to another coach of the
    /// gym (`gym.transfer`; the server checks both are its members). This device then pulls what changed: the copies
    /// of the exercises and trainings the client's history names, made in the receiving coach's catalogue, are
    /// theirs, not this coach's.
    package func transfer(_ name: String, to coach: String) async throws -> GymTransfer {
        try context.require(.update, .client, CataloguePhrases.coachesRemoveClients.t())
        let cache = try context.cache()
        let client = try ClientDirectory(cache: cache).client(name, for: .writing(.transfer))
        let transfer = try await context.withServer { connection in
            try await connection.request(
                .gymTransfer, GymTransferBody(client: client.id, to: coach), as: GymTransfer.self)
        }
        // The pull drops the client's rows from this device, and its note says so.
        _ = await context.syncOpportunistically()
        return transfer
    }
}
