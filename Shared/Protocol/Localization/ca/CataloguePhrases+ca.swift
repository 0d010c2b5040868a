extension CataloguePhrases {
    public var ca: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
