extension ProgressPhrases {
    public var en: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
