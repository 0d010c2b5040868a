/// Machines, exercises, trainings (plans) and clients.
public enum CataloguePhrases: String, Phrases {
    case placeholder
}
