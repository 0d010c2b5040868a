/// Exports and imports.
public enum DataPhrases: String, Phrases {
    case placeholder
}
