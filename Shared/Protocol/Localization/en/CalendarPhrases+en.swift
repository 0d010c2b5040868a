extension CalendarPhrases {
    public var en: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
