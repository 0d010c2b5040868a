extension AccountPhrases {
    public var es: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
