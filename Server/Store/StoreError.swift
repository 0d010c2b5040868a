import GorillaShared

/// A failure of the store layer, with a wire code and a message for the peer.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// The wire code the peer sees.
    public let code: WireErrorCode
    /// Context for the peer (a field name, the names that block a delete); no internals.
    public let detail: String?

    public init(_ code: WireErrorCode, _ detail: String? = nil) {
        self.code = code
        self.detail = detail
    }

    public var description: String { detail.map { "\(code): \($0)" } ?? "\(code)" }

    static func invalid(_ detail: String) -> StoreError { StoreError(.invalidField, detail) }
    static let notFound = StoreError(.notFound)
    static let forbidden = StoreError(.forbidden)
}
