/// Messages, the chat view and news.
public enum MessagePhrases: String, Phrases {
    case placeholder
}
