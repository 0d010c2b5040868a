extension HelpPhrases {
    public var es: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
