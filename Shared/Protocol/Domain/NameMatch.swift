import Foundation

/// How a name a person typed is matched against the names they keep (exercises, clients, trainings): case and
/// accents folded, any word of the name, and small typos forgiven. One rule for every language and every list.
package enum NameMatch {
    /// How well a typed text names a kept name; a lower value is a better match.
    package enum Quality: Int, Comparable, Sendable {
        /// The whole name, folded ("press banca" for "Press banca").
        case exact
        /// The name starts with the text ("sent" for "Sentadilla").
        case prefix
        /// A word of the name starts with the text ("ruiz" for "Marta Ruiz", "quad" for "Extensió de quàdriceps").
        case word
        /// The text is inside the name.
        case inside
        /// The whole name with a small typo ("Pres de banca" for "Press de banca").
        case typo

        package static func < (lhs: Quality, rhs: Quality) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// `text` folded for matching: trimmed, lower case, accents removed, runs of spaces made one
    /// ("  Núria " → "nuria", "Quàdriceps" → "quadriceps").
    package static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            // Catalan's middle dot: "paral·leles" is found as "paralleles".
            .replacingOccurrences(of: "·", with: "").replacingOccurrences(of: "\u{2027}", with: "")
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The one key of a name: what decides that two names are the same, for uniqueness (a coach's catalogue, stored
    /// by the server as `name_key`) and for lookup alike. It is ``fold(_:)``: "Prèss" and "press" are one name.
    package static func key(_ name: String) -> String { fold(name) }

    /// The most edits forgiven in a name of `length` characters: none below 4, one up to 7, two beyond.
    package static func typoAllowance(length: Int) -> Int {
        switch length {
        case ..<4: 0
        case 4...7: 1
        default: 2
        }
    }

    /// How well `query` names `name`, or nil when it does not.
    package static func quality(of query: String, for name: String) -> Quality? {
        let query = fold(query)
        let name = fold(name)
        guard !query.isEmpty, !name.isEmpty else { return nil }
        if name == query { return .exact }
        if name.hasPrefix(query) { return .prefix }
        let words = name.split(separator: " ")
        if words.contains(where: { $0.hasPrefix(query) }) { return .word }
        if name.contains(query) { return .inside }
        let allowance = typoAllowance(length: max(query.count, name.count))
        if allowance > 0, distance(query, name, limit: allowance) <= allowance { return .typo }
        return nil
    }

    /// Whether every word of `query` begins a word of `name`, each a different one, in any order, case and accents
    /// folded: "ruiz", "castellà puig" and "nuria puig" all name "Núria Castellà Puig". How people are found by any
    /// part of their full name.
    package static func wordsBegin(_ query: String, in name: String) -> Bool {
        let wanted = fold(query).split(separator: " ")
        var words = fold(name).split(separator: " ")
        guard !wanted.isEmpty else { return false }
        // Longer query words first, so that "mar marta" does not spend "marta" on "mar".
        for word in wanted.sorted(by: { $0.count > $1.count }) {
            guard let index = words.firstIndex(where: { $0.hasPrefix(word) }) else { return false }
            words.remove(at: index)
        }
        return true
    }

    /// The items `query` names at the best quality any of them reaches, with that quality; nil when none matches.
    package static func best<Item>(
        _ query: String, in items: [Item], name: (Item) -> String
    ) -> (quality: Quality, items: [Item])? {
        var best: Quality?
        var found: [Item] = []
        for item in items {
            guard let quality = quality(of: query, for: name(item)) else { continue }
            if best == nil || quality < best! {
                best = quality
                found = [item]
            } else if quality == best {
                found.append(item)
            }
        }
        return best.map { ($0, found) }
    }

    /// Up to `limit` names closest to `query` for a "did you mean" list, nearest first: by edits of the whole name, or
    /// of its beginning as long as the shorter of the two (one edit more), within twice the typo allowance.
    package static func suggestions(for query: String, among names: [String], limit: Int = 5) -> [String] {
        let folded = fold(query)
        guard !folded.isEmpty else { return [] }
        let scored = names.compactMap { name -> (String, Int)? in
            let target = fold(name)
            let bound = max(2, 2 * typoAllowance(length: max(folded.count, target.count)))
            let common = min(target.count, folded.count)
            let whole = distance(folded, target, limit: bound)
            // The beginnings count only when both are long enough to say something ("x" is near every name).
            let start =
                common >= 4
                ? distance(String(folded.prefix(common)), String(target.prefix(common)), limit: bound) : bound + 1
            let score = min(whole, start + 1)
            return score <= bound ? (name, score) : nil
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
    }

    /// The edits (insertions, deletions, substitutions, swaps of neighbours) between `a` and `b`, counted up to
    /// `limit + 1` (a larger distance reads as `limit + 1`).
    package static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a)
        let b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), limit + 1) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit + 1)
    }
}

extension Sequence {
    /// The elements in the one order of names: case and accents folded (``NameMatch/fold(_:)``), so that "Àlex" comes
    /// among the A's, then by `tie` (an id) where two names fold alike; each name is folded once.
    package func sortedByFoldedName(_ name: (Element) -> String, tie: (Element) -> String = { _ in "" }) -> [Element] {
        map { (key: NameMatch.fold(name($0)), tie: tie($0), element: $0) }
            .sorted { ($0.key, $0.tie) < ($1.key, $1.tie) }.map(\.element)
    }
}
