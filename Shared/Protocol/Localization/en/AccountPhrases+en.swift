extension AccountPhrases {
    public var en: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
