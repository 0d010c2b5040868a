import Foundation
import GorillaShared

extension NameResolver {
    /// The machine `text` names among the coach's own and those of her gym's library (`gym` true for one of the
    /// gym's): a whole name of her own wins a tie with the gym's; else the gym's one of that name, or of that name and
    /// the library's mark ("Leg press (gym)"); else what `find` finds among both, the gym's marked in the candidates.
    /// - Throws: ``ClientError`` `.notFound` or `.ambiguous`, listing candidates.
    package func machine(_ text: String) throws -> (machine: Stored<Machine>, gym: Bool) {
        let own = try cache.all(Machine.self)
        let library = try cache.library(Machine.self)
        let wanted = NameMatch.fold(text)
        for (rows, gym) in [(own, false), (library, true)] {
            let exact = rows.filter { NameMatch.fold($0.value.lookupName) == wanted }
            if exact.count == 1 { return (exact[0], gym) }
            if exact.count > 1 { break }
        }
        // The gym's written with its mark, as the candidates list them: how a coach picks it over her own.
        let marked = library.filter { NameMatch.fold(Self.marked($0)) == wanted }
        if marked.count == 1 { return (marked[0], true) }
        return try Self.find(
            own.map { ($0, false) } + library.map { ($0, true) }, text, label: EntityKind.machine.rawValue,
            id: { $0.0.id }, name: { $0.0.value.lookupName },
            shown: { $0.1 ? Self.marked($0.0) : $0.0.value.lookupName })
    }

    /// A machine of the gym's library as lists write it: its name and the library's mark.
    private static func marked(_ machine: Stored<Machine>) -> String {
        "\(machine.value.lookupName) \(GymPhrases.libraryMark.t())"
    }
}
