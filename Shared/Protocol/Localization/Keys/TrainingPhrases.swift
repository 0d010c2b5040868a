/// The train view, recording, sessions and their corrections.
public enum TrainingPhrases: String, Phrases {
    case placeholder
}
