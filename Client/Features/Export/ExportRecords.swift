import Foundation
import GorillaClientCore
import GorillaShared

/// What the export adds to a row of a client's data: the client's display name.
struct ClientNamed: Encodable, Sendable {
    let clientName: String?
}

/// What the export adds to a client: `removed` for one the coach removed.
struct Removed: Encodable, Sendable {
    let removed: Bool?
}

/// What the export adds to a session: its client's and training's names.
struct SessionNames: Encodable, Sendable {
    let clientName: String?
    let trainingName: String?
}

/// A session as `sessions.json` holds it: its document (every set numbered from 1, `position`, as the server stores
/// them), its `clientName` and `trainingName`.
typealias ExportedSession = DocumentRecord<TrainingSession, SessionNames>

extension DocumentRecord where Document == TrainingSession, Extra == SessionNames {
    /// The session `row` with its client's and training's names.
    init(_ row: Stored<TrainingSession>, clientName: String?, trainingName: String?) {
        self.init(row, adding: SessionNames(clientName: clientName, trainingName: trainingName))
    }
}
