/// A word a person types in a command's notation (a set's type, `rest`, `group`, a count mode), accepted in Catalan, Spanish and
/// English whatever the account's language.
///
/// Words are compared folded (``NameMatch/fold(_:)``): `Escalfament`, `DESCANSO` and `fallada` all read.
public enum Keyword: String, Sendable, CaseIterable {
    case normal, warmup, drop, failure
    case rest, group
    case reps, time, distance

    /// The words that name this keyword in `language`, the one to show first.
    public func words(in language: Language) -> [String] {
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
        case (.reps, .ca): ["repeticions"]
        case (.reps, .es): ["repeticiones"]
        case (.reps, .en): ["reps"]
        case (.time, .ca): ["temps"]
        case (.time, .es): ["tiempo"]
        case (.time, .en): ["time"]
        case (.distance, .ca): ["distància"]
        case (.distance, .es): ["distancia"]
        case (.distance, .en): ["distance"]
        }
    }

    /// Whether `word` names this keyword in any language (accents and case aside).
    public func matches(_ word: some StringProtocol) -> Bool {
        let folded = NameMatch.fold(String(word))
        return Language.allCases.contains { language in
            words(in: language).contains { NameMatch.fold($0) == folded }
        }
    }

    /// The keyword among `candidates` that `word` names, in any language.
    public static func named(_ word: some StringProtocol, among candidates: [Keyword]) -> Keyword? {
        candidates.first { $0.matches(word) }
    }

    /// The keyword as a person of `language` is told it: their word and the English one (`descans/rest`), or the
    /// English word alone.
    public func spelled(in language: Language = .current) -> String {
        let own = words(in: language)[0]
        let english = words(in: .en)[0]
        return own == english ? english : "\(own)/\(english)"
    }

    /// The range of the last whitespace-separated word of `text` that names this keyword, nil when none does.
    public func lastRange(in text: Substring) -> Range<Substring.Index>? {
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
    public var keyword: Keyword {
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
    public var keyword: Keyword {
        switch self {
        case .reps: .reps
        case .time: .time
        case .distance: .distance
        }
    }

    /// The mode named by `text` in any language (`temps`, `tiempo`, `time`), nil when none is.
    public init?(typed text: String) {
        guard let mode = Self.allCases.first(where: { $0.keyword.matches(text) }) else { return nil }
        self = mode
    }
}
