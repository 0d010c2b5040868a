import Foundation
import GorillaShared

/// Finds the entity a person named: the whole name with case and accents folded (``NameMatch/fold(_:)``), else an id
/// prefix or ending (or the beginning of the short id lists show), else the one name holding the text; what it cannot
/// find is an error that lists the nearest names.
package struct NameResolver {
    let cache: LocalCache

    package init(cache: LocalCache) {
        self.cache = cache
    }

    /// The one item of `items` that `text` names (see the type's summary).
    package static func find<Item>(
        _ items: [Item], _ text: String, label: String, id: (Item) -> UUID, name: (Item) -> String,
        namedByID: Bool = false, forgiving: Bool = false, shown: ((Item) -> String)? = nil
    ) throws -> Item {
        // How an item is written in a list of candidates (its name, or `shown`: marked as the gym's).
        func written(_ item: Item) -> String { shown?(item) ?? name(item) }
        func ambiguous(_ matches: [Item]) -> ClientError {
            Self.ambiguous(label, text, matches.map { (written($0), id($0)) })
        }
        let wanted = NameMatch.fold(text)
        let exact = items.filter { NameMatch.fold(name($0)) == wanted }
        if exact.count == 1 { return exact[0] }
        let hex = wanted.replacingOccurrences(of: "-", with: "")
        if hex.count >= 4, hex.allSatisfy(\.isHexDigit) {
            let byID = items.filter {
                let key = id($0).key.replacingOccurrences(of: "-", with: "")
                return key.hasPrefix(hex) || key.hasSuffix(hex) || id($0).short.hasPrefix(hex)
            }
            if byID.count == 1 { return byID[0] }
            if byID.count > 1 { throw ambiguous(byID) }
        }
        if exact.count > 1 { throw ambiguous(exact) }
        if forgiving, let best = NameMatch.best(text, in: items, name: name) {
            if best.items.count == 1 { return best.items[0] }
            throw ambiguous(best.items)
        }
        let similar = wanted.isEmpty ? [] : items.filter { NameMatch.fold(name($0)).contains(wanted) }
        if similar.count == 1 { return similar[0] }
        if similar.count > 1 { throw ambiguous(similar) }
        // Rows without a name (events, sessions) are named by their short id, as lists show them.
        let known = namedByID ? items.map { id($0).short } : items.map(written).filter { !$0.isEmpty }
        throw Self.notFound(label, text, names: known)
    }

    /// "no exercise named 'x' (did you mean: A, B? / known: … / there are none yet)", decided from the local copy.
    /// - Parameter label: What is looked for: a kind's raw value (`exercise`), written in the current language.
    package static func notFound(_ label: String, _ text: String, names: [String]) -> ClientError {
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

    private static func ambiguous(_ label: String, _ text: String, _ matches: [(name: String, id: UUID)]) -> ClientError
    {
        let list = matches.prefix(12).map { "\($0.name.isEmpty ? "?" : $0.name) (\($0.id.short))" }
        let several = EntityKind(rawValue: label).map(KindWords.several) ?? AccountPhrases.severalOf.t(["label": label])
        return ClientError(
            .ambiguous,
            AccountPhrases.matchesSeveral.t(["text": text, "several": several, "list": list.joined(separator: ", ")]))
    }
}

extension NameResolver {
    /// The live row of `Document`'s kind named `text` (or whose id starts with it).
    /// - Throws: ``ClientError`` `.notFound` or `.ambiguous`, listing candidates.
    package func resolve<Document: NamedDocument>(
        _ type: Document.Type, _ text: String, label: String? = nil
    ) throws -> Stored<Document> {
        try Self.find(
            cache.all(type), text, label: label ?? Document.kind.rawValue, id: \.id, name: \.value.lookupName)
    }

    /// The live row of `Document`'s kind that `text` names, forgiving a small typo or a beginning of the name when
    /// only one row fits (see ``pick(_:_:label:)``).
    package func pick<Document: NamedDocument>(
        _ type: Document.Type, _ text: String, label: String? = nil
    ) throws -> Stored<Document> {
        try Self.pick(from: [cache.all(type)], text, label: label)
    }

    /// The row of the first of `lists` that `text` names as ``pick(_:_:label:)`` finds it: a later list is asked only
    /// when the earlier ones have no such name (the coach's own catalogue before another's); the error is the first
    /// list's, with its suggestions.
    package static func pick<Document: NamedDocument>(
        from lists: [[Stored<Document>]], _ text: String, label: String? = nil
    ) throws -> Stored<Document> {
        var first: ClientError?
        for items in lists {
            do {
                return try find(
                    items, text, label: label ?? Document.kind.rawValue, id: \.id, name: \.value.lookupName,
                    forgiving: true)
            } catch let error as ClientError where error.kind == .notFound {
                first = first ?? error
            }
        }
        throw first ?? notFound(label ?? Document.kind.rawValue, text, names: [])
    }

    /// The live row of `Document`'s kind (events, sessions: rows without a name) whose id `text` starts or ends with,
    /// or whose short id it is.
    package func resolve<Document: EntityDocument>(
        _ type: Document.Type, id text: String, label: String? = nil
    ) throws -> Stored<Document> {
        try Self.find(
            cache.all(type), text, label: label ?? Document.kind.rawValue, id: \.id, name: { _ in "" },
            namedByID: true)
    }
}

extension UUID {
    /// The short id lists show: the last 8 hex digits (the random end of a time-ordered v7 id).
    package var short: String { String(uuidString.lowercased().suffix(8)) }
}
