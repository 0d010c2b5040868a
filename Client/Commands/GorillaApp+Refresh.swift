import Foundation
import GorillaShared

extension GorillaApp {
    /// Runs a command; when it refuses from the local copy alone (a name this device does not know yet, a client it
    /// still thinks is unregistered) it refreshes the copy from the server and runs once more.
    ///
    /// Such refusals come before the command changes anything, so running it again is safe. Offline, the refusal
    /// stands and says that the local copy may be old.
    public func refreshingLocalRefusals(_ body: () async throws -> CommandOutput) async throws -> CommandOutput {
        do {
            return try await body()
        } catch let error as ClientError where error.fromLocalCopy {
            guard home.loadSession() != nil, home.loadConfig().server != nil else { throw error }
            let (summary, notes) = try await syncOpportunistically()
            guard summary != nil else {
                throw error.noting(
                    "this device's copy may be old: " + (notes.first ?? "the server could not be reached"))
            }
            var output = try await body()
            output.notes = notes + output.notes
            return output
        }
    }
}
