extension TrainingPhrases {
    public var ca: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
