extension DataPhrases {
    public var en: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
