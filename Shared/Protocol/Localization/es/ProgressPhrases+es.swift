extension ProgressPhrases {
    public var es: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
