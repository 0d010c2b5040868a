import Foundation
import GorillaShared

extension Role {
    /// Whether an account of this role keeps clients: the access table lets it create client records (a coach).
    /// Results are worded from this side (your clients) or from the other (your coach).
    package var keepsClients: Bool { Access.may(.create, .client, as: self) }
}
