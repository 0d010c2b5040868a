extension CalendarPhrases {
    public var es: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
