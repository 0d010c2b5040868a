extension HelpPhrases {
    package var en: String { rawValue }
}
