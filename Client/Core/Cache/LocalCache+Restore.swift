import Foundation
import GorillaShared

// A conflict names the member it is about by its name (``GorillaShared/SyncConflict/field``): restoring it reads and
// writes that member of the row as the cache holds it, here at the cache's boundary.

extension LocalCache {
    /// Whether the row `conflict` is about holds, in the conflict's member, the value the conflict replaced; nil when
    /// the row is gone or deleted.
    package func holdsReplacedValue(_ conflict: SyncConflict) throws -> Bool? {
        guard let row = try entity(conflict.entity), !row.deleted else { return nil }
        return row.data[conflict.field] == conflict.replaced.value
    }

    /// Queues the update that sets the conflict's member back to the value it replaced (null when it had none).
    package func queueRestore(_ conflict: SyncConflict) throws -> Mutation {
        try enqueue(
            kind: conflict.section, entity: conflict.entity, action: .update,
            fields: [conflict.field: conflict.replaced.value ?? .null])
    }
}
