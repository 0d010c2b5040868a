import Foundation
import GorillaShared

extension EntityKinds {
    /// The gym an appointment names (`gymID`): only the gym its coach belongs to, whose name it then carries (`gym`).
    ///
    /// An update that leaves the gym as the row already names it is not asked again: a coach who has since left the
    /// gym still edits the appointment, which keeps naming the gym as history does (the gym's calendar shows only its
    /// current members' appointments).
    /// - Throws: ``ServerError`` `invalidReference` for a gym the coach is not a member of.
    static func gym(_ event: inout Event.Exception, context: MutationContext) throws {
        guard let id = event.gymID else { return }
        if !context.creating, let row = try context.references.existing(context.entityID, in: context.db),
            row.data[Event.CodingKeys.gymID.rawValue]?.stringValue == id.key
        {
            return
        }
        guard let membership = try ServerStore.membership(context.db, of: context.tenantID), membership.gymID == id
        else {
            throw ServerError(.invalidReference, "gymID (only the coach's own gym)")
        }
        event.gym = membership.gymName
    }
}
