import Foundation
import GorillaShared

extension Role {
    /// Whether an account of this role keeps clients: the access table lets it create client records (a coach).
    /// Results are worded from this side (your clients) or from the other (your coach).
    package var keepsClients: Bool { Access.may(.create, .client, as: self) }
}

extension Viewer {
    /// Whether the viewer keeps clients (``GorillaShared/Role/keepsClients``); false before login.
    package var keepsClients: Bool { role?.keepsClients ?? false }

    /// Whether the viewer may do `action` with the rows of `kind` they write (``GorillaShared/Access``); false
    /// before login.
    package func may(_ action: Access.Action, _ kind: EntityKind, relation: Access.Relation? = nil) -> Bool {
        guard let role else { return false }
        return Access.may(action, kind, as: role, relation: relation ?? Access.newRowRelation(kind, as: role))
    }
}
