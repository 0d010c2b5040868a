import Foundation

/// A document people name and look up by name: the catalogue's rows and clients.
public protocol NamedDocument: EntityDocument {
    /// The name a person types to find it (folded by ``NameMatch/fold(_:)`` when compared).
    var lookupName: String { get }
}

extension Machine: NamedDocument {
    public var lookupName: String { name }
}

extension Exercise: NamedDocument {
    public var lookupName: String { name }
}

extension Training: NamedDocument {
    public var lookupName: String { name }
}

extension Client: NamedDocument {
    public var lookupName: String { name ?? "" }
}
