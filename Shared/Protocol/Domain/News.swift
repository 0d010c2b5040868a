import Foundation

/// Who a news item is for.
package enum NewsAudience: String, Codable, Sendable, CaseIterable {
    case all, coaches, clients

    /// Whether an account of `role` receives items for this audience.
    package func includes(_ role: Role) -> Bool {
        switch self {
        case .all: true
        case .coaches: role == .coach
        case .clients: role == .client
        }
    }
}

/// A broadcast from the operator (the seed's `news` table).
package struct News: Codable, Sendable, Equatable {
    /// Longest text.
    package static let maxLength = 2000

    @WireID package var id: UUID
    package var text: String
    package var audience: NewsAudience
    package var published: Date

    package init(id: UUID, text: String, audience: NewsAudience, published: Date) {
        self.id = id
        self.text = text
        self.audience = audience
        self.published = published
    }
}
