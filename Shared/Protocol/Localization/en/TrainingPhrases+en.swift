extension TrainingPhrases {
    public var en: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
