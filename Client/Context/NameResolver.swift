import Foundation
import GorillaShared

/// Finds the entity a user named: an exact case-insensitive name, else an id prefix (or the short id lists show).
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
        let label = label ?? kind
        let items = try cache.entities(kind)
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        let exact = items.filter { ($0.data[nameField]?.stringValue ?? "").lowercased() == wanted }
        if exact.count == 1 { return exact[0] }
        let hex = wanted.replacingOccurrences(of: "-", with: "")
        if hex.count >= 4, hex.allSatisfy(\.isHexDigit) {
            let byID = items.filter {
                let id = $0.id.uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                return id.hasPrefix(hex) || id.hasSuffix(hex)
            }
            if byID.count == 1 { return byID[0] }
            if byID.count > 1 { throw ambiguous(label, text, byID, nameField) }
        }
        if exact.count > 1 { throw ambiguous(label, text, exact, nameField) }
        let similar = items.filter { ($0.data[nameField]?.stringValue ?? "").lowercased().contains(wanted) }
        if similar.count == 1 { return similar[0] }
        if similar.count > 1 { throw ambiguous(label, text, similar, nameField) }
        let names = items.map { $0.data[nameField]?.stringValue ?? "" }.sorted()
        let known =
            names.isEmpty
            ? "there are none yet"
            : "known: " + names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", …" : "")
        throw ClientError(.notFound, "no \(label) named '\(text)' (\(known))").decidedLocally()
    }

    private func ambiguous(
        _ label: String, _ text: String, _ matches: [CachedEntity], _ nameField: String
    ) -> ClientError {
        let list = matches.prefix(12).map { "\($0.data[nameField]?.stringValue ?? "?") (\($0.id.short))" }
        return ClientError(
            .ambiguous,
            "'\(text)' matches several \(label)s: \(list.joined(separator: ", ")); use the name in full or an id prefix"
        )
    }
}

extension UUID {
    /// The short id lists show: the last 8 hex digits (the random end of a time-ordered v7 id).
    public var short: String { String(uuidString.lowercased().suffix(8)) }
}
