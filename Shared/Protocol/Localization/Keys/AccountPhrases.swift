/// Accounts, login and registration, the profile, the overview, connecting, syncing and the errors every command may give.
public enum AccountPhrases: String, Phrases {
    case placeholder
}
