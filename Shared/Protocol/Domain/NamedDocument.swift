import Foundation

/// A document people name and look up by name: the catalogue's rows and clients.
package protocol NamedDocument: EntityDocument {
    /// The name a person types to find it (folded by ``NameMatch/fold(_:)`` when compared).
    var lookupName: String { get }
}

extension Machine: NamedDocument {
    package var lookupName: String { name }
}

extension Exercise: NamedDocument {
    package var lookupName: String { name }
}

extension Training: NamedDocument {
    package var lookupName: String { name }
}

extension Client: NamedDocument {
    package var lookupName: String { name ?? "" }
}
