extension DataPhrases {
    public var es: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
