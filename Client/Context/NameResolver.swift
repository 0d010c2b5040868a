import Foundation
import GorillaShared

/// Finds the entity a person named: the whole name with case and accents folded (``NameMatch/fold(_:)``), else an id
/// prefix or ending (or the beginning of the short id lists show), else the one name holding the text; what it cannot
/// find is an error that lists the nearest names.
struct NameResolver {
    let cache: LocalCache

    /// The live entity of `kind` named `text` in `nameField` (or whose id starts with it).
    func resolve(
        _ kind: EntityKind, _ text: String, label: String? = nil, nameField: String = "name"
    ) throws -> CachedEntity {
        try resolve(kind.rawValue, text, label: label, nameField: nameField)
    }

    /// The live entity of `kind` named `text` (or whose id starts with it).
    /// - Throws: ``ClientError`` `.notFound` or `.ambiguous`, listing candidates.
    func resolve(
        _ kind: String, _ text: String, label: String? = nil, nameField: String = "name"
    ) throws -> CachedEntity {
        try find(kind, text, label: label ?? kind, nameField: nameField, forgiving: false)
    }

    /// The live entity of `kind` that `text` names, forgiving a small typo or a beginning of the name when only one
    /// entity fits: how exercises are picked in `--set`, `--plan` and `--exercise` ("Pres de banca", "sent").
    /// - Throws: ``ClientError`` `.notFound` (with the nearest names) or `.ambiguous`.
    func pick(_ kind: EntityKind, _ text: String, label: String? = nil) throws -> CachedEntity {
        try find(kind.rawValue, text, label: label ?? kind.rawValue, nameField: "name", forgiving: true)
    }

    private func find(
        _ kind: String, _ text: String, label: String, nameField: String, forgiving: Bool
    ) throws -> CachedEntity {
        let items = try cache.entities(kind)
        func name(_ item: CachedEntity) -> String { item.data[nameField]?.stringValue ?? "" }
        let wanted = NameMatch.fold(text)
        let exact = items.filter { NameMatch.fold(name($0)) == wanted }
        if exact.count == 1 { return exact[0] }
        let hex = wanted.replacingOccurrences(of: "-", with: "")
        if hex.count >= 4, hex.allSatisfy(\.isHexDigit) {
            let byID = items.filter {
                let id = $0.id.key.replacingOccurrences(of: "-", with: "")
                return id.hasPrefix(hex) || id.hasSuffix(hex) || $0.id.short.hasPrefix(hex)
            }
            if byID.count == 1 { return byID[0] }
            if byID.count > 1 { throw ambiguous(label, text, byID, nameField) }
        }
        if exact.count > 1 { throw ambiguous(label, text, exact, nameField) }
        if forgiving, let best = NameMatch.best(text, in: items, name: name) {
            if best.items.count == 1 { return best.items[0] }
            throw ambiguous(label, text, best.items, nameField)
        }
        let similar = wanted.isEmpty ? [] : items.filter { NameMatch.fold(name($0)).contains(wanted) }
        if similar.count == 1 { return similar[0] }
        if similar.count > 1 { throw ambiguous(label, text, similar, nameField) }
        // Rows without a name (events, sessions) are named by their short id, as lists show them.
        let known = nameField == "id" ? items.map(\.id.short) : items.map(name).filter { !$0.isEmpty }
        throw Self.notFound(label, text, names: known)
    }

    /// "no exercise named 'x' (did you mean: A, B? / known: … / there are none yet)", decided from the local copy.
    /// - Parameter label: What is looked for: a kind's raw value (`exercise`), written in the current language.
    static func notFound(_ label: String, _ text: String, names: [String]) -> ClientError {
        let nearest = NameMatch.suggestions(for: text, among: names)
        let sorted = names.sorted()
        let known =
            if !nearest.isEmpty {
                AccountPhrases.didYouMean.t(["names": nearest.joined(separator: ", ")])
            } else if sorted.isEmpty {
                AccountPhrases.noneYet.t()
            } else {
                AccountPhrases.knownNames.t([
                    "names": sorted.prefix(12).joined(separator: ", ") + (sorted.count > 12 ? ", …" : "")
                ])
            }
        let message =
            if let kind = EntityKind(rawValue: label) {
                AccountPhrases.noneNamed.t(["none": KindWords.none(kind), "text": text, "known": known])
            } else {
                AccountPhrases.nothingNamed.t(["label": label, "text": text, "known": known])
            }
        return ClientError(.notFound, message).decidedLocally()
    }

    private func ambiguous(
        _ label: String, _ text: String, _ matches: [CachedEntity], _ nameField: String
    ) -> ClientError {
        let list = matches.prefix(12).map { "\($0.data[nameField]?.stringValue ?? "?") (\($0.id.short))" }
        let several = EntityKind(rawValue: label).map(KindWords.several) ?? AccountPhrases.severalOf.t(["label": label])
        return ClientError(
            .ambiguous,
            AccountPhrases.matchesSeveral.t(["text": text, "several": several, "list": list.joined(separator: ", ")]))
    }
}

extension UUID {
    /// The short id lists show: the last 8 hex digits (the random end of a time-ordered v7 id).
    public var short: String { String(uuidString.lowercased().suffix(8)) }
}
