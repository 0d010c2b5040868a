extension MessagePhrases {
    public var es: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
