extension MessagePhrases {
    public var en: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
