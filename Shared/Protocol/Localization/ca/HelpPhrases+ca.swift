extension HelpPhrases {
    public var ca: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
