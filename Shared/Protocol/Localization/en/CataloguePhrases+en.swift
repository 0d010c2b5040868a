extension CataloguePhrases {
    public var en: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
