extension CalendarPhrases {
    public var ca: String {
        switch self {
        case .placeholder: "·"
        }
    }
}
