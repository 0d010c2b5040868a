extension ProgressPhrases {
    public var ca: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
