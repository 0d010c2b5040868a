extension TrainingPhrases {
    public var es: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
