import Foundation
import GorillaShared

extension EntityKinds {
    /// A sync conflict (``SyncConflict``): written by the server alone, when an update overwrites a value its device
    /// had not seen (``ServerStore/recordConflict``), and seen only by the account that pushed that update
    /// (a `recorder` grant of ``GorillaShared/Access/table``). No role may create, update or delete one.
    static let conflict = KindRules(
        .conflict,
        validate: { _, _ in throw ServerError(.forbidden) })
}
