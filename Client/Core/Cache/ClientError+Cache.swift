import Foundation
import GRDB
import GorillaShared

extension ClientError {
    /// A failure to write the local cache at `path` as one line in the user's language, status 73 (`.local`): a full
    /// disk says so and what to do, any other SQLite failure says what it was; nil for errors that are not the
    /// cache's. A command that fails this way saved nothing: its transaction was rolled back and its journal line
    /// taken back (``LocalCache/enqueue(kind:entity:action:fields:)``).
    package static func cacheFailure(_ error: any Error, path: String) -> ClientError? {
        guard let error = error as? DatabaseError else { return nil }
        if error.resultCode == .SQLITE_FULL {
            return ClientError(.local, DevicePhrases.diskFull.t(["path": path]))
        }
        let reason = error.message ?? "SQLite \(error.resultCode.rawValue)"
        return ClientError(.local, DevicePhrases.cacheNotWritten.t(["path": path, "reason": reason]))
    }
}
