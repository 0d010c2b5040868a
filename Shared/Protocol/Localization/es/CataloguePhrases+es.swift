extension CataloguePhrases {
    public var es: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
