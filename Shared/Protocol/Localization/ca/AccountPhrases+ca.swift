extension AccountPhrases {
    public var ca: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
