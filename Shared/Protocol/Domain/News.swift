import Foundation

/// Who a news item is for.
public enum NewsAudience: String, Codable, Sendable, CaseIterable {
    case all, coaches, clients

    /// Whether an account of `role` receives items for this audience.
    public func includes(_ role: Role) -> Bool {
        switch self {
        case .all: true
        case .coaches: role == .coach
        case .clients: role == .client
        }
    }
}

/// A broadcast from the operator (the seed's `news` table).
public struct News: Codable, Sendable, Equatable {
    /// Longest text.
    public static let maxLength = 2000

    @WireID public var id: UUID
    public var text: String
    public var audience: NewsAudience
    public var published: Date

    public init(id: UUID, text: String, audience: NewsAudience, published: Date) {
        self.id = id
        self.text = text
        self.audience = audience
        self.published = published
    }
}
