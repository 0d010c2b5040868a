import Foundation

/// A coach's machine: a name and an optional image.
package struct Machine: EntityDocument {
    package static let kind = EntityKind.machine

    package var name: String
    /// The SHA-256 of an uploaded image (`media.put`).
    package var image: String?

    package init(name: String, image: String? = nil) {
        self.name = name
        self.image = image
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case name, image
    }

    package static let forms = DocumentForms.none
}
