extension HelpPhrases {
    public var en: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
