import Foundation
import GorillaClientCore
import GorillaShared

/// The names a shell completes (`gorilla --generate-completion-script`): clients, exercises, trainings and machines
/// as this device's cache holds them. Read from the cache alone — never the network — and silent: any failure (no
/// cache yet, a locked or damaged one) completes nothing.
package enum CompletionNames {
    /// What a completed argument names.
    package enum Kind: Sendable {
        case client, exercise, training, machine, program
    }

    /// The names of `kind` that begin with `prefix` (case and accents folded), sorted, each once.
    package static func names(_ kind: Kind, prefix: String = "", home: ClientHome = ClientHome()) -> [String] {
        guard FileManager.default.fileExists(atPath: home.cachePath),
            let cache = try? LocalCache.open(path: home.cachePath),
            let names = try? names(kind, in: cache)
        else { return [] }
        let folded = fold(prefix)
        return Array(Set(names.filter { !$0.isEmpty && fold($0).hasPrefix(folded) })).sorted()
    }

    /// Every name of `kind` in `cache`, removed rows left out.
    static func names(_ kind: Kind, in cache: LocalCache) throws -> [String] {
        switch kind {
        case .client: try cache.all(Client.self).compactMap(\.fullName)
        case .exercise: try cache.all(Exercise.self).map(\.name)
        case .training: try cache.all(Training.self).map(\.name)
        case .machine: try cache.all(Machine.self).map(\.name)
        case .program: try cache.all(Program.self).map(\.name)
        }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
