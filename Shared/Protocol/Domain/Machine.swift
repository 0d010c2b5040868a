import Foundation

/// A coach's machine: a name and an optional image.
public struct Machine: EntityDocument {
    public static let kind = EntityKind.machine

    public var name: String
    /// The SHA-256 of an uploaded image (`media.put`).
    public var image: String?

    public init(name: String, image: String? = nil) {
        self.name = name
        self.image = image
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, image
    }

    public static let forms = DocumentForms.none
}
