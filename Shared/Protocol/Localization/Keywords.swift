/// A word a person types in a command's notation (a set's type, `rest`, `group`, `sets`, a count mode, `--repeat`'s
/// value, how a series repeats and its weekdays), accepted in Catalan, Spanish and English whatever the account's
/// language.
///
/// Words are compared folded (``NameMatch/fold(_:)``): `Escalfament`, `DESCANSO`, `ÚLTIM` and `miercoles` all read.
/// The first word of each language is the one shown.
package enum Keyword: String, Sendable, CaseIterable {
    // Sets and plans (`--set`, `--plan`, `exercises --count`).
    case normal, warmup, drop, failure
    case rest, group, sets, of
    case reps, time, distance
    // `programs --progress`: "+2.5kg when all sets reach 12".
    case when
    // `train --repeat`.
    case last
    // `events --every` and `--days`.
    case day, week, month
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The words that name this keyword in `language`, the one to show first.
    package func words(in language: Language) -> [String] {
        switch (self, language) {
        case (.normal, _): ["normal"]
        case (.warmup, .ca): ["escalfament"]
        case (.warmup, .es): ["calentamiento"]
        case (.warmup, .en): ["warmup", "warm-up"]
        case (.drop, .ca): ["descendent"]
        case (.drop, .es): ["descendente"]
        case (.drop, .en): ["drop"]
        case (.failure, .ca): ["fallada"]
        case (.failure, .es): ["fallo"]
        case (.failure, .en): ["failure"]
        case (.rest, .ca): ["descans"]
        case (.rest, .es): ["descanso"]
        case (.rest, .en): ["rest"]
        case (.group, .ca): ["grup", "supersèrie"]
        case (.group, .es): ["grupo", "superserie"]
        case (.group, .en): ["group", "superset"]
        case (.reps, .ca): ["repeticions", "repetició", "rep", "reps"]
        case (.reps, .es): ["repeticiones", "repetición", "rep", "reps"]
        case (.reps, .en): ["reps", "rep"]
        case (.time, .ca): ["temps"]
        case (.time, .es): ["tiempo"]
        case (.time, .en): ["time"]
        case (.distance, .ca): ["distància"]
        case (.distance, .es): ["distancia"]
        case (.distance, .en): ["distance"]
        case (.sets, .ca): ["sèries", "sèrie"]
        case (.sets, .es): ["series", "serie"]
        case (.sets, .en): ["sets", "set"]
        case (.when, .ca): ["quan"]
        case (.when, .es): ["cuando"]
        case (.when, .en): ["when"]
        case (.of, .ca), (.of, .es): ["de"]
        case (.of, .en): ["of"]
        case (.last, .ca): ["últim", "última"]
        case (.last, .es): ["último", "última"]
        case (.last, .en): ["last"]
        case (.day, .ca): ["dia", "dies", "diari"]
        case (.day, .es): ["día", "días", "diario"]
        case (.day, .en): ["day", "days", "daily", "d"]
        case (.week, .ca): ["setmana", "setmanes", "setmanal"]
        case (.week, .es): ["semana", "semanas", "semanal"]
        case (.week, .en): ["week", "weeks", "weekly", "w"]
        case (.month, .ca): ["mes", "mesos", "mensual"]
        case (.month, .es): ["mes", "meses", "mensual"]
        case (.month, .en): ["month", "months", "monthly", "m"]
        case (.monday, .ca): ["dl", "dilluns"]
        case (.monday, .es): ["lun", "lu", "lunes"]
        case (.monday, .en): ["mon", "mo", "monday"]
        case (.tuesday, .ca): ["dt", "dimarts"]
        case (.tuesday, .es): ["mar", "ma", "martes"]
        case (.tuesday, .en): ["tue", "tu", "tues", "tuesday"]
        case (.wednesday, .ca): ["dc", "dimecres"]
        case (.wednesday, .es): ["mié", "mi", "miércoles", "x"]
        case (.wednesday, .en): ["wed", "we", "wednesday"]
        case (.thursday, .ca): ["dj", "dijous"]
        case (.thursday, .es): ["jue", "ju", "jueves"]
        case (.thursday, .en): ["thu", "th", "thur", "thurs", "thursday"]
        case (.friday, .ca): ["dv", "divendres"]
        case (.friday, .es): ["vie", "vi", "viernes"]
        case (.friday, .en): ["fri", "fr", "friday"]
        case (.saturday, .ca): ["ds", "dissabte"]
        case (.saturday, .es): ["sáb", "sábado"]
        case (.saturday, .en): ["sat", "sa", "saturday"]
        case (.sunday, .ca): ["dg", "diumenge"]
        case (.sunday, .es): ["dom", "do", "domingo"]
        case (.sunday, .en): ["sun", "su", "sunday"]
        }
    }

    /// Whether `word` names this keyword in any language (accents and case aside).
    package func matches(_ word: some StringProtocol) -> Bool {
        let folded = NameMatch.fold(String(word))
        return Language.allCases.contains { language in
            words(in: language).contains { NameMatch.fold($0) == folded }
        }
    }

    /// The keyword among `candidates` that `word` names, in any language.
    package static func named(_ word: some StringProtocol, among candidates: [Keyword]) -> Keyword? {
        candidates.first { $0.matches(word) }
    }

    /// The keyword as a person of `language` is told it: their word and the English one (`descans/rest`), or the
    /// English word alone.
    package func spelled(in language: Language = .current) -> String {
        let own = words(in: language)[0]
        let english = words(in: .en)[0]
        return own == english ? english : "\(own)/\(english)"
    }

    /// `keywords` as a person of `language` is told them, joined by `separator` (`dl/mon, dt/tue, …`).
    package static func spelled(
        _ keywords: [Keyword], in language: Language = .current, separator: String = ", "
    ) -> String {
        keywords.map { $0.spelled(in: language) }.joined(separator: separator)
    }

    /// The range of the last whitespace-separated word of `text` that names this keyword, nil when none does.
    package func lastRange(in text: Substring) -> Range<Substring.Index>? {
        var end = text.endIndex
        while end > text.startIndex {
            guard let wordEnd = text[..<end].lastIndex(where: { !$0.isWhitespace }).map(text.index(after:)) else {
                return nil
            }
            let wordStart = text[..<wordEnd].lastIndex(where: \.isWhitespace).map(text.index(after:)) ?? text.startIndex
            if matches(text[wordStart..<wordEnd]) { return wordStart..<wordEnd }
            end = wordStart
        }
        return nil
    }
}

