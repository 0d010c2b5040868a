extension MessagePhrases {
    public var ca: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
