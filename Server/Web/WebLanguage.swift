import Foundation
import GorillaShared
import Hummingbird

/// The language of a page: the account's own once signed in, else the browser's first choice of ours.
enum WebLanguage {
    /// The first language of `Accept-Language` (by its `q` weights) that the catalogue has; English when none.
    static func preferred(_ request: Request) -> Language {
        preferred(acceptLanguage: request.headers[.acceptLanguage] ?? "")
    }

    /// The first language of an `Accept-Language` value (`ca-ES,ca;q=0.9,en;q=0.5`) that the catalogue has.
    static func preferred(acceptLanguage: String) -> Language {
        var choices: [(language: Language, weight: Double, position: Int)] = []
        for (position, item) in acceptLanguage.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, let primary = tag.split(separator: "-").first,
                let language = Language(rawValue: primary.lowercased())
            else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            if weight > 0 { choices.append((language, weight, position)) }
        }
        let best = choices.min { ($0.weight, -$0.position) > ($1.weight, -$1.position) }
        return best?.language ?? .en
    }
}
