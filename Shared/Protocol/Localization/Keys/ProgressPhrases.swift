/// Statistics, charts and body measurements.
public enum ProgressPhrases: String, Phrases {
    case placeholder
}
