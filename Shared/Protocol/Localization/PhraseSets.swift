/// Every set of phrases, for the checks that keep the catalogues equal (`PhraseCatalogueTests`).
package enum PhraseSets {
    /// Each set's name and its texts' templates in every language, by case.
    package static let all: [(name: String, cases: [(key: String, ca: String, es: String, en: String)])] = [
        rows(AccountPhrases.self), rows(CataloguePhrases.self), rows(CalendarPhrases.self), rows(TrainingPhrases.self),
        rows(ProgressPhrases.self), rows(MessagePhrases.self), rows(DataPhrases.self), rows(HelpPhrases.self),
        rows(DevicePhrases.self), rows(SettingsPhrases.self), rows(ProgramPhrases.self), rows(GymPhrases.self),
        rows(GymRolePhrases.self), rows(SharePhrases.self), rows(WebPhrases.self), rows(WebPagePhrases.self),
    ]

    private static func rows<Set: Phrases & RawRepresentable<String>>(
        _ set: Set.Type
    )
        -> (name: String, cases: [(key: String, ca: String, es: String, en: String)])
    {
        ("\(set)", set.allCases.map { ($0.rawValue, $0.ca, $0.es, $0.en) })
    }

    /// Each set's name and the limits its texts may name (``Phrases/limits(in:)``), in English.
    package static let limits: [(name: String, values: [String: any Sendable])] = [
        ("\(AccountPhrases.self)", AccountPhrases.limits(in: .en)),
        ("\(CataloguePhrases.self)", CataloguePhrases.limits(in: .en)),
        ("\(CalendarPhrases.self)", CalendarPhrases.limits(in: .en)),
        ("\(TrainingPhrases.self)", TrainingPhrases.limits(in: .en)),
        ("\(ProgressPhrases.self)", ProgressPhrases.limits(in: .en)),
        ("\(ProgramPhrases.self)", ProgramPhrases.limits(in: .en)),
    ]
}
