extension DataPhrases {
    public var ca: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
