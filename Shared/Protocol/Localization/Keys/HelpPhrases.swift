/// Command help: abstracts, discussions and option help of every command.
public enum HelpPhrases: String, Phrases {
    case placeholder
}