extension SetType {
    /// The keyword that names this type.
    package var keyword: Keyword {
        switch self {
        case .normal: .normal
        case .warmup: .warmup
        case .drop: .drop
        case .failure: .failure
        }
    }
}

extension CountMode {
    /// The keyword that names this mode.
    package var keyword: Keyword {
        switch self {
        case .reps: .reps
        case .time: .time
        case .distance: .distance
        }
    }

    /// The mode named by `text` in any language (`temps`, `tiempo`, `time`), nil when none is.
    package init?(typed text: String) {
        guard let mode = Self.allCases.first(where: { $0.keyword.matches(text) }) else { return nil }
        self = mode
    }
}

extension Recurrence.Frequency {
    /// The keyword that names this frequency's unit (`week` for weekly).
    package var keyword: Keyword {
        switch self {
        case .daily: .day
        case .weekly: .week
        case .monthly: .month
        }
    }
}

extension Weekday {
    /// Every weekday as a person of `language` is told it: `dl/mon, dt/tue, …, dg/sun`.
    package static func spelled(in language: Language = .current) -> String {
        Keyword.spelled(allCases.map(\.keyword), in: language)
    }

    /// The keyword that names this weekday.
    package var keyword: Keyword {
        switch self {
        case .mo: .monday
        case .tu: .tuesday
        case .we: .wednesday
        case .th: .thursday
        case .fr: .friday
        case .sa: .saturday
        case .su: .sunday
        }
    }
}
