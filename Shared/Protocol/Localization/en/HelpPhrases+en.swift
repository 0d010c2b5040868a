extension HelpPhrases {
    public var en: String { rawValue }
}
